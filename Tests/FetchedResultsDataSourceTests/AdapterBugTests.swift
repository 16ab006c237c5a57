import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
import Testing
@testable import FetchedResultsDataSource

/// One test per adapter bug found against the strict stand-ins; each
/// failed before its fix.
@MainActor
@Suite struct AdapterBugTests {
    static func entries(_ pairs: [(Int, Int)]) -> [ListSection<Entry>] {
        [ListSection(name: .text("All"), items: pairs.map { Entry(id: $0.0, version: $0.1) })]
    }

    static func kind(_ entry: Entry) -> String { entry.version % 2 == 0 ? "Even" : "Odd" }

    /// `NSTableView` asks for the view of a reloaded row at once: the
    /// adapter used to reload by the row's old index while the data source
    /// already answered with the new list (the wrong row, or one past the
    /// end once the list shrank).
    @Test func nsTableViewReloadsAChangedRowWithItsOwnContentWhenRowsAboveGo() throws {
        let table = NSTableView()
        let dataSource = try ArrayDataSource<Entry, Int, NSView>(
            sections: Self.entries([(1, 0), (2, 0), (3, 0)]), id: \.id) { view, entry in
            (view as? NSTableCellView)?.objectValue = entry.description
        }
        let adapter = NSTableViewAdapter(tableView: table, dataSource: dataSource, showsSectionHeaders: false)
        try dataSource.setSections(Self.entries([(3, 1)]))
        #expect(table.exceptions.isEmpty, "\(table.exceptions.map(\.reason))")
        #expect(table.shownText == ["3v1"])
        withExtendedLifetime(adapter) {}
    }

    /// `NSTableViewAdapter` removed and inserted one row per call: a
    /// deleted 50,000-row section was 50,000 animated calls. A run of rows
    /// is now one call; the changed row is reloaded after `endUpdates()`.
    @Test(arguments: [true, false])
    func nsTableViewRemovesAndInsertsARunOfRowsInOneCall(headers: Bool) throws {
        let table = CountingTableView()
        let old = [ListSection(name: .text("A"), items: (0..<50).map { Entry(id: $0, version: 0) }),
                   ListSection(name: .text("B"), items: [Entry(id: 100, version: 0)])]
        let dataSource = try ArrayDataSource<Entry, Int, NSView>(sections: old, id: \.id) { view, entry in
            (view as? NSTableCellView)?.objectValue = entry.description
        }
        let adapter = NSTableViewAdapter(tableView: table, dataSource: dataSource, showsSectionHeaders: headers)
        // Section A goes, section C (40 rows) comes after B, whose row changes.
        try dataSource.setSections([ListSection(name: .text("B"), items: [Entry(id: 100, version: 1)]),
                                    ListSection(name: .text("C"), items: (200..<240).map { Entry(id: $0, version: 0) })])
        #expect(table.exceptions.isEmpty)
        #expect(table.removeCalls == 1)
        #expect(table.insertCalls == 1)
        #expect(table.reloadsInsideUpdates == 0)
        let changed = IndexSet(integer: headers ? 1 : 0)
        #expect(table.reloadedRows == [changed])
        #expect(table.notedHeightChanges == [changed])
        #expect(table.shownText == (headers ? ["# B"] : []) + ["100v1"] + (headers ? ["# C"] : []) + (200..<240).map(String.init))
        withExtendedLifetime(adapter) {}
    }

    /// With no view registered, the adapter's rows were blank
    /// `NSTableCellView`s without an identifier (never reused): now a cell
    /// view with a text field, reused by identifier.
    @Test func nsTableViewRowsShowTextWithoutARegisteredView() throws {
        let table = NSTableView()
        let dataSource = try ArrayDataSource<Entry, Int, NSView>(
            sections: Self.entries([(1, 0), (2, 0)]), id: \.id) { view, entry in
            (view as? NSTableCellView)?.textField?.stringValue = entry.description
        }
        let adapter = NSTableViewAdapter(tableView: table, dataSource: dataSource, showsSectionHeaders: false)
        let views = (0..<table.numberOfRows).map { table.view(atColumn: 0, row: $0, makeIfNecessary: false) as? NSTableCellView }
        #expect(views.map { $0?.textField?.stringValue } == ["1", "2"])
        #expect(views.map { $0?.identifier?.rawValue } == ["Cell", "Cell"])
        let first = views[0]
        try dataSource.setSections(Self.entries([(2, 0)]))
        try dataSource.setSections(Self.entries([(2, 0), (3, 0)]))
        #expect(table.view(atColumn: 0, row: 1, makeIfNecessary: false) === first, "reused by its identifier")
        withExtendedLifetime(adapter) {}
    }

