import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// Controllers following other processes' commits through the change
/// history: incrementally, like their own commits, and ending equal to a
/// fresh fetch.
@Suite struct HistoryControllerTests {
    @Test func singleRowCommitsFromTheShellAreFollowedIncrementally() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("score")], sectionColumn: "section")
        try await LiveControllerTests.withLive(request, rows: 20) { writer, database, controller, consumer in
            try await writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            let before = try #require(controller.engineStatistics)
            try LiveControllerTests.runSQLite3(database.path, "UPDATE item SET score = 99 WHERE id = 3;")
            try LiveControllerTests.runSQLite3(database.path, "INSERT INTO item (section, name, score) VALUES ('s9', 'x', 1);")
            try LiveControllerTests.runSQLite3(database.path, "DELETE FROM item WHERE id = 4;")
            #expect(try await LiveControllerTests.converges(consumer, request, writer))
            let after = try #require(controller.engineStatistics)
            #expect(after.refetches == before.refetches, "\(before) → \(after)")
            #expect(after.incrementalUpdates > before.incrementalUpdates, "\(before) → \(after)")
        }
    }

    @Test(arguments: [0, 1, 2])
    func randomTransactionsFromTheShellConverge(requestIndex: Int) async throws {
        let request = FetchRequest.liveCases[requestIndex]
        try await LiveControllerTests.withLive(request, rows: 20) { writer, database, controller, consumer in
            try await writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            var writes = RandomWrites(generator: SeededGenerator(seed: UInt64(90 + requestIndex)))
            for _ in 0..<10 {
                let script = "BEGIN;\n" + writes.transaction().map { $0 + ";" }.joined(separator: "\n") + "\nCOMMIT;\n"
                try LiveControllerTests.runSQLite3(database.path, script)
                // One commit at a time: however slow the machine, each is
                // seen alone (several seen at once could exceed what the
                // incremental path takes).
                #expect(try await LiveControllerTests.converges(consumer, request, writer))
            }
            #expect(try #require(controller.engineStatistics).incrementalUpdates > 0)
        }
    }

    @Test func rowsReplacedOnAUniqueColumnByTheShellDisappear() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score")])
        try await LiveControllerTests.withLive(request, rows: 10) { writer, database, controller, consumer in
            try await writer.write { db in
                try db.execute(sql: "CREATE UNIQUE INDEX item_name ON item(name)")
                try db.enableChangeHistory(for: ["item"])
            }
            let before = try #require(controller.engineStatistics)
            try LiveControllerTests.runSQLite3(database.path, "INSERT OR REPLACE INTO item (section, name, score) VALUES ('s1', 'n3', 5);")
            #expect(try await LiveControllerTests.converges(consumer, request, writer))
            #expect(try #require(controller.engineStatistics).refetches == before.refetches)
        }
    }

    @Test func aSchemaChangeFromTheShellRefetches() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score")])
        try await LiveControllerTests.withLive(request, rows: 10) { writer, database, controller, consumer in
            try await writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            let before = try #require(controller.engineStatistics)
            try LiveControllerTests.runSQLite3(database.path, "BEGIN; CREATE INDEX item_score ON item(score); DELETE FROM item WHERE id = 2; COMMIT;")
            #expect(try await LiveControllerTests.converges(consumer, request, writer))
            #expect(try #require(controller.engineStatistics).refetches > before.refetches)
        }
    }
}
