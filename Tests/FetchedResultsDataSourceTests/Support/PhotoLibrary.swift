import FetchedResults
import Foundation
import Persistence
import Testing
@testable import FetchedResultsDataSource

/// A photo of the test library.
struct Photo: FetchableRecord, Hashable, Sendable {
    var id: Int64
    var album: String
    var name: String
    var rating: Int64

    init(row: RowView) throws {
        id = try row.decode(column: "id")
        album = try row.decode(column: "album")
        name = try row.decode(column: "name")
        rating = try row.decode(column: "rating")
    }
}

/// A photo library on a temporary file, a controller grouped by album, a
/// data source on it and a recording consumer — opened and closed in one
/// place.
@MainActor
final class PhotoLibrary {
    static let order = "ORDER BY album, rating DESC, id"

    let directory: URL
    let path: String
    let database: DatabaseQueue
    let controller: FetchedResultsController<Photo>
    let dataSource: FetchedResultsDataSource<Photo, RecordingCell>
    let consumer = RecordingConsumer<Photo, Int64, Photo>(id: \.id, content: { $0 })

    init(photos: Int, albums: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-ds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("photos.sqlite").path
        database = try DatabaseQueue(path: path)
        try database.writeAndWait { db in
            try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, album TEXT NOT NULL, name TEXT NOT NULL, rating INTEGER NOT NULL)")
            for index in 0..<photos {
                try db.execute(sql: "INSERT INTO photo (album, name, rating) VALUES (?, ?, ?)",
                               arguments: ["Album \(index % albums)", "Photo \(index)", Int64(index % 5)])
            }
        }
        controller = FetchedResultsController<Photo>(database: database, request: FetchRequest(
            table: "photo", sortedBy: [.ascending("album"), .descending("rating")], sectionColumn: "album"))
        dataSource = FetchedResultsDataSource(controller: controller, cellIdentifier: { $0.rating >= 4 ? "Star" : "Plain" }) { cell, photo in
            cell.text = photo.name
        }
        dataSource.reloadThreshold = nil
        consumer.current = { [unowned dataSource] in try! dataSource.snapshot.listSections() }  // no batch size: never throws
        dataSource.consumer = consumer
    }

    /// What a fresh query returns.
    func freshFetch() throws -> [ListSection<Photo>] {
        let photos = try database.readAndWait { db in try Photo.fetchAll(db, sql: "SELECT * FROM photo \(Self.order)") }
        var sections: [ListSection<Photo>] = []
        for photo in photos {
            if sections.last?.name != .text(photo.album) { sections.append(ListSection(name: .text(photo.album), items: [])) }
            sections[sections.count - 1].items.append(photo)
        }
        return sections
    }

    /// Waits until the consumer and the controller show what a fresh query
    /// returns; records an issue if they never do.
    func settle(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let expected = try freshFetch()
        let deadline = ContinuousClock.now + .seconds(10)
        while try consumer.copy != expected || controller.snapshot.listSections() != expected {
            guard ContinuousClock.now < deadline else {
                Issue.record("the list never caught up with the database \(comment.map { "(\($0))" } ?? "")", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Checks every answer of the data source against the controller.
    func expectAnswersMatchController(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sections = controller.sections
        #expect(dataSource.numberOfSections == controller.numberOfSections, sourceLocation: sourceLocation)
        #expect(dataSource.sectionIndexTitles == controller.sectionIndexTitles, sourceLocation: sourceLocation)
        for (index, section) in sections.enumerated() where index < dataSource.numberOfSections {
            #expect(dataSource.numberOfRows(inSection: index) == section.numberOfObjects, sourceLocation: sourceLocation)
            #expect(dataSource.titleForHeader(inSection: index) == section.title, sourceLocation: sourceLocation)
            if let indexTitle = section.indexTitle {
                #expect(dataSource.section(forSectionIndexTitle: indexTitle, at: 0)
                        == controller.section(forSectionIndexTitle: indexTitle, at: 0), sourceLocation: sourceLocation)
            }
            for row in 0..<min(section.numberOfObjects, dataSource.numberOfRows(inSection: index)) {
                let path = IndexPath(item: row, section: index)
                #expect(try dataSource.item(at: path) == controller.object(at: path), sourceLocation: sourceLocation)
            }
        }
    }

    func close() throws {
        dataSource.stop()
        controller.stopObserving()
        try database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `body` with an open library, closing it on success and on error.
    static func with(photos: Int = 60, albums: Int = 4, _ body: (PhotoLibrary) async throws -> Void) async throws {
        let library = try PhotoLibrary(photos: photos, albums: albums)
        do {
            try await library.dataSource.performFetch()
            try await library.settle("initial fetch")
            try await body(library)
            try library.close()
        } catch {
            try? library.close()
            throw error
        }
    }
}
