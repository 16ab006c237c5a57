import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// Raw SQL that reads one table follows commits incrementally, like a
/// structured request; every other query keeps the refetch path.
@Suite struct RawSingleTableRequestTests {
    @Test func theOutlineOfASingleTableSelect() throws {
        let outline = try #require(SelectOutline("""
            SELECT id, name AS "from", 'union select' AS s -- a comment: JOIN
            FROM "it""em" AS i /* GROUP BY */ WHERE score < ? AND name <> 'limit 1' ORDER BY section, lower(name) DESC;
            """))
        #expect(outline.table == "it\"em")
        // Comments come out blanked: a part joined to other SQL keeps its
        // meaning.
        #expect(outline.columns == "id, name AS \"from\", 'union select' AS s")
        #expect(outline.from == "\"it\"\"em\" AS i")
        #expect(outline.filter == "score < ? AND name <> 'limit 1'")
        #expect(outline.orderingTerms == "section, lower(name) DESC")
        #expect(SelectOutline("SELECT * FROM [item] ORDER BY 1")?.table == "item")
        #expect(SelectOutline("select * from `item` i order by x")?.table == "item")
    }

    /// Shapes whose rows cannot be placed one by one.
    static let notOneTable = [
        "SELECT * FROM item JOIN other ON other.id = item.id ORDER BY item.id",
        "SELECT * FROM item, other ORDER BY item.id",
        "SELECT * FROM item WHERE id IN (SELECT id FROM other) ORDER BY id",
        "SELECT DISTINCT section FROM item ORDER BY section",
        "SELECT section, count(*) FROM item GROUP BY section ORDER BY section",
        "SELECT * FROM item ORDER BY id LIMIT 10",
        "SELECT * FROM item ORDER BY id LIMIT 10 OFFSET 5",
        "SELECT id FROM item UNION SELECT id FROM other ORDER BY id",
        "WITH x AS (SELECT * FROM item) SELECT * FROM x ORDER BY id",
        "SELECT * FROM item",
        "SELECT * FROM item ORDER BY id; SELECT 1",
        "SELECT * FROM main.item ORDER BY id",
        "SELECT * FROM item INDEXED BY item_score ORDER BY id",
        "SELECT * FROM item WHERE name = 'unterminated ORDER BY id",
        "SELECT * FROM item ORDER BY id /* unterminated",
        "SELECT * FROM item WHERE (score ORDER BY id",
        "SELECT * FROM item WHERE name = 'a\0' ORDER BY id",
        "SELECT id, rank() OVER (ORDER BY score) FROM item ORDER BY id",
    ]

    @Test(arguments: notOneTable)
    func shapesThatAreNotOneTableHaveNoOutline(sql: String) {
        #expect(SelectOutline(sql) == nil)
    }

    /// Raw single-table requests: filters with arguments, expressions,
    /// aliases, positions, collations, ties, rowid aliases.
    static let followed: [FetchRequest] = [
        FetchRequest(sql: "SELECT id, section, name, score FROM item WHERE score < ? ORDER BY section, name",
                     arguments: [6], sectionColumn: "section"),
        FetchRequest(sql: "SELECT rowid AS key, name, score FROM item AS i ORDER BY score DESC, lower(name)", identityColumn: "key"),
        FetchRequest(sql: "SELECT *, score * 2 AS twice FROM item WHERE name LIKE :pattern ORDER BY twice, name COLLATE NOCASE DESC",
                     arguments: ["%1%"]),
        FetchRequest(sql: "SELECT id, name, score FROM item ORDER BY 3, 2"),
        FetchRequest(sql: "SELECT * FROM item ORDER BY section", sectionColumn: "section"),
    ]

    @Test(arguments: followed.indices)
    func rawSingleTableRequestsFollowCommitsIncrementally(index: Int) async throws {
        let request = Self.followed[index]
        try await LiveControllerTests.withLive(request, rows: 40) { writer, _, controller, consumer in
            var writes = RandomWrites(generator: SeededGenerator(seed: UInt64(9_100 + index)))
            for _ in 0..<40 {
                try await LiveControllerTests.write([writes.statement()], writer)
                #expect(try await LiveControllerTests.converges(consumer, request, writer))
            }
            let statistics = try #require(controller.engineStatistics)
            #expect(statistics.incrementalUpdates > 20, "\(statistics)")
        }
    }

    /// The rows a raw query shows are the query's, in its order; rows that
    /// tie on every term follow their identity.
    @Test func theOrderIsTheQuerysWithTiesByIdentity() async throws {
        let request = FetchRequest(sql: "SELECT * FROM item ORDER BY section DESC", sectionColumn: "section")
        try await LiveControllerTests.withLive(request, rows: 30) { writer, _, controller, _ in
            let expected = try await writer.read { db in
                try Int64.fetchAll(db, sql: "SELECT id FROM item ORDER BY section DESC, id")
            }
            let shown = try controller.snapshot.listSections().flatMap { $0.items.map { $0["id"] } }
            #expect(shown == expected.map { .integer($0) })
        }
    }

    /// Queries the incremental path cannot follow refetch on a one-row
    /// commit, and stay right.
    static let refetched: [FetchRequest] = [
        FetchRequest(sql: "SELECT section AS id, count(*) AS n FROM item GROUP BY section ORDER BY section"),
        FetchRequest(sql: "SELECT max(id) AS id, section FROM item WHERE score > 100 ORDER BY section"),
        FetchRequest(sql: "SELECT 'item-' || id AS key, name FROM item ORDER BY name", identityColumn: "key"),
        FetchRequest(sql: "SELECT id, name FROM item ORDER BY name LIMIT 15"),
        FetchRequest(sql: "SELECT id, name FROM item_view ORDER BY name"),
        FetchRequest(sql: "SELECT score AS id, name FROM item WHERE id = 1 ORDER BY name"),
    ]

    @Test(arguments: refetched.indices)
    func otherQueriesKeepTheRefetchPath(index: Int) async throws {
        let request = Self.refetched[index]
        try await TestDatabase.withItems(rows: 20) { writer, _ in
            try await writer.write { db in try db.execute(sql: "CREATE VIEW item_view AS SELECT * FROM item") }
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            try await LiveControllerTests.write(["UPDATE item SET name = 'renamed', score = 7 WHERE id = 1"], writer)
            let statistics = try #require(controller.engineStatistics)
            #expect(statistics.incrementalUpdates == 0)
        }
    }
}
