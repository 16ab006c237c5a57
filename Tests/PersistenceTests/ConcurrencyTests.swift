import Dispatch
import Foundation
import Testing
@testable import Persistence

/// A value set once from any thread and awaited with a timeout.
final class Signal<Value: Sendable>: @unchecked Sendable {
    // Safe: `values` is only touched under `lock`; the semaphore is
    // thread-safe.
    private let lock = NSLock()
    private let semaphore = DispatchSemaphore(value: 0)
    private var values: [Value] = []

    func send(_ value: Value) {
        lock.withLock { values.append(value) }
        semaphore.signal()
    }

    /// The next value, or nil after `seconds`.
    func wait(seconds: Double = 60) -> Value? {
        guard semaphore.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { values.removeFirst() }
    }

    /// The next value, waiting on a dispatch thread rather than a
    /// cooperative one.
    func next(seconds: Double = 60) async -> Value? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.wait(seconds: seconds)) }
        }
    }
}

@Suite struct ConcurrencyTests {
    @Test func queueSerializesConcurrentWrites() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { db in try db.execute(sql: "CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER); INSERT INTO counter VALUES (1, 0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await queue.write { db in
                        let value = try Int.fetchOne(db, sql: "SELECT value FROM counter") ?? 0
                        try db.execute(sql: "UPDATE counter SET value = ?", arguments: [value + 1])
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counter") } == 50)
        try queue.close()
    }

    @Test func queueWriteRollsBackWhenTheBodyThrows() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { db in try makePhotoTable(db) }
        await #expect(throws: Rollback.self) {
            try await queue.write { db in
                try db.execute(sql: "DELETE FROM photo")
                throw Rollback()
            }
        }
        #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") } == 3)
        try queue.close()
    }

    @Test func poolReadersSeeAConsistentSnapshotWhileTheWriterWrites() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("db.sqlite"))
        try await pool.write { db in try makePhotoTable(db) }
        let readerStarted = Signal<Void>()
        let writerDone = Signal<Void>()
        // The reader counts, lets the writer commit, and counts again in
        // the same read: it must not see the commit.
        async let counts: (Int, Int, Bool) = pool.read { db in
            let first = try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? -1
            readerStarted.send(())
            let writerFinished = writerDone.wait() != nil
            let second = try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? -1
            return (first, second, writerFinished)
        }
        #expect(await readerStarted.next() != nil)
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('During the read')")
        }
        writerDone.send(())
        let (first, second, writerFinished) = try await counts
        #expect(writerFinished)
        #expect(first == 3 && second == 3)
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") } == 4)
        try pool.close()
    }

    @Test func poolRunsReadsConcurrently() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("db.sqlite"), maximumReaderCount: 3)
        try await pool.write { db in try makePhotoTable(db) }
        // Three reads that each wait for the other two: they can only all
        // finish if they run at the same time.
        let arrivals = Signal<Void>()
        let counter = Mutex(0)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try await pool.read { db in
                        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0
                        counter.withLock { $0 += 1 }
                        arrivals.send(())
                        let deadline = Date().addingTimeInterval(10)
                        while counter.withLock({ $0 }) < 3, Date() < deadline { usleep(1000) }
                        return count
                    }
                }
            }
            var results: [Int] = []
            for try await count in group { results.append(count) }
            #expect(results == [3, 3, 3])
        }
        #expect(counter.withLock { $0 } == 3)
        try pool.close()
    }

    @Test func poolReadersCannotWrite() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("db.sqlite"))
        try await pool.write { db in try makePhotoTable(db) }
        let error = await #expect(throws: DatabaseError.self) {
            try await pool.read { db in try db.execute(sql: "DELETE FROM photo") }
        }
        #expect(error?.resultCode == .SQLITE_READONLY)
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") } == 3)
        try pool.close()
        #expect(throws: DatabaseError.self) { try pool.readAndWait { _ in 1 } }
    }

    @Test func poolNeedsAFile() {
        let error = #expect(throws: DatabaseError.self) { _ = try DatabasePool(path: ":memory:") }
        #expect(error?.message.contains("DatabaseQueue") == true)
    }
}
