import Testing
@testable import Persistence

/// The same query run inside the loop of a cursor that reads it (a fetch,
/// a single row, an `execute`) leaves the cursor where it was: the cache
/// never hands out, nor resets, a statement a cursor is reading.
@Suite struct NestedCachedStatementTests {
    static let query = "SELECT a FROM t ORDER BY a"

    @Test func aCursorReadsOnWhileItsQueryRunsInsideItsLoop() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1), (2), (3)")
        let cursor = try Row.fetchCursor(db, sql: Self.query)
        var seen: [DatabaseValue] = []
        var inner: [[DatabaseValue]] = []
        while let row = try cursor.next(), seen.count < 10 {
            seen.append(row[0])
            inner.append(try Row.fetchAll(db, sql: Self.query).map { $0[0] })
            _ = try Row.fetchOne(db, sql: Self.query)
            try db.execute(sql: Self.query)
            try db.execute(sql: Self.query)
        }
        #expect(seen == [.integer(1), .integer(2), .integer(3)])
        #expect(inner == Array(repeating: [.integer(1), .integer(2), .integer(3)], count: 3))
        // Afterwards the cache serves the query again, from one statement.
        let first = try db.cachedStatement(sql: Self.query)
        #expect(try db.cachedStatement(sql: Self.query) === first)
        #expect(try Row.fetchAll(db, sql: Self.query).count == 3)
    }

    @Test func nestedCursorsOfOneQueryEachReadEveryRow() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1), (2)")
        var pairs: [String] = []
        let outer = try Row.fetchCursor(db, sql: Self.query)
        while let left = try outer.next(), pairs.count < 10 {
            let inner = try Row.fetchCursor(db, sql: Self.query)
            while let right = try inner.next(), pairs.count < 10 { pairs.append("\(left[0])\(right[0])") }
        }
        #expect(pairs == ["11", "12", "21", "22"])
    }
}
