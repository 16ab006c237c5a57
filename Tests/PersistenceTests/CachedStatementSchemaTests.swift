import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// A statement kept in the cache is re-prepared by SQLite on its first
/// step after the schema changed: the rows it then returns have the new
/// columns, through every way of fetching (all rows, one row, a cursor,
/// records), as a fresh connection reads them.
@Suite struct CachedStatementSchemaTests {
    struct Item: FetchableRecord, Equatable {
        var values: [String: DatabaseValue]
        init(row: RowView) throws {
            var values: [String: DatabaseValue] = [:]
            for (index, name) in row.columnNames.enumerated() { values[name] = row[index] }
            self.values = values
        }
    }

    static let query = "SELECT * FROM t ORDER BY rowid"

    /// Every way of reading the query, as text.
    static func reads(_ db: Database) throws -> [String] {
        [
            "\(try Row.fetchAll(db, sql: query))",
            "\(try Row.fetchOne(db, sql: query).map { "\($0)" } ?? "none")",
            "\(try Row.fetchCursor(db, sql: query).collect())",
            "\(try Item.fetchAll(db, sql: query).map { $0.values.sorted { $0.key < $1.key } })",
        ]
    }

    @Test func aRolledBackTransactionRestoringATableIsReadWithItsColumns() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (a, b, c); INSERT INTO t VALUES (1, 2, 3)")
        #expect(throws: CancellationError.self) {
            try db.inTransaction {
                try db.execute(sql: "DROP TABLE t; CREATE TABLE t (a, b); INSERT INTO t VALUES (7, 8)")
                // Cached while the table has two columns.
                _ = try Self.reads(db)
                throw CancellationError()
            }
        }
        let reads = try Self.reads(db)
        #expect(reads[0] == "[[a:1 b:2 c:3]]")
        let fresh = try Database(path: ":memory:")
        try fresh.execute(sql: "CREATE TABLE t (a, b, c); INSERT INTO t VALUES (1, 2, 3)")
        #expect(reads == (try Self.reads(fresh)))
    }

    @Test func anotherConnectionAddingAColumnIsReadWithIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("columns.sqlite")
        let db = try Database(path: path)
        try db.execute(sql: "CREATE TABLE t (a, b); INSERT INTO t VALUES (1, 2)")
        _ = try Self.reads(db)
        let other = try Database(path: path)
        try other.execute(sql: "ALTER TABLE t ADD COLUMN c DEFAULT 3")
        let reads = try Self.reads(db)
        #expect(reads[0] == "[[a:1 b:2 c:3]]")
        #expect(reads == (try Self.reads(try Database(path: path))))
    }
}
