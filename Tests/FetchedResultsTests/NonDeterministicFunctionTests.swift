import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// A query whose functions may answer differently from one commit to the
/// next (`julianday('now')`, `random()`, an application function not
/// registered deterministic) refetches: the fast path evaluates only the
/// changed rows, and would keep rows that expired meanwhile.
@Suite struct NonDeterministicFunctionTests {
    static let schema = [
        "CREATE TABLE item (id INTEGER PRIMARY KEY, section TEXT, name TEXT, score INTEGER, expiry REAL, doc TEXT)",
    ] + (0..<12).map {
        "INSERT INTO item (section, name, score, expiry, doc) VALUES ('s\($0 % 3)', 'n\($0)', \($0 % 7), 2460000 + \($0), '{\"a\": \($0)}')"
    }

    /// Filters, columns and orders that call a function SQLite or Plume
    /// cannot prove deterministic, with the function named.
    static let unproven: [(sql: String, function: String)] = [
        ("SELECT id, name FROM item WHERE expiry > julianday('now') ORDER BY expiry, id", "julianday"),
        ("SELECT id, name FROM item WHERE expiry > julianday('2024-01-01') ORDER BY id", "julianday"),
        ("SELECT id, name FROM item WHERE date(expiry) < date('now', '-1 day') ORDER BY id", "date"),
        ("SELECT id, name, datetime('now') AS at FROM item ORDER BY id", "datetime"),
        ("SELECT id, name FROM item WHERE unixepoch() > score ORDER BY id", "unixepoch"),
        ("SELECT id, name FROM item ORDER BY strftime('%s', 'now') - score, id", "strftime"),
        ("SELECT id, name FROM item WHERE time('now') > name ORDER BY id", "time"),
        ("SELECT id, name FROM item WHERE name < CURRENT_TIMESTAMP ORDER BY id", "current_timestamp"),
        ("SELECT id, name FROM item WHERE name < current_date ORDER BY id", "current_date"),
        ("SELECT id, name, CURRENT_TIME AS t FROM item ORDER BY id", "current_time"),
        ("SELECT id, name FROM item WHERE random() % 2 = 0 ORDER BY id", "random"),
        ("SELECT id, abs(random()) AS r FROM item ORDER BY id", "random"),
        ("SELECT id, name FROM item ORDER BY randomblob(4), id", "randomblob"),
        ("SELECT id, changes() AS c FROM item ORDER BY id", "changes"),
        ("SELECT id, total_changes() AS c FROM item ORDER BY id", "total_changes"),
        ("SELECT id, last_insert_rowid() AS c FROM item ORDER BY id", "last_insert_rowid"),
        ("SELECT id, name FROM item WHERE score < plume_test_threshold() ORDER BY id", "plume_test_threshold"),
        ("SELECT id, sqlite_version() AS v FROM item ORDER BY id", "sqlite_version"),
    ]

    @Test(arguments: unproven.indices)
    func rawQueriesCallingThemRefetch(index: Int) async throws {
        let (sql, function) = Self.unproven[index]
        try await FastPathHarness.run(schema: Self.schema, request: FetchRequest(sql: sql)) { harness in
            #expect(harness.statistics.refetchReason == .nonDeterministicFunction(function))
            try await harness.write(["UPDATE item SET score = 9 WHERE id = 3"])
            #expect(harness.statistics.incrementalUpdates == 0)
            #expect(harness.failure == nil)
        }
    }

    /// Structured requests' filters are SQL too.
    @Test(arguments: [("expiry > julianday('now')", "julianday"), ("name <> CURRENT_DATE", "current_date"),
                      ("score < plume_test_threshold()", "plume_test_threshold"), ("random() > 0", "random")])
    func structuredFiltersCallingThemRefetch(filter: String, function: String) async throws {
        let request = FetchRequest(table: "item", filter: filter, sortedBy: [.ascending("score")])
        try await FastPathHarness.run(schema: Self.schema, request: request) { harness in
            #expect(harness.statistics.refetchReason == .nonDeterministicFunction(function))
        }
    }

    /// Deterministic functions, built in or registered so, keep the fast
    /// path.
    static let deterministic = [
        "SELECT id, lower(name) AS l, abs(score - 3) AS d FROM item WHERE coalesce(section, 's') LIKE 's%' ORDER BY l, id",
        "SELECT id, doc ->> '$.a' AS a FROM item WHERE json_extract(doc, '$.a') < 8 AND doc -> '$.a' IS NOT NULL ORDER BY a DESC",
        "SELECT id, name FROM item WHERE iif(score > 2, 1, 0) = 1 AND round(sqrt(score), 1) >= 1 ORDER BY ifnull(section, ''), id",
        "SELECT id, plume_test_twice(score) AS twice FROM item WHERE name GLOB 'n*' ORDER BY twice, id",
        "SELECT id, printf('%05d', score) AS p, substr(name, 2) AS s FROM item WHERE unlikely(score = 1) OR likely(score > 1) ORDER BY p, s",
    ]

