import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// `execute(sql:arguments:)` keeps a statement it runs a second time
/// compiled in the statement cache. Its results must be those of compiling
/// every time: seeded random runs of statements, scripts, schema changes,
/// transactions, wrong argument counts and constraint failures on a
/// connection with the cache and one without give the same errors (line
/// included) and the same rows after every step.
@Suite struct ExecuteStatementCacheTests {
    static let pool: [String] = [
        "INSERT INTO t VALUES (?, ?)",
        "\nINSERT INTO t VALUES (?, ?)",
        "INSERT INTO t VALUES (?, ?) -- a comment",
        "INSERT INTO t (a) VALUES (:x)",
        "UPDATE t SET b = ? WHERE a = ?",
        "DELETE FROM t WHERE a = ?",
        "INSERT INTO t VALUES (1, 2); INSERT INTO t VALUES (?, ?)",
        "SELECT * FROM t WHERE a = ?",
        "INSERT INTO u VALUES (?)",
        "BEGIN",
        "COMMIT",
        "ROLLBACK",
        "INSERT INTO missing VALUES (?)",
        "INSERT INTO t VALUES (?, ?",
    ]

    static let schemaChanges = [
        "CREATE TABLE IF NOT EXISTS t (a, b)",
        "ALTER TABLE t ADD COLUMN c DEFAULT 'c'",
        "DROP TABLE IF EXISTS t",
        "CREATE TABLE IF NOT EXISTS u (x UNIQUE)",
    ]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func cachedRunsMatchCompilingEveryTime(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let cached = try Database(path: ":memory:")
        var configuration = Database.Configuration()
        configuration.statementCacheCapacity = 0
        let uncached = try Database(path: ":memory:", configuration: configuration)
        var reusedCompiledStatements = 0
        var history: [String] = []
        for step in 0..<1_500 {
            // Schema changes clear the cache: drawn one time in sixteen.
            let sql = Int.random(in: 0..<16, using: &generator) == 0
                ? Self.schemaChanges.randomElement(using: &generator)!
                : Self.pool.randomElement(using: &generator)!
            let arguments = Self.arguments(for: sql, &generator)
            let wasCached = cached.statementCache[sql] != nil
            let outcomes = [cached, uncached].map { db in
                do {
                    try db.execute(sql: sql, arguments: arguments)
                    return "ok"
                } catch {
                    return "\(error)"
                }
            }
            if wasCached { reusedCompiledStatements += 1 }
            #expect(outcomes[0] == outcomes[1], "seed \(seed), step \(step): \(sql.debugDescription) \(arguments)")
            let (left, right) = (try Self.contents(cached), try Self.contents(uncached))
            #expect(left == right, "seed \(seed), step \(step): \(sql.debugDescription): \(left) against \(right), after \(history.suffix(8))")
            history.append("\(sql.debugDescription) \(arguments): \(outcomes[0])")
        }
        #expect(reusedCompiledStatements > 50)
        #expect(uncached.statementCache.isEmpty)
    }

    @Test func aStatementCachedBeforeAnotherConnectionChangedTheSchemaFailsAsAFreshOne() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("schema.sqlite")
        let db = try Database(path: path)
        try db.execute(sql: "CREATE TABLE t (a, b)")
        for value in 0..<3 { try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [value, value]) }
        #expect(db.statementCache["INSERT INTO t VALUES (?, ?)"] != nil)
        let other = try Database(path: path)
        try other.execute(sql: "ALTER TABLE t ADD COLUMN c")
        let fresh = try Database(path: path)
        func failure(_ db: Database) -> String {
            do {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [9, 9])
                return "ok"
            } catch let error as DatabaseError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(failure(fresh) == "table t has 3 columns but 2 values were supplied")
        #expect(failure(db) == failure(fresh))
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 3)
    }

    @Test func sqlThatDiffersEveryTimeLeavesTheCacheAlone() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (a)")
        let kept = try db.cachedStatement(sql: "SELECT count(*) FROM t")
        for value in 0..<500 { try db.execute(sql: "INSERT INTO t VALUES (\(value))") }
        #expect(db.statementCache.count == 1)
        #expect(db.statementCache["SELECT count(*) FROM t"] === kept)
    }

    /// Arguments for `sql`: mostly as many as it takes, now and then a
    /// random number of them.
    static func arguments(for sql: String, _ generator: inout SeededGenerator) -> StatementArguments {
        let count = Int.random(in: 0..<4, using: &generator) == 0 ? Int.random(in: 0...3, using: &generator) : sql.filter { $0 == "?" }.count
        let values: [DatabaseValue] = (0..<count).map { _ in
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: .null
            case 1: .integer(Int64.random(in: 0...4, using: &generator))
            case 2: .text(["a", "b", "é"].randomElement(using: &generator)!)
            default: .real(0.5)
            }
        }
        var arguments = StatementArguments(positional: values)
        if sql.contains(":x") ? Int.random(in: 0..<4, using: &generator) > 0 : Bool.random(using: &generator) {
            arguments.named["x"] = .integer(Int64.random(in: 0...4, using: &generator))
        }
        return arguments
    }

    /// Every table's rows, quoted, in a stable order.
    static func contents(_ db: Database) throws -> [String] {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        return try tables.flatMap { table in
            try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY rowid").map { "\(table): \($0)" }
        }
    }
}
