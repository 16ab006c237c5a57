import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// Undo and redo are ordinary commits: a live list follows them row by row,
/// like any other write.
@Suite struct UndoStackControllerTests {
    @Test(arguments: [false, true])
    func aLiveListFollowsUndoAndRedo(pool: Bool) async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score"), .ascending("id")])
        try await LiveControllerTests.withLive(request, rows: 12, pool: pool) { writer, _, controller, consumer in
            try await writer.write { db in try db.enableChangeHistory(for: ["item"], values: true) }
            let stack = try DatabaseUndoStack(writer: writer)
            #expect(try await LiveControllerTests.converges(consumer, request, writer))
            let before = await consumer.model
            let statistics = try #require(controller.engineStatistics)
            try await stack.undoGroup(name: "Edit Items") { db in
                try db.execute(sql: "UPDATE item SET score = 100 WHERE id = 3")
                try db.execute(sql: "DELETE FROM item WHERE id IN (4, 5)")
                try db.execute(sql: "INSERT INTO item (section, name, score) VALUES ('s9', 'new', -1)")
            }
            #expect(try await LiveControllerTests.converges(consumer, request, writer))
            let edited = await consumer.model
            #expect(edited != before)
            try stack.undo()
            #expect(await consumer.waitForModel(before), "the list shows the undo")
            try stack.redo()
            #expect(await consumer.waitForModel(edited), "the list shows the redo")
            let after = try #require(controller.engineStatistics)
            #expect(after.incrementalUpdates > statistics.incrementalUpdates, "\(statistics) → \(after)")
        }
    }
}
