import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// Controllers on a live database: random writes, every change set applied
/// by a consumer, which must end equal to a fresh fetch.
@Suite struct LiveControllerTests {
    /// Runs `body` with a fetched controller and a consumer following it;
    /// afterwards the consumer must have seen no broken change set.
    static func withLive(
        _ request: FetchRequest, rows: Int, pool: Bool = false,
        _ body: (any DatabaseWriter, TestDatabase, FetchedResultsController<Row>, LiveConsumer) async throws -> Void
    ) async throws {
        try await TestDatabase.withItems(pool: pool, rows: rows) { writer, database in
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            let consumer = LiveConsumer()
            await consumer.start(controller)
            try await body(writer, database, controller, consumer)
            #expect(await consumer.problems == [])
            #expect(await consumer.failure == nil)
            await consumer.stop()
            controller.stopObserving()
        }
    }

    /// Whether the consumer reaches what a fresh fetch gives now.
    static func converges(_ consumer: LiveConsumer, _ request: FetchRequest, _ writer: any DatabaseWriter) async throws -> Bool {
        let fresh = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "fresh"))
        try await fresh.performFetch()
        defer { fresh.stopObserving() }
        return await consumer.waitForModel(try fresh.snapshot.listSections())
    }

    static func write(_ statements: [String], _ writer: any DatabaseWriter) async throws {
        try await writer.write { db in
            for sql in statements { try db.execute(sql: sql) }
        }
    }

    @Test(arguments: FetchRequest.liveCases.indices, [false, true])
    func inProcessRandomWrites(requestIndex: Int, pool: Bool) async throws {
        let request = FetchRequest.liveCases[requestIndex]
        try await Self.withLive(request, rows: 30, pool: pool) { writer, _, _, consumer in
            var writes = RandomWrites(generator: SeededGenerator(seed: UInt64(requestIndex * 100 + (pool ? 1 : 0))))
            for _ in 0..<60 { try await Self.write(writes.transaction(), writer) }
            #expect(try await Self.converges(consumer, request, writer), "the consumer did not reach the fresh fetch")
        }
    }

    @Test(arguments: FetchRequest.liveCases.indices)
    func incrementalUpdatesMatchARefetchAfterEveryCommit(requestIndex: Int) async throws {
        let request = FetchRequest.liveCases[requestIndex]
        try await Self.withLive(request, rows: 40) { writer, _, controller, consumer in
            var writes = RandomWrites(generator: SeededGenerator(seed: UInt64(7_000 + requestIndex)))
            for step in 0..<40 {
                let statements = writes.transaction()
                try await Self.write(statements, writer)
                let converged = try await Self.converges(consumer, request, writer)
                #expect(converged, "step \(step): \(statements)")
                if !converged { break }
            }
            let statistics = try #require(controller.engineStatistics)
            // Structured requests without a limit, and raw SQL reading one
            // table with the rowid as identity, follow commits.
            if requestIndex < 3 || requestIndex == 4 {
                #expect(statistics.incrementalUpdates > 10, "\(statistics)")
            } else {
                #expect(statistics.incrementalUpdates == 0, "\(statistics)")
            }
        }
    }

    @Test func structuredSingleTableRequestsFollowCommitsIncrementally() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("score")], sectionColumn: "section")
        try await Self.withLive(request, rows: 20) { writer, _, controller, consumer in
            try await Self.write(["UPDATE item SET score = 99 WHERE id = 3"], writer)
            try await Self.write(["INSERT INTO item (section, name, score) VALUES ('s9', 'x', 1)"], writer)
            try await Self.write(["DELETE FROM item WHERE id = 4"], writer)
            #expect(await consumer.wait(timeout: 60) { $0.updateCount == 4 })
            #expect(controller.engineStatistics == EngineStatistics(incrementalUpdates: 3, refetches: 0))
        }
    }

    /// The word "replace" in a literal keeps the incremental path; real
    /// REPLACE statements refetch, and the list stays right either way.
    @Test func replaceStatementsAndTheWordReplace() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("name")])
        try await Self.withLive(request, rows: 10) { writer, _, controller, consumer in
            try await Self.write(["UPDATE item SET name = 'replace me' WHERE id = 2"], writer)
            try await Self.write(["UPDATE item SET name = replace(name, 'n', 'm') WHERE id = 3"], writer)
            #expect(controller.engineStatistics == EngineStatistics(incrementalUpdates: 2, refetches: 0))
            try await Self.write(["INSERT OR REPLACE INTO item (id, section, name, score) VALUES (4, 's9', 'replaced', 1)"], writer)
            try await Self.write(["REPLACE INTO item (id, section, name, score) VALUES (5, 's9', 'again', 2)"], writer)
            #expect(controller.engineStatistics == EngineStatistics(incrementalUpdates: 2, refetches: 2))
            #expect(try await Self.converges(consumer, request, writer))
        }
    }

    @Test(arguments: [0, 1, 2])
    func changingTheIdentityOfARow(requestIndex: Int) async throws {
        let request = FetchRequest.liveCases[requestIndex]
        try await Self.withLive(request, rows: 12) { writer, _, _, consumer in
            try await Self.write(["UPDATE item SET id = 500 WHERE id = 4"], writer)
            try await Self.write(["UPDATE item SET id = id + 1000 WHERE id IN (5, 6)"], writer)
            #expect(try await Self.converges(consumer, request, writer))
        }
    }

    @Test func commitsToOtherTablesCauseNoWork() async throws {
        try await Self.withLive(FetchRequest(table: "item"), rows: 5) { writer, _, controller, _ in
            try await Self.write(["CREATE TABLE other (x)"], writer)
            let before = try #require(controller.engineStatistics)
            // Observers run on the writer queue before `write` returns.
            try await Self.write(["INSERT INTO other VALUES (1)"], writer)
            #expect(controller.engineStatistics == before)
            try await Self.write(["UPDATE item SET name = 'z' WHERE id = 1"], writer)
            #expect(controller.engineStatistics != before)
        }
    }

    @Test(arguments: [0, 2, 4, 5])
    func commitsFromAnotherProcess(requestIndex: Int) async throws {
        let request = FetchRequest.liveCases[requestIndex]
        try await Self.withLive(request, rows: 20) { writer, database, _, consumer in
            var writes = RandomWrites(generator: SeededGenerator(seed: UInt64(31 + requestIndex)))
            for _ in 0..<10 {
                let script = "BEGIN;\n" + writes.transaction().map { $0 + ";" }.joined(separator: "\n") + "\nCOMMIT;\n"
                try Self.runSQLite3(database.path, script)
            }
            #expect(try await Self.converges(consumer, request, writer))
            #expect(await consumer.updateCount > 1)
        }
    }

    @Test func performFetchAgainStartsSubscribersOver() async throws {
        let request = FetchRequest(table: "item")
        try await Self.withLive(request, rows: 4) { writer, _, controller, consumer in
            try await Self.write(["DELETE FROM item WHERE id = 1"], writer)
            try await controller.performFetch()
            try await Self.write(["DELETE FROM item WHERE id = 2"], writer)
            #expect(try await Self.converges(consumer, request, writer))
            #expect(await consumer.updateCount == 4)
        }
    }

    /// Runs a script with the `sqlite3` shell, as another process would.
    static func runSQLite3(_ path: String, _ script: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-bail", path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 failed on \(script)")
    }
}
