import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// Which identity is the rowid is SQLite's to say, not the names': a
/// column merely named `rowid`, `oid` or `_rowid_` shadows the rowid, and
/// `INTEGER PRIMARY KEY DESC` does not alias it. The fast path takes only
/// identities that read the rowid, and gives the list a refetch gives
/// either way.
@Suite struct RowIDIdentityTests {
    /// A table whose identity may look like the rowid without being it.
    struct LookAlike: Sendable, CustomTestStringConvertible {
        let name: String
        /// The table's columns and constraints, inside `CREATE TABLE t (…)`.
        let columns: String
        var suffix = ""
        /// A column given unique values on insert, unlike the rowids.
        let key: String?
        /// The identity: the column (or rowid name) a query selects.
        let identity: String
        /// Whether the identity reads the rowid for a raw query (as the
        /// column's origin tells) and for a structured request (by name).
        let raw: Bool
        var structured: Bool?

        var testDescription: String { name }
        var create: String { "CREATE TABLE t (name TEXT, score INTEGER, section INTEGER, \(columns))\(suffix)" }
    }

    static let lookAlikes: [LookAlike] = [
        LookAlike(name: "rowid TEXT column", columns: "rowid TEXT", key: "rowid", identity: "rowid", raw: false),
        LookAlike(name: "rowid INTEGER column", columns: "rowid INTEGER", key: "rowid", identity: "rowid", raw: false),
        LookAlike(name: "oid INTEGER column", columns: "oid INTEGER", key: "oid", identity: "oid", raw: false),
        LookAlike(name: "_rowid_ INT column", columns: "_rowid_ INT", key: "_rowid_", identity: "_rowid_", raw: false),
        LookAlike(name: "generated oid column", columns: "k INTEGER, oid INTEGER GENERATED ALWAYS AS (2000 - k)",
                  key: "k", identity: "oid", raw: false),
        LookAlike(name: "INTEGER PRIMARY KEY DESC", columns: "id INTEGER PRIMARY KEY DESC", key: "id", identity: "id", raw: false),
        LookAlike(name: "int primary key", columns: "id int primary key", key: "id", identity: "id", raw: false),
        LookAlike(name: "composite primary key", columns: "id INTEGER, a INTEGER DEFAULT 1, PRIMARY KEY (id, a)",
                  key: "id", identity: "id", raw: false),
        LookAlike(name: "WITHOUT ROWID", columns: "id INTEGER PRIMARY KEY", suffix: " WITHOUT ROWID",
                  key: "id", identity: "id", raw: false),
        LookAlike(name: "WITHOUT ROWID, key named rowid", columns: "rowid INTEGER PRIMARY KEY", suffix: " WITHOUT ROWID",
                  key: "rowid", identity: "rowid", raw: false),
        // A rowid shadowed by a column, read by another name: the column's
        // origin says `rowid` for both, so a raw query refetches; a
        // structured request names it, and follows it.
        LookAlike(name: "oid beside a rowid TEXT column", columns: "rowid TEXT", key: "rowid", identity: "oid",
                  raw: false, structured: true),
        // Aliases of the rowid.
        LookAlike(name: "integer primary key", columns: "id integer primary key", key: "id", identity: "id", raw: true),
        LookAlike(name: "INTEGER PRIMARY KEY ASC", columns: "id INTEGER PRIMARY KEY ASC", key: "id", identity: "id", raw: true),
        LookAlike(name: "PRIMARY KEY (id DESC)", columns: "id INTEGER, PRIMARY KEY (id DESC)", key: "id", identity: "id", raw: true),
        LookAlike(name: "INTEGER NOT NULL PRIMARY KEY", columns: "id INTEGER NOT NULL PRIMARY KEY", key: "id", identity: "id", raw: true),
        LookAlike(name: "rowid INTEGER PRIMARY KEY", columns: "rowid INTEGER PRIMARY KEY", key: "rowid", identity: "rowid", raw: true),
        LookAlike(name: "the rowid itself", columns: "extra TEXT", key: nil, identity: "rowid", raw: true),
        LookAlike(name: "oid itself", columns: "extra TEXT", key: nil, identity: "oid", raw: true),
        LookAlike(name: "_rowid_ beside a rowid column", columns: "rowid INTEGER", key: "rowid", identity: "_rowid_",
                  raw: false, structured: true),
    ]

    @Test(arguments: lookAlikes)
    func rawQueries(lookAlike: LookAlike) async throws {
        let request = FetchRequest(
            sql: "SELECT \(lookAlike.identity) AS ident, name, score, section FROM t WHERE score < 6 ORDER BY section, score, ident",
            identityColumn: "ident", sectionColumn: "section")
        try await Self.expectFollowed(request, lookAlike, incremental: lookAlike.raw)
    }

    @Test(arguments: lookAlikes)
    func structuredRequests(lookAlike: LookAlike) async throws {
        let request = FetchRequest(table: "t", filter: "score < 6", sortedBy: [.ascending("section"), .descending("score")],
                                   identityColumn: lookAlike.identity, sectionColumn: "section")
        try await Self.expectFollowed(request, lookAlike, incremental: lookAlike.structured ?? lookAlike.raw)
    }

