import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// With a batch size, a row deleted by a commit before its change set
/// arrives and before its page was ever loaded: reading it from the
/// snapshot the consumer still holds never traps.
@Suite struct BatchedRowDeletionTests {
    typealias Item = ControllerAccessTests.Item

    static let request = FetchRequest(table: "item", sortedBy: [.ascending("id")], batchSize: 10)

    @Test func aVanishedRowThatCannotDecodeNullsThrowsRowDeleted() async throws {
        try await TestDatabase.withItems(rows: 30) { writer, _ in
            let controller = ControllerAccessTests.controller(writer, Self.request, as: Item.self)
            try await controller.performFetch()
            defer { controller.stopObserving() }
            let held = controller.snapshot
            #expect(held.pages?.cachedCount == 0, "no page loaded yet")
            try await writer.write { db in try db.execute(sql: "DELETE FROM item WHERE id = 25") }

            let vanished = IndexPath(item: 24, section: 0)
            #expect(held.id(at: vanished) == .integer(25))
            let error = try #require(throws: FetchedResultsError.self) { try held.object(at: vanished) }
            #expect(error.code == .rowDeleted)
            #expect(error.column == "id" && error.value == .integer(25))
            #expect(error.description.contains("\"id\" = 25") && error.description.contains("SELECT"))
            // The rest of its page still loads, as it is.
            #expect(try held.object(at: IndexPath(item: 23, section: 0)).id == 24)
            #expect(try held.object(at: IndexPath(item: 25, section: 0)).id == 26)
            #expect(throws: FetchedResultsError.self) { try held.fetchedObjects }
            #expect(throws: FetchedResultsError.self) { try held.listSections() }
        }
    }

    @Test func aVanishedRowThatDecodesNullsReadsAsItsIdentityAndNulls() async throws {
        try await TestDatabase.withItems(rows: 30) { writer, _ in
            let controller = ControllerAccessTests.controller(writer, Self.request)
            try await controller.performFetch()
            defer { controller.stopObserving() }
            let held = controller.snapshot
            try await writer.write { db in try db.execute(sql: "DELETE FROM item WHERE id = 25") }

            let row = try held.object(at: IndexPath(item: 24, section: 0))
            #expect(row["id"] == .integer(25))
            #expect(row["name"] == .null && row["section"] == .null && row["score"] == .null)
            #expect(try held.object(at: IndexPath(item: 25, section: 0))["id"] == .integer(26))
        }
    }

    @Test func aVanishedRowLoadedBeforeTheDeleteReadsAsItWas() async throws {
        try await TestDatabase.withItems(rows: 30) { writer, _ in
            let controller = ControllerAccessTests.controller(writer, Self.request, as: Item.self)
            try await controller.performFetch()
            defer { controller.stopObserving() }
            let held = controller.snapshot
            let before = try held.object(at: IndexPath(item: 24, section: 0))
            try await writer.write { db in try db.execute(sql: "DELETE FROM item WHERE id = 25") }
            #expect(try held.object(at: IndexPath(item: 24, section: 0)) == before)
        }
    }
}