    @Test(arguments: deterministic)
    func deterministicFunctionsKeepTheFastPath(sql: String) async throws {
        try await FastPathHarness.run(schema: Self.schema, request: FetchRequest(sql: sql)) { harness in
            #expect(harness.statistics.refetchReason == nil)
            try await harness.write(["UPDATE item SET score = 5, doc = '{\"a\": 2}' WHERE id = 3"])
            #expect(try await harness.expectMatch("after an update"))
            #expect(harness.statistics.incrementalUpdates == 1)
        }
    }

    /// An application function replacing a built-in is judged by its own
    /// registration.
    @Test(arguments: [false, true])
    func aReplacedBuiltInIsJudgedByItsRegistration(pure: Bool) async throws {
        let lower = DatabaseFunction("lower", argumentCount: 1, pure: pure) { arguments in
            guard case .text(let text) = arguments[0] else { return nil }
            return text.lowercased()
        }
        let request = FetchRequest(sql: "SELECT id, lower(name) AS l FROM item ORDER BY l, id")
        try await FastPathHarness.run(schema: Self.schema, request: request, functions: [lower]) { harness in
            #expect(harness.statistics.refetchReason == (pure ? nil : .nonDeterministicFunction("lower")))
        }
    }

    /// A row whose filter result changes with no write to it: the next
    /// commit, to another row, shows it gone, as a refetch does.
    @Test(arguments: [
        FetchRequest(sql: "SELECT id, name, score FROM item WHERE score >= plume_test_threshold() ORDER BY score, id"),
        FetchRequest(table: "item", filter: "score >= plume_test_threshold()", sortedBy: [.ascending("score")]),
    ])
    func rowsLeaveWhenTheFunctionMoves(request: FetchRequest) async throws {
        let threshold = MovingThreshold()
        try await FastPathHarness.run(schema: Self.schema, request: request, threshold: threshold) { harness in
            #expect(try await harness.expectMatch("initial"))
            for (step, value) in [2, 4, 1, 6].enumerated() {
                threshold.value.withLock { $0 = Int64(value) }
                try await harness.write(["UPDATE item SET name = 'step \(step)' WHERE id = 1"])
                #expect(try await harness.expectMatch("threshold \(value)"))
            }
        }
    }

    /// Rows expire by `julianday('now')`: one inserted to expire within
    /// milliseconds is gone after a later commit to another row, as in a
    /// refetch. The test waits for SQLite's clock to pass the expiry, not
    /// for a fixed time.
    @Test func rowsExpireByTheClock() async throws {
        let request = FetchRequest(sql: "SELECT id, name, expiry FROM item WHERE expiry > julianday('now') ORDER BY expiry, id")
        let schema = Self.schema + ["UPDATE item SET expiry = julianday('now', '+1 day')"]
        try await FastPathHarness.run(schema: schema, request: request) { harness in
            try await harness.write(["INSERT INTO item (name, expiry) VALUES ('soon', julianday('now', '+0.005 seconds'))"])
            let expiry = try await harness.writer.read { db in try Double.fetchOne(db, sql: "SELECT expiry FROM item WHERE name = 'soon'") }
            while try await harness.writer.read({ db in try Bool.fetchOne(db, sql: "SELECT julianday('now') < ?", arguments: [expiry]) }) == true {
                await Task.yield()
            }
            try await harness.write(["UPDATE item SET score = 1 WHERE id = 2"])
            #expect(try await harness.expectMatch("after the expiry"))
            #expect(harness.shown.flatMap(\.items).count == 12)
        }
    }

    /// A structured filter that reads other rows (a subquery of the same
    /// table) refetches: a write to one row can change which others match.
    @Test func aStructuredFilterWithASubqueryRefetches() async throws {
        let request = FetchRequest(table: "item", filter: "score >= (SELECT avg(score) FROM item)", sortedBy: [.ascending("score")])
        try await FastPathHarness.run(schema: Self.schema, request: request) { harness in
            #expect(harness.statistics.refetchReason == .filterNotSelfContained)
            try await harness.write(["UPDATE item SET score = 100 WHERE id = 1"])
            #expect(try await harness.expectMatch("after raising the average"))
        }
    }

    /// Virtual tables (full-text search) have no rowid the fast path can
    /// follow: the update hook hears of their shadow tables only. (Which
    /// commits reach such a query at all is the change tracker's concern:
    /// this checks the plan only.)
    @Test(arguments: ["SELECT rowid AS id, body FROM docs WHERE docs MATCH 'apple' ORDER BY rowid",
                      "SELECT rowid AS id, body FROM docs ORDER BY body, rowid"])
    func virtualTablesRefetch(sql: String) async throws {
        let schema = ["CREATE VIRTUAL TABLE docs USING fts5(body)", "INSERT INTO docs (body) VALUES ('apple pie'), ('pear')"]
        try await FastPathHarness.run(schema: schema, request: FetchRequest(sql: sql)) { harness in
            #expect(harness.statistics.refetchReason == .noRowID(table: "docs"))
            try await harness.expectMatch("initial")
        }
    }
}
