import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// Comments anywhere in a raw single-table query: the queries Plume
/// rebuilds from its parts (the refetch with a total order, the one-row
/// and two-row queries of the fast path) read what the user's query reads.
/// A `-- comment` before `FROM`, `WHERE` or `ORDER BY` used to swallow the
/// next clause once the parts were joined.
@Suite struct RawSQLCommentTests {
    static let forms = ["-- note\n", "/* note */", "--\n", "/**/"]

    /// A query's pieces, with or without an alias and a filter; a comment
    /// goes after one of them, at each clause boundary in turn.
    static func pieces(alias: Bool, filter: Bool) -> [String] {
        ["SELECT", "id, section, name, score", "FROM item"] + (alias ? ["AS i"] : [])
            + (filter ? ["WHERE", "score < 5 AND name <> 'x -- y'"] : [])
            + ["ORDER", "BY", "section, score DESC, name, id", ";"]
    }

    /// The query with `comment` after piece `slot` (pieces joined by
    /// spaces, or nothing after the `;` when `slot` is the last).
    static func query(_ pieces: [String], comment: String, after slot: Int) -> String {
        pieces.indices.map { index in
            pieces[index] + (index == slot ? comment : (index == pieces.count - 1 ? "" : " "))
        }.joined()
    }

    static let shapes = [(true, true), (false, true), (true, false), (false, false)]

    @Test(arguments: forms)
    func aCommentAtEveryClauseBoundaryKeepsTheQuerysMeaning(form: String) async throws {
        for (alias, filter) in Self.shapes {
            let pieces = Self.pieces(alias: alias, filter: filter)
            for slot in pieces.indices {
                let sql = Self.query(pieces, comment: form, after: slot)
                try await Self.expectFollowed(FetchRequest(sql: sql, sectionColumn: "section"), seed: UInt64(slot))
            }
        }
    }

    /// A `--` comment at the very end, without a newline: after the
    /// ordering terms, or after the `;`.
    @Test(arguments: ["ORDER BY section, score, id -- the end", "ORDER BY section, score, id; -- the end",
                      "ORDER BY section, score, id /* the end */", "ORDER BY section -- s\n, score -- t\n, id --"])
    func aTrailingCommentWithoutNewline(order: String) async throws {
        let sql = "SELECT id, section, name, score FROM item WHERE score <> 3 -- filter\n\(order)"
        try await Self.expectFollowed(FetchRequest(sql: sql, sectionColumn: "section"), seed: 7)
    }

    /// Every boundary at once, in both forms, with line breaks and tabs.
    @Test func commentsEverywhere() async throws {
        let sql = """
            /* lead */ SELECT -- columns
            \tid /* a */, section, -- b
            name, score -- c
            FROM /* d */ item -- e
            i /* f */ WHERE -- g
            score /* h */ < 6 -- i
            ORDER -- j
            BY /* k */ section -- l
            , score DESC /* m */, id -- n
            ; -- o
            """
        try await Self.expectFollowed(FetchRequest(sql: sql, sectionColumn: "section"), seed: 11)
    }

    /// After commits by another connection too.
    @Test(arguments: forms)
    func externalCommitsAfterCommentedQueries(form: String) async throws {
        let sql = "SELECT id, section, name, score \(form)FROM item \(form)WHERE score < 5 \(form)ORDER BY section, name, id \(form)"
        let request = FetchRequest(sql: sql, sectionColumn: "section")
        try await FastPathHarness.run(schema: Self.schema, request: request) { harness in
            #expect(try await harness.expectMatch("initial"))
            let other = try DatabaseQueue(path: harness.path)
            defer { try? other.close() }
            var writes = RandomWrites(generator: SeededGenerator(seed: 5))
            for _ in 0..<3 {
                let statements = writes.transaction()
                try await other.write { db in for sql in statements { try db.execute(sql: sql) } }
                #expect(try await harness.waitForMatch(), "\(statements)")
            }
        }
    }

    static var schema: [String] {
        ["CREATE TABLE item (id INTEGER PRIMARY KEY, section TEXT, name TEXT, score INTEGER)"]
            + (0..<24).map { "INSERT INTO item (section, name, score) VALUES ('s\($0 % 3)', 'n\($0)', \($0 % 7))" }
    }

    /// The controller takes the fast path for `request`, shows what a
    /// plain query gives at first, and after each of a few random local
    /// commits.
    static func expectFollowed(_ request: FetchRequest, seed: UInt64,
                               sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let sql = request.sql
        do {
            try await FastPathHarness.run(schema: schema, request: request) { harness in
                #expect(harness.statistics.refetchReason == nil, "\(sql)", sourceLocation: sourceLocation)
                guard try await harness.expectMatch("initial: \(sql)", sourceLocation: sourceLocation) else { return }
                var writes = RandomWrites(generator: SeededGenerator(seed: seed))
                for step in 0..<6 {
                    let statements = writes.transaction()
                    try await harness.write(statements)
                    guard try await harness.expectMatch("step \(step) \(statements): \(sql)", sourceLocation: sourceLocation) else { return }
                }
                #expect(harness.statistics.incrementalUpdates > 0, "\(sql)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(sql): \(error)", sourceLocation: sourceLocation)
        }
    }
}