    /// The row-by-row pages of a structured request read the identity by
    /// the same name as its refetch: `oid` beside a column named `rowid`
    /// is the rowid in both.
    @Test func pagesReadTheIdentityTheRefetchReads() async throws {
        let lookAlike = Self.lookAlikes.first { $0.name == "oid beside a rowid TEXT column" }!
        let request = FetchRequest(table: "t", sortedBy: [.ascending("score")], identityColumn: "oid", batchSize: 3)
        try await FastPathHarness.run(schema: Self.schema(lookAlike), request: request) { harness in
            let expected = try await harness.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT name FROM t ORDER BY score, oid").map { $0["name"] }
            }
            let shown = try harness.controller.fetchedObjects.map { $0["name"] }
            #expect(shown == expected)
        }
    }

    /// Whether a primary key aliases the rowid, told by its automatic
    /// index, agrees with what SQLite does with the key's value: an alias
    /// becomes the rowid.
    @Test(arguments: [
        "id INTEGER PRIMARY KEY", "id integer primary key", "id Integer Primary Key ASC", "id INTEGER PRIMARY KEY DESC",
        "id INTEGER, PRIMARY KEY (id DESC)", "id INTEGER, PRIMARY KEY (id ASC)", "id INT PRIMARY KEY", "id BIGINT PRIMARY KEY",
        "id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT", "id \"INTEGER\" PRIMARY KEY", "id INTEGER PRIMARY KEY ON CONFLICT REPLACE",
        "id INTEGER UNIQUE, k TEXT PRIMARY KEY", "id INTEGER, a INTEGER, PRIMARY KEY (id, a)", "id TEXT PRIMARY KEY",
        "id INTEGER", "id INTEGER PRIMARY KEY, UNIQUE (id)",
    ])
    func theAliasRuleAgreesWithSQLite(columns: String) throws {
        let queue = try DatabaseQueue()
        defer { try? queue.close() }
        try queue.writeWithoutTransactionAndWait { db in
            try db.execute(sql: "CREATE TABLE t (\(columns))")
            try db.execute(sql: "INSERT INTO t (id) VALUES (10)")
            let isAlias = try Bool.fetchOne(db, sql: "SELECT _rowid_ = 10 FROM t") ?? false
            #expect(try RowIDTable("t", db)?.readsRowID("id") == isAlias)
        }
    }

    static func schema(_ lookAlike: LookAlike) -> [String] {
        var inserts = RowInserts(key: lookAlike.key)
        return [lookAlike.create] + (0..<20).map { index in inserts.next(score: index % 8, section: index % 3) }
    }

    /// The plan is the expected one, and the controller shows what a plain
    /// query gives after each of many random local commits.
    static func expectFollowed(_ request: FetchRequest, _ lookAlike: LookAlike, incremental: Bool,
                               sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await FastPathHarness.run(schema: schema(lookAlike), request: request) { harness in
            #expect((harness.statistics.refetchReason == nil) == incremental, "\(harness.statistics)", sourceLocation: sourceLocation)
            guard try await harness.expectMatch("initial", sourceLocation: sourceLocation) else { return }
            var generator = SeededGenerator(seed: 21)
            var inserts = RowInserts(key: lookAlike.key, count: 100, names: Array(1...20))
            for step in 0..<30 {
                let statements = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    inserts.randomWrite(using: &generator)
                }
                try await harness.write(statements)
                guard try await harness.expectMatch("step \(step) \(statements)", sourceLocation: sourceLocation) else { return }
            }
            if incremental {
                #expect(harness.statistics.incrementalUpdates > 10, "\(harness.statistics)", sourceLocation: sourceLocation)
            }
        }
    }
}

/// Inserts into `t (…, name, score, section)` with unique names, and
/// unique key values that differ from the rowids the rows get; random
/// writes among them.
struct RowInserts {
    let key: String?
    /// The number of the last name inserted (`n<count>`).
    var count = 0
    /// The numbers of the names inserted (some deleted since).
    var names: [Int] = []

    mutating func next(score: Int, section: Int?) -> String {
        count += 1
        let next = count
        names.append(next)
        let section = section.map(String.init) ?? "NULL"
        guard let key else {
            return "INSERT INTO t (name, score, section) VALUES ('n\(next)', \(score), \(section))"
        }
        return "INSERT INTO t (\(key), name, score, section) VALUES (\(1000 - 7 * next), 'n\(next)', \(score), \(section))"
    }

    mutating func randomWrite(using generator: inout SeededGenerator) -> String {
        let name = "'n\(names.randomElement(using: &generator) ?? 0)'"
        let score = Int.random(in: 0..<8, using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0, 1:
            return next(score: score, section: [0, 1, 2, nil].randomElement(using: &generator)!)
        case 2:
            return "DELETE FROM t WHERE name = \(name)"
        case 3:
            return "UPDATE t SET score = \(score) WHERE name = \(name)"
        case 4:
            return "UPDATE t SET section = \(Int.random(in: 0..<3, using: &generator)) WHERE name = \(name)"
        default:
            return "UPDATE t SET score = (score + 3) % 8 WHERE score = \(score)"
        }
    }
}