    /// A moved row whose content changed was reconfigured after the batch,
    /// even when its cell identifier changed: UIKit reconfigures only a
    /// cell of the same type.
    @Test func aMovedRowThatChangesItsCellKindGetsANewCell() throws {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Even")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Odd")
        let dataSource = try ArrayDataSource<Entry, Int, UITableViewCell>(
            sections: Self.entries([(1, 0), (2, 0), (3, 0)]), id: \.id, cellIdentifier: Self.kind) { cell, entry in
            cell.textLabel?.text = entry.description
        }
        let adapter = TableViewAdapter(tableView: table, dataSource: dataSource)
        _ = table.displayedCells
        try dataSource.setSections(Self.entries([(2, 0), (3, 0), (1, 1)]))
        #expect(table.exceptions.isEmpty, "\(table.exceptions.map(\.reason))")
        #expect(table.shownText == [["2", "3", "1v1"]])
        #expect(table.displayedCells[0].map(\.reuseIdentifier) == ["Even", "Even", "Odd"])
        withExtendedLifetime(adapter) {}
    }

    /// A consumer may keep the `updateData` block and call it again later
    /// (UIKit does not: its updates block is `NS_NOESCAPE`, run once, but a
    /// custom consumer could): calling it again must not bring back an
    /// older state.
    @Test func anUpdatesBlockCalledAgainLaterChangesNothing() throws {
        let consumer = KeepingConsumer()
        let dataSource = try ArrayDataSource<Entry, Int, RecordingCell>(
            sections: Self.entries([(1, 0)]), id: \.id) { _, _ in }
        dataSource.consumer = consumer
        try dataSource.setSections(Self.entries([(1, 0), (2, 0)]))
        try dataSource.setSections(Self.entries([(2, 0)]))
        #expect(consumer.kept.count == 2)
        for block in consumer.kept { block() }
        #expect(dataSource.snapshot.flatMap(\.items) == [Entry(id: 2, version: 0)])
    }

    /// The table moves a row itself when the user drags it, then tells the
    /// data source. Until the model's change comes back, the data source
    /// must answer as the table shows the rows: it used to answer in the
    /// old order, so any reload in between showed the row back in place.
    /// A model that leaves the rows as they were (it keeps its order, or
    /// writes nothing, as here) sends no new state: once the move callback
    /// has returned, the table shows the controller's rows again rather
    /// than a move the database never took (it used to keep it for good).
    @Test func aRowTheUserMovedStaysWhereTheUserPutItUntilTheModelAnswers() async throws {
        try await PhotoTable.with { photos in
            let table = photos.table
            let before = table.shownText
            photos.dataSource.moveItem = { _, _, _ in }
            #expect(table.simulateUserMove(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0)))
            var moved = before
            moved[0].insert(moved[0].remove(at: 0), at: 2)
            #expect(table.shownText == moved)
            table.reloadData()
            #expect(table.shownText == moved, "the data source answers in the order the table shows")
            try await ObservableFetchedResultsTests.drain(rounds: 5_000) { table.shownText == before }
            #expect(table.shownText == before, "the model changed nothing: the controller's order again")
            #expect(table.exceptions.isEmpty)
        }
    }

    /// When the model writes the order the user chose, the table is not
    /// asked to move the row again and stays consistent; when the model
    /// chooses another order, the table shows the model's.
    @Test(arguments: [true, false])
    func aUserMoveEndsInTheModelsOrder(modelAgrees: Bool) async throws {
        try await PhotoTable.with { photos in
            let database = photos.database
            let table = photos.table
            let first = try photos.dataSource.item(at: IndexPath(row: 0, section: 0))
            let last = table.shownText[0].count - 1
            // The model sends a moved photo to the bottom of its album.
            photos.dataSource.moveItem = { photo, _, _ in
                try database.writeAndWait { db in try db.execute(sql: "UPDATE photo SET rating = -1 WHERE id = ?", arguments: [photo.id]) }
            }
            let to = IndexPath(row: modelAgrees ? last : 1, section: 0)
            #expect(table.simulateUserMove(from: IndexPath(row: 0, section: 0), to: to))
            try await photos.settle()
            #expect(table.exceptions.isEmpty, "\(table.exceptions.map(\.reason))")
            #expect(table.shownText == (try photos.freshText()))
            #expect(table.shownText[0].last == first.name)
        }
    }
}

