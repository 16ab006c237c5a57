import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// The parts of a raw single-table query, and the queries Plume builds
/// from them or around them: they keep the user's meaning.
@Suite struct SelectOutlineTests {
    @Test func commentsAreBlankedInEveryPart() throws {
        let outline = try #require(SelectOutline("""
            SELECT id, name -- names
            FROM item -- the table
            WHERE score < 3 /* small */ -- filter
            ORDER BY name -- order
            ; -- end
            """))
        #expect(outline.columns == "id, name")
        #expect(outline.from == "item")
        #expect(outline.filter == "score < 3")
        #expect(outline.orderingTerms == "name")
        // Line breaks stay; comments in the middle of a part are spaces.
        let inner = try #require(SelectOutline("SELECT a, -- x\nb FROM t WHERE a /* y */ = 1 -- z\nAND b ORDER BY a -- w"))
        #expect(inner.columns == "a,     \nb")
        #expect(inner.filter == "a         = 1     \nAND b")
        #expect(inner.orderingTerms == "a")
    }

    /// The queries rebuilt without a comment's help: a parameter in
    /// `ORDER BY` (the one-row query drops the order, and Plume's own
    /// parameters come before it), or a parameter named like Plume's.
    @Test(arguments: [
        "SELECT * FROM item ORDER BY abs(score - ?)",
        "SELECT * FROM item ORDER BY abs(score - ?2), id",
        "SELECT * FROM item WHERE score < ? ORDER BY abs(score - :target)",
        "SELECT * FROM item ORDER BY abs(score - @target)",
        "SELECT * FROM item ORDER BY abs(score - $target)",
        "SELECT * FROM item WHERE rowid = :plume_rowid ORDER BY id",
        "SELECT * FROM item WHERE rowid = $plume_a ORDER BY id",
    ])
    func parametersTheRebuiltQueriesWouldMove(sql: String) {
        #expect(SelectOutline(sql) == nil)
    }

    @Test func parametersBeforeTheOrderAreKept() throws {
        let outline = try #require(SelectOutline("SELECT id, ? AS tag FROM item WHERE score < ?2 AND name <> :name ORDER BY id"))
        #expect(outline.filter == "score < ?2 AND name <> :name")
    }

    /// A structured filter goes inside parentheses: one expression on its
    /// row, no subquery, no statement end.
    @Test func selfContainedFilters() {
        #expect(SelectOutline.isSelfContainedFilter("score < ? AND name LIKE 'select%' -- the word"))
        #expect(SelectOutline.isSelfContainedFilter("(a) OR (b)"))
        #expect(!SelectOutline.isSelfContainedFilter("score > (SELECT avg(score) FROM item)"))
        #expect(!SelectOutline.isSelfContainedFilter("EXISTS (select 1 FROM other)"))
        #expect(!SelectOutline.isSelfContainedFilter("1) GROUP BY section HAVING (1"))
        #expect(!SelectOutline.isSelfContainedFilter("1; DELETE FROM item"))
        #expect(!SelectOutline.isSelfContainedFilter("name = 'unterminated"))
        #expect(!SelectOutline.isSelfContainedFilter("rowid = :plume_rowid"))
    }

    /// Raw SQL put in parentheses (the pages of a batched request) ends at
    /// its last token: a trailing `--` comment or `;` stays out.
    @Test func subqueriesEndAtTheLastToken() {
        #expect(FetchRequest.subquery("SELECT a FROM t -- note") == "SELECT a FROM t")
        #expect(FetchRequest.subquery("SELECT a -- x\nFROM t; /* end */") == "SELECT a -- x\nFROM t")
        #expect(FetchRequest.subquery("SELECT ';' AS a") == "SELECT ';' AS a")
    }

    /// A structured filter ending in a `--` comment: the closing
    /// parenthesis is on the next line.
    @Test func aStructuredFilterEndingInAComment() async throws {
        let request = FetchRequest(table: "item", filter: "score < 4 -- small ones", sortedBy: [.ascending("score")])
        try await FastPathHarness.run(schema: RawSQLCommentTests.schema, request: request) { harness in
            #expect(harness.statistics.refetchReason == nil)
            #expect(try await harness.expectMatch("initial"))
            try await harness.write(["UPDATE item SET score = 1 WHERE id = 5", "INSERT INTO item (name, score) VALUES ('new', 0)"])
            #expect(try await harness.expectMatch("after a commit"))
            #expect(harness.statistics.incrementalUpdates == 1)
        }
    }

    /// Raw queries with parameters in `ORDER BY` refetch, with their
    /// arguments where they belong; batched pages of a commented query
    /// load.
    @Test(arguments: [
        FetchRequest(sql: "SELECT id, name, score FROM item WHERE score < ? ORDER BY abs(score - ?), id", arguments: [6, 3]),
        FetchRequest(sql: "SELECT id, name, score FROM item WHERE score < :max ORDER BY abs(score - :target), id",
                     arguments: ["max": 6, "target": 3]),
        FetchRequest(sql: "SELECT item.id, item.name FROM item JOIN item AS o ON o.id = item.id ORDER BY item.name, item.id -- joined",
                     batchSize: 4),
    ])
    func queriesPlumeCannotRebuildStillFollowCommits(request: FetchRequest) async throws {
        try await FastPathHarness.run(schema: RawSQLCommentTests.schema, request: request) { harness in
            #expect(harness.statistics.refetchReason == .notSingleTableSelect)
            #expect(try await harness.expectMatch("initial"))
            try await harness.write(["UPDATE item SET score = 3, name = 'zz' WHERE id = 5"])
            #expect(try await harness.expectMatch("after a commit"))
            #expect(try harness.controller.fetchedObjects.count == harness.controller.count)
        }
    }
}
