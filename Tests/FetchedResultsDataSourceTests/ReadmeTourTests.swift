import FetchedResults
import FetchedResultsDataSource
import Foundation
import Persistence
import Testing

/// Runs the README's tour as written, so the README cannot drift from the
/// API: every snippet there appears here in the same words.
@MainActor
@Suite struct ReadmeTourTests {
    struct Photo: Codable, FetchableRecord, PersistableRecord {
        var id: Int64?
        var name: String
        var album: String?
        var rating: Int?
    }

    struct PhotoSummary: FetchableRecord {
        var id: Int64
        var name: String
        init(row: Row) throws {
            id = try row.decode(at: 0)
            name = try row.decode(column: "name")
        }
    }

    @Test func theTourRunsAsWritten() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("photos.sqlite").path

        // Open a database and fetch records
        let dbQueue = try DatabaseQueue(path: path)
        try await dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT NOT NULL, album TEXT, rating INTEGER)")
            try db.execute(sql: "INSERT INTO photo (name, album, rating) VALUES (?, ?, ?)", arguments: ["Sunset", "Lisbon", 5])
        }
        let photos = try await dbQueue.read { db in
            try Photo.fetchAll(db, sql: "SELECT * FROM photo WHERE rating >= ?", arguments: [4])
        }
        #expect(photos.map(\.name) == ["Sunset"])
        let summaries = try await dbQueue.read { db in
            try PhotoSummary.fetchAll(db, sql: "SELECT id, name FROM photo")
        }
        #expect(summaries.map(\.id) == [1])

        // Keep a sectioned list up to date
        let controller = FetchedResultsController<Photo>(
            database: dbQueue,
            request: FetchRequest(table: "photo",
                                  sortedBy: [.ascending("album"), .descending("rating")],
                                  sectionColumn: "album"),
            queue: .main)
        try await controller.performFetch()
        #expect(try controller.object(at: IndexPath(row: 0, section: 0)).name == "Sunset")

        // Apply it to a list without index-path math
        let dataSource = FetchedResultsDataSource(controller: controller) { (cell: TerminalCell, photo: Photo) in
            cell.text = photo.name
        }
        var lines: [String] = []
        let list = LineListConsumer { lines.append($0) }
        dataSource.consumer = list
        list.dataSource = dataSource
        try await dataSource.performFetch()
        #expect(dataSource.numberOfSections == 1)

        try await dbQueue.write { db in
            _ = try Photo(id: nil, name: "Tram", album: "Lisbon", rating: 3).insert(db)
        }
        for _ in 0..<2_000 where dataSource.numberOfRows(inSection: 0) < 2 {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(dataSource.numberOfRows(inSection: 0) == 2)
        #expect(lines.contains { $0.contains("Tram") })
        controller.stopObserving()

        // Migrate a database from a folder of NNNN_name.sql files
        let migrations = directory.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        try "-- migrate:up\nCREATE TABLE album (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n-- migrate:down\nDROP TABLE album;\n"
            .write(to: migrations.appendingPathComponent("0001_create_album.sql"), atomically: true, encoding: .utf8)
        let migrator = try Migrator(directory: migrations)
        try await migrator.migrate(dbQueue)
        #expect(try await dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM album") } == 0)
        try dbQueue.close()
    }
}