/// A consumer that keeps every updates block.
@MainActor
final class KeepingConsumer: ListConsumer {
    var kept: [() -> Void] = []

    func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: @escaping () -> Void) {
        updateData()
        kept.append(updateData)
    }

    func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void) { updateData() }
    func reconfigureRows(at indexPaths: [IndexPath]) {}
    func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> RecordingCell {
        RecordingCell(identifier: identifier, indexPath: indexPath)
    }
}

/// Photos in a database, shown by a `UITableView` stand-in through a
/// `FetchedResultsDataSource` and a `TableViewAdapter`.
@MainActor
final class PhotoTable {
    let directory: URL
    let database: DatabaseQueue
    let controller: FetchedResultsController<Photo>
    let dataSource: FetchedResultsDataSource<Photo, UITableViewCell>
    let table = UITableView(frame: .zero, style: .plain)
    var adapter: TableViewAdapter<FetchedResultsSnapshot<Photo>>?

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try DatabaseQueue(path: directory.appendingPathComponent("photos.sqlite").path)
        try database.writeAndWait { db in
            try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, album TEXT NOT NULL, name TEXT NOT NULL, rating INTEGER NOT NULL)")
            for index in 0..<8 {
                try db.execute(sql: "INSERT INTO photo (album, name, rating) VALUES (?, ?, ?)",
                               arguments: ["Album \(index % 2)", "Photo \(index)", Int64(8 - index)])
            }
        }
        controller = FetchedResultsController<Photo>(database: database, request: FetchRequest(
            table: "photo", sortedBy: [.ascending("album"), .descending("rating")], sectionColumn: "album"))
        dataSource = FetchedResultsDataSource(controller: controller) { cell, photo in cell.textLabel?.text = photo.name }
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        adapter = TableViewAdapter(tableView: table, dataSource: dataSource)
    }

    /// What a fresh query shows, by album.
    func freshText() throws -> [[String]] {
        let photos = try database.readAndWait { db in try Photo.fetchAll(db, sql: "SELECT * FROM photo \(PhotoLibrary.order)") }
        return Dictionary(grouping: photos, by: \.album).sorted { $0.key < $1.key }.map { $0.value.map(\.name) }
    }

    /// Waits until the data source shows what the controller has.
    func settle() async throws {
        for _ in 0..<2_000 {
            if dataSource.snapshot.count == controller.snapshot.count,
               (try? dataSource.snapshot.listSections().map { $0.items.map(\.name) }) == (try freshText()) {
                return
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        Issue.record("the data source did not settle")
    }

    static func with(_ body: (PhotoTable) async throws -> Void) async throws {
        let photos = try PhotoTable()
        defer {
            photos.dataSource.stop()
            photos.controller.stopObserving()
            try? photos.database.close()
            try? FileManager.default.removeItem(at: photos.directory)
        }
        try await photos.dataSource.performFetch()
        try await body(photos)
    }
}

extension UITableView {
    /// The text of every cell shown, by section.
    var shownText: [[String]] { displayedCells.map { $0.map { $0.textLabel?.text ?? "" } } }
}
