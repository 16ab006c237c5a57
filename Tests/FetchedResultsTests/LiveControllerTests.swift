import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// Controllers on a live database: random writes, every change set applied
/// by a consumer, which must end equal to a fresh fetch.
@Suite struct LiveControllerTests {
    static func freshSections(_ request: FetchRequest, _ writer: any DatabaseWriter) async throws -> [ListSection<Row>] {
        let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "fresh"))
        try await controller.performFetch()
        defer { controller.stopObserving() }
        return controller.snapshot.listSections()
    }

    @Test(arguments: FetchRequest.liveCases.indices, [false, true])
    func inProcessRandomWrites(requestIndex: Int, pool: Bool) async throws {
        let request = FetchRequest.liveCases[requestIndex]
        try await TestDatabase.withItems(pool: pool, rows: 30) { writer, _ in
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            let consumer = LiveConsumer()
            await consumer.start(controller)
            var writes = RandomWrites(generator: SeededGenerator(seed: UInt64(requestIndex * 100 + (pool ? 1 : 0))))
            for _ in 0..<60 {
                let statements = writes.transaction()
                try await writer.write { db in
                    for sql in statements { try db.execute(sql: sql) }
                }
            }
            let expected = try await Self.freshSections(request, writer)
            let converged = await consumer.waitForModel(expected)
            #expect(converged, "the consumer did not reach the fresh fetch")
            #expect(await consumer.problems == [])
            #expect(await consumer.failure == nil)
            await consumer.stop()
            controller.stopObserving()
        }
    }

    @Test(arguments: FetchRequest.liveCases.indices)
    func incrementalUpdatesMatchARefetchAfterEveryCommit(requestIndex: Int) async throws {
        let request = FetchRequest.liveCases[requestIndex]
        try await TestDatabase.withItems(rows: 40) { writer, _ in
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            let consumer = LiveConsumer()
            await consumer.start(controller)
            var writes = RandomWrites(generator: SeededGenerator(seed: UInt64(7_000 + requestIndex)))
            for step in 0..<40 {
                let statements = writes.transaction()
                try await writer.write { db in
                    for sql in statements { try db.execute(sql: sql) }
                }
                let expected = try await Self.freshSections(request, writer)
                let converged = await consumer.waitForModel(expected)
                #expect(converged, "step \(step): \(statements)")
                if !converged { break }
            }
            #expect(await consumer.problems == [])
            let statistics = try #require(controller.engineStatistics)
            if requestIndex < 3 {
                #expect(statistics.incrementalUpdates > 10, "\(statistics)")
            } else {
                #expect(statistics.incrementalUpdates == 0, "\(statistics)")
            }
            await consumer.stop()
            controller.stopObserving()
        }
    }

    @Test func structuredSingleTableRequestsFollowCommitsIncrementally() async throws {
        try await TestDatabase.withItems(rows: 20) { writer, _ in
            let request = FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("score")], sectionColumn: "section")
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            let consumer = LiveConsumer()
            await consumer.start(controller)
            try await writer.write { db in try db.execute(sql: "UPDATE item SET score = 99 WHERE id = 3") }
            try await writer.write { db in try db.execute(sql: "INSERT INTO item (section, name, score) VALUES ('s9', 'x', 1)") }
            try await writer.write { db in try db.execute(sql: "DELETE FROM item WHERE id = 4") }
            #expect(await consumer.wait(timeout: 10) { $0.updateCount == 4 })
            let statistics = try #require(controller.engineStatistics)
            #expect(statistics.incrementalUpdates == 3)
            #expect(statistics.refetches == 0)
            #expect(await consumer.problems == [])
            controller.stopObserving()
        }
    }

    @Test(arguments: [0, 1, 2])
    func changingTheIdentityOfARow(requestIndex: Int) async throws {
        let request = FetchRequest.liveCases[requestIndex]
        try await TestDatabase.withItems(rows: 12) { writer, _ in
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            let consumer = LiveConsumer()
            await consumer.start(controller)
            try await writer.write { db in try db.execute(sql: "UPDATE item SET id = 500 WHERE id = 4") }
            try await writer.write { db in try db.execute(sql: "UPDATE item SET id = id + 1000 WHERE id IN (5, 6)") }
            let expected = try await Self.freshSections(request, writer)
            #expect(await consumer.waitForModel(expected))
            #expect(await consumer.problems == [])
            await consumer.stop()
            controller.stopObserving()
        }
    }

    @Test func commitsToOtherTablesCauseNoWork() async throws {
        try await TestDatabase.withItems(rows: 5) { writer, _ in
            try await writer.write { db in try db.execute(sql: "CREATE TABLE other (x)") }
            let controller = FetchedResultsController<Row>(database: writer, request: FetchRequest(table: "item"), queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            try await writer.write { db in try db.execute(sql: "INSERT INTO other VALUES (1)") }
            try await writer.write { db in try db.execute(sql: "UPDATE item SET name = 'z' WHERE id = 1") }
            let consumer = LiveConsumer()
            await consumer.start(controller)
            // The last commit is delivered after the one that touched `other`.
            _ = try await writer.read { _ in 0 }
            let statistics = try #require(controller.engineStatistics)
            #expect(statistics.incrementalUpdates + statistics.refetches == 1)
            controller.stopObserving()
        }
    }

    @Test(arguments: [0, 2, 4])
    func commitsFromAnotherProcess(requestIndex: Int) async throws {
        let request = FetchRequest.liveCases[requestIndex]
        try await TestDatabase.withItems(rows: 20) { writer, database in
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            let consumer = LiveConsumer()
            await consumer.start(controller)
            var writes = RandomWrites(generator: SeededGenerator(seed: UInt64(31 + requestIndex)))
            for _ in 0..<10 {
                let script = "BEGIN;\n" + writes.transaction().map { $0 + ";" }.joined(separator: "\n") + "\nCOMMIT;\n"
                try Self.runSQLite3(database.path, script)
            }
            let expected = try await Self.freshSections(request, writer)
            #expect(await consumer.waitForModel(expected))
            #expect(await consumer.problems == [])
            await consumer.stop()
            controller.stopObserving()
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
