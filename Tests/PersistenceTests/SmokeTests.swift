import Foundation
import Testing
@testable import Persistence

struct Photo: FetchableRecord, Equatable {
    var id: Int64
    var name: String
    var rating: Int?
    init(id: Int64, name: String, rating: Int?) { self.id = id; self.name = name; self.rating = rating }
    init(row: RowView) throws {
        id = try row.decode(at: 0)
        name = try row.decode(column: "name")
        rating = try row.decode(column: "rating")
    }
}

@Suite struct SmokeTests {
    @Test func roundTrip() throws {
        let db = try Database(location: .inMemory)
        try db.execute(sql: """
            CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT NOT NULL, rating INTEGER);
            INSERT INTO photo (name, rating) VALUES ('a', 1), ('b', NULL);
            """)
        try db.execute(sql: "INSERT INTO photo (name, rating) VALUES (:name, $rating)", arguments: ["name": "c", "rating": 3])
        let photos = try Photo.fetchAll(db, sql: "SELECT * FROM photo ORDER BY id")
        #expect(photos == [Photo(id: 1, name: "a", rating: 1), Photo(id: 2, name: "b", rating: nil), Photo(id: 3, name: "c", rating: 3)])
        let rows = try Row.fetchAll(db, sql: "SELECT id, name FROM photo ORDER BY id")
        #expect(rows.map { $0["name"] } == [.text("a"), .text("b"), .text("c")])
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") == 3)
    }

    @Test func scriptErrorNamesLine() throws {
        let db = try Database(location: .inMemory)
        #expect {
            try db.execute(sql: "CREATE TABLE t (a);\n\nINSERT INTO nope VALUES (1);")
        } throws: { error in
            let error = error as! DatabaseError
            return error.line == 3 && error.sql == "INSERT INTO nope VALUES (1)" && error.message.contains("no such table")
        }
    }

    @Test func changesDeliveredAfterCommit() throws {
        let db = try Database(location: .inMemory)
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        nonisolated(unsafe) var delivered: [DatabaseChanges] = []
        db.addTransactionObserver(didCommit: { _, changes in delivered.append(changes) })
        try db.inTransaction {
            try db.execute(sql: "INSERT INTO t (v) VALUES (1), (2)")
        }
        #expect(delivered.count == 1)
        #expect(delivered.first?.tables["t"]?.inserted == [1, 2])
        do {
            try db.inTransaction {
                try db.execute(sql: "DELETE FROM t")
                throw CancellationError()
            }
        } catch {}
        #expect(delivered.count == 1)
        try db.execute(sql: "DELETE FROM t")
        #expect(delivered.last?.tables["t"]?.deleted == [1, 2])
    }

    @Test func pool() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pool = try DatabasePool(path: dir.appendingPathComponent("db.sqlite").path)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)") }
        let count = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") }
        #expect(count == 1)
        try pool.close()
    }
}
