import Foundation
import Testing
@testable import Persistence

/// The snippets of the GettingStarted article, run as written, so that the
/// documentation cannot rot.
@Suite struct GettingStartedTests {
    struct PhotoSummary: FetchableRecord {
        var id: Int64
        var name: String

        init(row: Row) throws {
            id = try row.decode(at: 0)
            name = try row.decode(column: "name")
        }
    }

    struct Photo: Codable, FetchableRecord, PersistableRecord {
        var id: Int64?
        var name: String
        var created: Date
        var rating: Int?
    }

    @Test func theArticleSnippetsWork() async throws {
        let dbQueue = try DatabaseQueue()
        try await dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE photo (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    created REAL NOT NULL,
                    rating INTEGER
                );
                """)
            try db.execute(sql: "INSERT INTO photo (name, created, rating) VALUES (?, ?, ?)",
                           arguments: ["Sunset", Date(), 5])
            try db.execute(sql: "INSERT INTO photo (name, created) VALUES (:name, :created)",
                           arguments: ["name": "Harbor", "created": Date()])
        }
        try await dbQueue.write { db in
            let insert = try db.makeStatement(sql: "INSERT INTO photo (name, created) VALUES (?, ?)")
            for index in 1...10 {
                try insert.bind("Photo \(index)", at: 1)
                try insert.bind(Date(), at: 2)
                try insert.run()
            }
        }
        let summaries = try await dbQueue.read { db in
            try PhotoSummary.fetchAll(db, sql: "SELECT id, name FROM photo ORDER BY name")
        }
        #expect(summaries.count == 12 && summaries.first?.name == "Harbor")
        let photos = try await dbQueue.read { db in
            try Photo.fetchAll(db, sql: "SELECT * FROM photo WHERE rating >= ?", arguments: [4])
        }
        #expect(photos.map(\.name) == ["Sunset"])
        let first = try await dbQueue.read { db in try Photo.fetchOne(db, key: 1) }
        #expect(first?.rating == 5)

        let changes = Signal<DatabaseChanges>()
        let observation = dbQueue.observeChanges { _, change in changes.send(change) }
        let id: Int64 = try await dbQueue.write { db in
            var photo = Photo(id: nil, name: "Beach", created: Date(), rating: nil)
            photo.id = try photo.insert(db)
            photo.rating = 4
            try photo.update(db)
            try photo.upsert(db)
            #expect(try Photo.fetchOne(db, key: photo.id!)?.rating == 4)
            try photo.delete(db)
            return photo.id!
        }
        #expect(id == 13)
        // Inserted then deleted in one transaction: nothing is left to report.
        #expect(await changes.next()?.tables["photo"]?.isEmpty == true)
        observation.cancel()

        let names = try await dbQueue.read { db in
            var names: [String] = []
            let cursor = try Photo.fetchCursor(db, sql: "SELECT * FROM photo")
            while let photo = try cursor.next() { names.append(photo.name) }
            return names
        }
        #expect(names.count == 12)

        try await dbQueue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try db.execute(sql: "UPDATE photo SET rating = 0")
                try? db.inTransaction {
                    try db.execute(sql: "DELETE FROM photo")
                    throw CancellationError()
                }
            }
        }
        #expect(try await dbQueue.read { db in try Int.fetchAll(db, sql: "SELECT rating FROM photo WHERE rating IS NOT NULL") } == Array(repeating: 0, count: 12))

        do {
            try await dbQueue.write { db in
                try db.execute(sql: "INSERT INTO photo (id, name, created) VALUES (1, 'Again', 0)")
            }
            Issue.record("the insert must fail")
        } catch let error as DatabaseError {
            #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY)
        }
        try dbQueue.close()
    }
}
