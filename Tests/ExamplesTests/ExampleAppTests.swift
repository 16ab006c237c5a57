#if os(Linux)
import AppleListStandIns
import FetchedResults
import FetchedResultsDataSource
import Foundation
import Persistence
import PlumeExamples
import Testing

/// The examples run as an app would run them, against the strict
/// stand-ins: the UIKit photo list, the AppKit table and the SwiftUI model.
@MainActor
@Suite struct ExampleAppTests {
    static func withStore(_ body: (PhotoStore, String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("photos.sqlite").path
        let store = try PhotoStore(path: path)
        try store.add(Photo(name: "Tram", album: "Lisbon", rating: 4))
        try store.add(Photo(name: "Sunset", album: "Lisbon", rating: 5, isFavorite: true))
        try store.add(Photo(name: "Bridge", album: "Porto", rating: 3))
        try await body(store, path)
        try store.database.close()
    }

    /// Polls until `condition` holds (the controller delivers on the main
    /// actor, after the commit).
    static func eventually(_ condition: () -> Bool) async throws -> Bool {
        var rounds = 0
        while !condition(), rounds < 1_000 {
            try await Task.sleep(for: .milliseconds(2))
            rounds += 1
        }
        return condition()
    }

    @Test func thePhotoListShowsAlbumsWithTwoKindsOfCellAndDeletesOnSwipe() async throws {
        try await Self.withStore { store, path in
            let photos = PhotosViewController(store: store)
            photos.loadViewIfNeeded()
            try await photos.loading?.value
            let table: UITableView = photos.tableView
            #expect(table.displayedHeaderTitles == ["Lisbon", "Porto"])
            #expect(table.displayedCells.map { $0.map { $0.textLabel?.text ?? "" } } == [["♥ Sunset", "Tram"], ["Bridge"]])
            #expect(table.displayedCells.map { $0.map(\.reuseIdentifier) } == [["Favorite", "Photo"], ["Photo"]])
            #expect(table.displayedCells[0][0] is FavoriteCell)
            #expect(photos.title == "3 photos")

            #expect(table.simulateSwipeToDelete(at: IndexPath(row: 1, section: 0)))
            #expect(try await Self.eventually { table.displayedCells.joined().count == 2 })
            #expect(table.displayedCells.map { $0.map { $0.textLabel?.text ?? "" } } == [["♥ Sunset"], ["Bridge"]])

            // Another connection's commit reaches the list too.
            let other = try DatabaseQueue(path: path)
            try await other.write { db in _ = try Photo(name: "Castle", album: "Sintra", rating: 2).insert(db) }
            try other.close()
            #expect(try await Self.eventually { table.displayedHeaderTitles == ["Lisbon", "Porto", "Sintra"] })
            // The delegate (the view controller, on the main actor) heard of it.
            #expect(try await Self.eventually { photos.title == "3 photos" })
            #expect(table.exceptions.isEmpty, "\(table.exceptions.map(\.reason))")
        }
    }

    @Test func theDiffablePhotoListReconfiguresRenamedPhotosAndReloadsNewFavorites() async throws {
        try await Self.withStore { store, _ in
            let photos = DiffablePhotosViewController(store: store)
            photos.loadViewIfNeeded()
            try await photos.loading?.value
            let table: UITableView = photos.tableView
            let text = { table.displayedCells.map { $0.map { $0.textLabel?.text ?? "" } } }
            #expect(text() == [["♥ Sunset", "Tram"], ["Bridge"]])
            #expect(photos.adapter?.diffableDataSource.snapshot().sectionIdentifiers == ["Lisbon", "Porto"])
            let tram = table.displayedCells[0][1]
            try await store.database.write { db in try db.execute(sql: "UPDATE photo SET name = 'Tram 28' WHERE name = 'Tram'") }
            #expect(try await Self.eventually { text() == [["♥ Sunset", "Tram 28"], ["Bridge"]] })
            #expect(table.displayedCells[0][1] === tram, "a renamed photo keeps its cell (reconfigured)")
            try await store.database.write { db in try db.execute(sql: "UPDATE photo SET isFavorite = 1 WHERE name = 'Bridge'") }
            #expect(try await Self.eventually { text() == [["♥ Sunset", "Tram 28"], ["♥ Bridge"]] })
            #expect(table.displayedCells[1][0] is FavoriteCell, "a new favorite gets a new kind of cell (reloaded)")
            try store.add(Photo(name: "Castle", album: "Sintra", rating: 2))
            #expect(try await Self.eventually { table.displayedHeaderTitles == ["Lisbon", "Porto", "Sintra"] })
            #expect(table.simulateSwipeToDelete(at: IndexPath(row: 0, section: 1)), "swipe to delete is offered")
            #expect(try await Self.eventually { table.displayedHeaderTitles == ["Lisbon", "Sintra"] })
            #expect(text() == [["♥ Sunset", "Tram 28"], ["Castle"]])
            #expect(table.exceptions.isEmpty, "\(table.exceptions.map(\.reason))")
        }
    }

    @Test func theAppKitTableShowsAlbumsAsGroupRows() async throws {
        try await Self.withStore { store, _ in
            let controller = PhotosTableController(store: store)
            try await controller.load()
            let table = controller.tableView
            let shown = (0..<table.numberOfRows).map { row -> String in
                let view = table.view(atColumn: 0, row: row, makeIfNecessary: false)
                if table.isShownAsGroupRow(row) { return "# \((view as? NSTextField)?.stringValue ?? "")" }
                return (view as? NSTableCellView)?.textField?.stringValue ?? "?"
            }
            #expect(shown == ["# Lisbon", "Sunset", "Tram", "# Porto", "Bridge"])
            try store.add(Photo(name: "Azulejo", album: "Lisbon", rating: 6))
            #expect(try await Self.eventually { table.numberOfRows == 6 })
            #expect(table.exceptions.isEmpty)
        }
    }

    @Test func theSwiftUIModelFollowsTheStoreAndDeletesAtOffsets() async throws {
        try await Self.withStore { store, _ in
            let model = PhotoLibraryModel(store: store)
            try await model.photos.performFetch()
            #expect(model.photos.sections.map(\.title) == ["Lisbon", "Porto"])
            try model.delete(model.photos.sections[0].objects)
            #expect(try await Self.eventually { model.photos.sections.map(\.title) == ["Porto"] })
            model.photos.stop()
        }
    }

    /// The SwiftUI view builds from the model (the stand-ins render
    /// nothing), and `@LiveFetchRequest` starts its model when SwiftUI
    /// updates it before the first `body`.
    @Test func theSwiftUIViewReadsTheModelAndTheWrapperStartsIt() async throws {
        try await Self.withStore { store, _ in
            let model = PhotoLibraryModel(store: store)
            try await model.photos.performFetch()
            _ = PhotoListView(model: model).body
            var request = LiveFetchRequest<Photo>(database: store.database, request: PhotoStore.byAlbum)
            request.update()
            let results = request.wrappedValue
            #expect(try await Self.eventually { results.snapshot.count == 3 })
            request.update()
            #expect(request.wrappedValue === results, "the same model for the view's identity")
            results.stop()
            model.photos.stop()
        }
    }

    /// Shake to undo and the edit menu's Undo and Redo act on the window's
    /// undo manager (what the view controller, once first responder,
    /// answers): a swipe to delete is undone and redone through it.
    @Test func thePhotoListUndoesASwipeToDeleteThroughTheWindowsUndoManager() async throws {
        try await Self.withStore { store, _ in
            let photos = PhotosViewController(store: store)
            photos.loadViewIfNeeded()
            try await photos.loading?.value
            photos.viewDidAppear(false)
            #expect(photos.isFirstResponder)
            let undoManager = try #require(photos.undoManager)
            let table: UITableView = photos.tableView
            let text = { table.displayedCells.map { $0.map { $0.textLabel?.text ?? "" } } }
            #expect(table.simulateSwipeToDelete(at: IndexPath(row: 1, section: 0)))
            #expect(try await Self.eventually { undoManager.undoMenuItemTitle == "Undo Delete Photo" })
            #expect(try await Self.eventually { text() == [["♥ Sunset"], ["Bridge"]] })
            undoManager.undo()   // what a shake, or Edit ▸ Undo, does
            #expect(try await Self.eventually { text() == [["♥ Sunset", "Tram"], ["Bridge"]] })
            #expect(undoManager.redoMenuItemTitle == "Redo Delete Photo")
            undoManager.redo()
            #expect(try await Self.eventually { text() == [["♥ Sunset"], ["Bridge"]] })
            #expect(undoManager.exceptions.isEmpty && table.exceptions.isEmpty)
        }
    }

    /// The SwiftUI view hands `@Environment(\.undoManager)` to the model,
    /// which offers the store's steps there.
    @Test func theSwiftUIModelUndoesDeletesThroughTheEnvironmentsUndoManager() async throws {
        try await Self.withStore { store, _ in
            let model = PhotoLibraryModel(store: store)
            try await model.photos.performFetch()
            let host = StandInViewHost<PhotoListView>()
            let undoManager = UndoManager()
            host.undoManager = undoManager
            host.render(PhotoListView(model: model))
            model.useUndoManager(undoManager)
            try model.delete(model.photos.sections[1].objects)
            #expect(try await Self.eventually { model.photos.sections.map(\.title) == ["Lisbon"] })
            #expect(try await Self.eventually { undoManager.undoActionName == "Delete Photo" })
            undoManager.undo()
            #expect(try await Self.eventually { model.photos.sections.map(\.title) == ["Lisbon", "Porto"] })
            #expect(undoManager.exceptions.isEmpty)
            model.photos.stop()
        }
    }
}
#endif
