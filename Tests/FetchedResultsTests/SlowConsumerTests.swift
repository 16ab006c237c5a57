import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// A consumer that stops reading while commits go on holds one merged
/// update, not one per commit, and then gets a change set that brings its
/// list to what the database holds.
@Suite struct SlowConsumerTests {
    static let commits = 20_000
    static let request = FetchRequest(table: "item", sortedBy: [.ascending("score"), .ascending("name")])

    /// 20,000 single-row commits: inserts, updates that move rows, deletes;
    /// on a thread of their own, so that the blocking writes never hold a
    /// thread of the concurrency pool other tests run on.
    static func commitMany(_ writer: any DatabaseWriter) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { try commitManyBlocking(writer) })
            }
        }
    }

    private static func commitManyBlocking(_ writer: any DatabaseWriter) throws {
        // Durability is not what these tests are about.
        try writer.writeWithoutTransactionAndWait { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
        for index in 0..<commits {
            try writer.writeAndWait { db in
                switch index % 4 {
                case 0, 1: try db.execute(sql: "INSERT INTO item (section, name, score) VALUES ('s', ?, ?)", arguments: ["n\(index)", index % 97])
                case 2: try db.execute(sql: "UPDATE item SET score = ? WHERE id = ?", arguments: [index % 89, index / 3 + 1])
                default: try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [index / 2])
                }
            }
        }
    }

    static func expected(_ writer: any DatabaseWriter) throws -> [ListSection<Row>] {
        let fresh = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "fresh"))
        try fresh.performFetchAndWait()
        defer { fresh.stopObserving() }
        return try fresh.snapshot.listSections()
    }

    /// On a pool (its refetches on a reader); the delegate test below
    /// covers a queue.
    @Test func anAsyncSequenceNobodyIteratesHoldsOneUpdate() async throws {
        try await TestDatabase.withItems(pool: true, rows: 100) { writer, _ in
            let controller = FetchedResultsController<Row>(database: writer, request: Self.request, queue: DispatchQueue(label: "d"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            var iterator = controller.updates.makeAsyncIterator()
            let initial = try #require(try await iterator.next())
            var model = try initial.snapshot.listSections()
            try await Self.commitMany(writer)
            let expected = try Self.expected(writer)
            // Every commit reached the mailbox (pools refetch on a reader:
            // wait until the newest state is in), merged into one update.
            let mailbox = try #require(controller.state.withLock { state in
                state.subscribers.ids.first { $0 != state.delegateSubscriber }.flatMap { state.subscribers[id: $0] }
            })
            let deadline = Date().addingTimeInterval(30)
            while try controller.state.withLock({ $0.latest }).listSections() != expected, Date() < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(mailbox.pendingCount > 1_000)
            let merged = try #require(try await iterator.next())
            #expect(mailbox.pendingCount == 0)
            #expect(!merged.isInitial)
            try ListUpdateRules.validate(merged.changes, from: merged.previousSnapshot.identitySections(),
                                         to: merged.snapshot.identitySections(), id: { $0["id"] ?? .null },
                                         changedIDs: LiveConsumer.changedIDs(merged.previousSnapshot, merged.snapshot))
            model = try merged.changes.applied(to: model)
            #expect(model == expected)
        }
    }

    /// A delegate whose queue is busy: one batch when it frees up.
    @Test func aBlockedDelegateQueueGetsOneMergedBatch() async throws {
        final class Recorder: FetchedResultsControllerDelegate, @unchecked Sendable {
            // Safe: only touched on the main actor (delegate calls, and the
            // reads below).
            var batches: [FetchedResultsUpdate<Row>] = []
            func controller(_ controller: FetchedResultsController<Row>, didChangeContentWith update: FetchedResultsUpdate<Row>) {
                batches.append(update)
            }
        }
        try await TestDatabase.withItems(rows: 100) { writer, _ in
            let queue = DispatchQueue(label: "blocked")
            let controller = FetchedResultsController<Row>(database: writer, request: Self.request, queue: queue)
            let recorder = Recorder()
            controller.delegate = recorder
            try await controller.performFetch()
            defer { controller.stopObserving() }
            let before = try controller.snapshot.listSections()
            let release = DispatchSemaphore(value: 0)
            queue.async { release.wait() }
            try await Self.commitMany(writer)
            // Thousands of commits changed the result: one merged update waits.
            #expect(try #require(controller.delegateMailbox).pendingCount > 1_000)
            release.signal()
            queue.sync {}
            queue.sync {}
            // The delegate hears on the main actor, after the queue drained.
            let batches = await MainActor.run { recorder.batches }
            #expect(batches.count == 1)
            let batch = try #require(batches.first)
            #expect(try batch.changes.applied(to: before) == (try Self.expected(writer)))
            #expect(try controller.snapshot.listSections() == (try Self.expected(writer)))
        }
    }
}
