import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// Schema changes under a live query, made by the controller's own
/// connection or by another one: the rows are read again by column name,
/// reported as updated under their new columns, and a request whose
/// identity or section column is gone fails once, naming it.
@Suite struct SchemaChangeTests {
    static let requests: [FetchRequest] = [
        FetchRequest(sql: "SELECT * FROM item ORDER BY id"),
        FetchRequest(table: "item", sortedBy: [.ascending("id")]),
        FetchRequest(sql: "SELECT * FROM item_view ORDER BY 1"),
        FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("id")], sectionColumn: "section"),
    ]

    static let alterations = [
        "ALTER TABLE item ADD COLUMN extra TEXT DEFAULT 'x'",
        "ALTER TABLE item RENAME COLUMN name TO title",
        "ALTER TABLE item DROP COLUMN score",
        "DROP VIEW item_view; CREATE VIEW item_view AS SELECT id, score AS name, section AS score, name AS section FROM item",
    ]

    /// Runs `body` with a controller on `request` followed by a consumer,
    /// and a second connection to the same file.
    static func withObserved(
        _ request: FetchRequest,
        _ body: (_ writer: any DatabaseWriter, _ other: DatabaseQueue, LiveConsumer) async throws -> Void
    ) async throws {
        try await TestDatabase.withItems(rows: 12) { writer, database in
            try await writer.write { db in try db.execute(sql: "CREATE VIEW item_view AS SELECT * FROM item") }
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            let consumer = LiveConsumer()
            await consumer.start(controller)
            let other = try DatabaseQueue(path: database.path)
            try await body(writer, other, consumer)
            try other.close()
            await consumer.stop()
            controller.stopObserving()
        }
    }

    static func fresh(_ request: FetchRequest, _ writer: any DatabaseWriter) async throws -> [ListSection<Row>] {
        let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "fresh"))
        try await controller.performFetch()
        defer { controller.stopObserving() }
        return try controller.snapshot.listSections()
    }

    @Test(arguments: requests.indices, alterations.indices)
    func rowsAreReadAgainByName(requestIndex: Int, alterationIndex: Int) async throws {
        let request = Self.requests[requestIndex]
        let alteration = Self.alterations[alterationIndex]
        for external in [false, true] {
            try await Self.withObserved(request) { writer, other, consumer in
                if external {
                    try await other.write { db in try db.execute(sql: alteration) }
                } else {
                    try await writer.write { db in try db.execute(sql: alteration) }
                }
                // A later commit, through the path the controller takes next.
                try await writer.write { db in try db.execute(sql: "UPDATE item SET id = id WHERE id = 3") }
                let expected = try await Self.fresh(request, writer)
                #expect(await consumer.waitForModel(expected), "\(alteration), external: \(external)")
                #expect(await consumer.problems == [])
                #expect(await consumer.failure == nil)
                let columns = await consumer.model.first?.items.first?.columnNames
                #expect(columns == expected.first?.items.first?.columnNames)
            }
        }
    }

    /// The identity or section column renamed or dropped: one clear error,
    /// naming the column and the query; nothing is shown after it.
    @Test(arguments: [
        ("ALTER TABLE item RENAME COLUMN id TO key", 0, "id"),
        ("ALTER TABLE item RENAME COLUMN section TO album", 3, "section"),
        ("ALTER TABLE item DROP COLUMN section", 3, "section"),
        ("DROP VIEW item_view; CREATE VIEW item_view AS SELECT id AS key, name FROM item", 2, "id"),
        ("DROP VIEW item_view; CREATE VIEW item_view AS SELECT id AS key, name FROM item ORDER BY key", 2, "id"),
    ] as [(String, Int, String)])
    func aVanishedIdentityOrSectionColumnFailsOnce(alteration: String, requestIndex: Int, column: String) async throws {
        let request = Self.requests[requestIndex]
        for external in [false, true] {
            try await Self.withObserved(request) { writer, other, consumer in
                let updatesBefore = await consumer.updateCount
                let target: any DatabaseWriter = external ? other : writer
                try await target.write { db in try db.execute(sql: alteration) }
                #expect(await consumer.wait(timeout: 60) { $0.failure != nil })
                // Either the controller names the missing column, or SQLite
                // does when the query itself names it (`ORDER BY id`).
                let error = try #require(await consumer.failure)
                let description = "\(error)"
                if let failure = error as? FetchedResultsError {
                    #expect([.missingIdentityColumn, .missingSectionColumn, .missingSortColumn].contains(failure.code))
                    #expect(description.contains("\"\(column)\""), "\(description)")
                } else {
                    #expect(error is DatabaseError)
                    #expect(description.contains("no such column: \(column)"), "\(description)")
                }
                #expect(description.contains("FROM"), "the query: \(description)")
                #expect(await consumer.updateCount == updatesBefore)
                // Later commits show nothing more.
                try await writer.write { db in try db.execute(sql: "UPDATE item SET name = 'later'") }
                #expect(await consumer.updateCount == updatesBefore)
            }
        }
    }
}
