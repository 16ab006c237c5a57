import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// A pool's refetches run on a reader: the process's own writes never wait
/// for them, and commits made during one are merged into one more refetch
/// of the newest state.
@Suite struct ReaderRefetchTests {
    /// Holds the decoding of rows while closed: a refetch that decodes
    /// stops there until the test opens it.
    final class Gate: @unchecked Sendable {
        // Safe: every property is read and written under `lock`.
        private let lock = NSCondition()
        private var closed = false
        private var waiting = 0

        func close() { lock.withLock { closed = true } }
        func open() { lock.withLock { closed = false; lock.broadcast() } }
        /// Whether a decoder is held, waiting up to 10 s for one.
        func awaitHeldDecoder() -> Bool {
            lock.withLock {
                let deadline = Date().addingTimeInterval(10)
                while waiting == 0, lock.wait(until: deadline) {}
                return waiting > 0
            }
        }
        func pass() {
            lock.withLock {
                waiting += 1
                lock.broadcast()
                while closed { lock.wait() }
                waiting -= 1
            }
        }
    }

    static let gate = Gate()

    struct GatedRow: FetchableRecord, Sendable {
        let row: Row
        init(row: RowView) throws {
            ReaderRefetchTests.gate.pass()
            self.row = row.copy()
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func writesDoNotWaitForARefetchAndCommitsMeanwhileMergeIntoOne() async throws {
        try await TestDatabase.withItems(pool: true, rows: 50) { writer, _ in
            // A join: every commit takes a refetch.
            let request = FetchRequest(sql: "SELECT item.id, item.name, other.name AS otherName FROM item LEFT JOIN item AS other ON other.id = item.id + 1 ORDER BY item.id")
            let controller = FetchedResultsController<GatedRow>(database: writer, request: request, queue: DispatchQueue(label: "d"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            Self.gate.close()
            // Whatever fails below, the held refetch must end: the pool
            // cannot close while a reader waits at the gate.
            defer { Self.gate.open() }
            try await writer.write { db in try db.execute(sql: "UPDATE item SET name = 'held' WHERE id = 1") }
            #expect(Self.gate.awaitHeldDecoder(), "the refetch never started")
            // The refetch is held on a reader; the writer is free.
            for index in 2...40 {
                try await writer.write { db in try db.execute(sql: "UPDATE item SET name = 'meanwhile' WHERE id = ?", arguments: [index]) }
            }
            #expect(controller.engineStatistics?.refetches == 1)
            Self.gate.open()
            let expected = try await writer.read { db in try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY id") }
            let deadline = Date().addingTimeInterval(10)
            while controller.snapshotNames() != expected, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(controller.snapshotNames() == expected)
            // The 39 commits during the held refetch took one more refetch.
            #expect(controller.engineStatistics?.refetches == 2)
        }
    }
}

extension FetchedResultsController where Item == ReaderRefetchTests.GatedRow {
    func snapshotNames() -> [String] {
        (try? snapshot.fetchedObjects.map { try $0.row.decode(String.self, at: 1) }) ?? []
    }
}
