import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// The product rule, property-tested: whatever path a raw single-table
/// query takes, after every commit the controller shows exactly what a
/// plain query of the same SQL gives. Queries are random: comments and
/// whitespace between their pieces, identities that may or may not be the
/// rowid, filters with deterministic and non-deterministic functions.
@Suite struct FastPathOracleTests {
    @Test(arguments: 0..<48)
    func randomRawQueriesMatchAPlainQuery(seed: Int) async throws {
        var generator = SeededGenerator(seed: UInt64(7_300 + seed))
        // Half the time an identity that is the rowid: the fast path's
        // share of the cases.
        let rowIDOnly = generator.chance(50)
        let lookAlikes = RowIDIdentityTests.lookAlikes.filter { !rowIDOnly || $0.raw }
        let lookAlike = lookAlikes.randomElement(using: &generator)!
        let query = RandomQuery(identity: lookAlike.identity, using: &generator)
        let request = FetchRequest(sql: query.sql, identityColumn: query.identityColumn,
                                   sectionColumn: query.sectioned ? "section" : nil)
        let threshold = MovingThreshold()
        let context = "seed \(seed), \(lookAlike.name): \(query.sql)"
        try await FastPathHarness.run(schema: RowIDIdentityTests.schema(lookAlike), request: request, threshold: threshold) { harness in
            // The fast path is taken exactly when it can be proven.
            let incremental = lookAlike.raw && !query.callsNonDeterministicFunction
            #expect((harness.statistics.refetchReason == nil) == incremental, "\(harness.statistics), \(context)")
            guard try await harness.expectMatch("initial, \(context)") else { return }
            var inserts = RowInserts(key: lookAlike.key, count: 100, names: Array(1...20))
            for step in 0..<15 {
                var statements = (0..<Int.random(in: 1...3, using: &generator)).map { _ in inserts.randomWrite(using: &generator) }
                // The threshold moves as time does, between commits; a
                // refetch follows a commit that writes the table, not the
                // clock: one that moves it writes a row for sure.
                if generator.chance(30) {
                    threshold.value.withLock { $0 = Int64.random(in: 0..<8, using: &generator) }
                    statements.append(inserts.next(score: Int.random(in: 0..<8, using: &generator), section: nil))
                }
                try await harness.write(statements)
                guard try await harness.expectMatch("step \(step) \(statements), \(context)") else { return }
            }
            if incremental { #expect(harness.statistics.incrementalUpdates > 0, "\(context)") }
        }
    }
}

/// A random raw query of `t (…, name, score, section)`.
struct RandomQuery {
    let sql: String
    let identityColumn: String
    let sectioned: Bool
    let callsNonDeterministicFunction: Bool

    static let deterministicFilters = [
        "score < 5", "score % 2 = 0", "name LIKE 'n1%'", "abs(score - 3) <= 2", "coalesce(section, 0) <> 1",
        "section IS NOT NULL", "iif(score > 3, 1, 0) = 1", "json_extract('{\"a\": 3}', '$.a') <= score",
        "plume_test_twice(score) > 4", "lower(name) <> 'n3'",
    ]
    static let nonDeterministicFilters = [
        "score >= plume_test_threshold()", "random() IS NOT NULL", "julianday('now') > 0", "changes() >= 0",
        "score < CURRENT_TIMESTAMP",
    ]
    static let separators = [" ", " ", "\n", "\t", "  ", " -- c\n", "/* c */", " /* two\nlines */ ", "--\n", "/**/"]
    static let endings = ["", ";", " -- end", "; -- end", "\n", "/* end */", ";\n-- end"]

    init(identity: String, using generator: inout SeededGenerator) {
        let aliased = identity != "id" || Bool.random(using: &generator)
        identityColumn = aliased ? "ident" : identity
        sectioned = generator.chance(40)
        var columns = [aliased ? "\(identity) AS ident" : identity]
        var orderable = ["score", "score DESC", "name", "section DESC"]
        for extra in ["name", "score", "score * 2 AS twice", "lower(name) AS lname", "plume_test_twice(score) AS pt"]
        where generator.chance(50) {
            columns.append(extra)
            if let alias = extra.components(separatedBy: " AS ").dropFirst().first { orderable.append(alias) }
        }
        if sectioned || generator.chance(50) { columns.append("section") }
        var pieces = ["SELECT"] + Self.list(columns) + ["FROM", "t"]
        pieces += [[], ["x"], ["AS", "x"]].randomElement(using: &generator)!
        let filters = (0..<Int.random(in: 0...2, using: &generator)).map { _ in
            generator.chance(30) ? Self.nonDeterministicFilters.randomElement(using: &generator)!
                : Self.deterministicFilters.randomElement(using: &generator)!
        }
        callsNonDeterministicFunction = filters.contains(where: Self.nonDeterministicFilters.contains)
        if !filters.isEmpty {
            pieces += ["WHERE"] + filters.enumerated().flatMap { index, filter in
                (index == 0 ? [] : [Bool.random(using: &generator) ? "AND" : "OR"]) + ["(", filter, ")"]
            }
        }
        var terms = (0..<Int.random(in: 0...2, using: &generator)).map { _ in orderable.randomElement(using: &generator)! }
        if sectioned { terms.insert("section", at: 0) }
        terms.append(identityColumn + (generator.chance(30) ? " DESC" : ""))
        pieces += ["ORDER", "BY"] + Self.list(terms)
        sql = pieces.map { $0 + Self.separators.randomElement(using: &generator)! }.joined()
            + Self.endings.randomElement(using: &generator)!
    }

    /// Items with commas between them, as pieces.
    static func list(_ items: [String]) -> [String] {
        items.enumerated().flatMap { index, item in index == 0 ? [item] : [",", item] }
    }
}
