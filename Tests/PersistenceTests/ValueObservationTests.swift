import Foundation
import Persistence
import Testing

/// `observe`: any value, after each commit that can change it.
@Suite(.timeLimit(.minutes(5))) struct ValueObservationTests {
    final class Counter: @unchecked Sendable {
        // Safe: `counts` is only touched under `lock`.
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        func increment(_ key: String) { lock.withLock { counts[key, default: 0] += 1 } }
        func value(_ key: String) -> Int { lock.withLock { counts[key] ?? 0 } }
    }

    static func withDatabase(_ body: (DatabasePool, String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-observe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        var configuration = Database.Configuration()
        configuration.externalChangePollInterval = .milliseconds(10)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE other (x)") }
        try await body(pool, path)
        try pool.close()
    }

    @Test func valuesFollowCommitsOfThisProcessAndAnother() async throws {
        try await Self.withDatabase { pool, path in
            var counts = pool.observe { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0 }.makeAsyncIterator()
            #expect(try await counts.next() == 0)
            try await pool.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('a')") }
            #expect(try await counts.next() == 1)
            // A commit that leaves the count as it was is not repeated.
            try await pool.write { db in try db.execute(sql: "UPDATE photo SET name = 'b'") }
            let other = try DatabaseQueue(path: path)
            try await other.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('c'), ('d')") }
            try other.close()
            #expect(try await counts.next() == 3)
        }
    }

    /// Fifty observations of fifty tables: a commit to one table runs only
    /// that table's fetch again.
    @Test func onlyTheObservationsOfTheTablesACommitTouchesRunAgain() async throws {
        try await Self.withDatabase { pool, _ in
            let tables = (0..<50).map { "t\($0)" }
            try await pool.write { db in for table in tables { try db.execute(sql: "CREATE TABLE \(table) (x)") } }
            let counter = Counter()
            var iterators = tables.map { table in
                pool.observe { db -> Int in
                    counter.increment(table)
                    return try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
                }.makeAsyncIterator()
            }
            for index in iterators.indices { #expect(try await iterators[index].next() == 0) }
            try await pool.write { db in try db.execute(sql: "INSERT INTO t7 VALUES (1)") }
            #expect(try await iterators[7].next() == 1)
            #expect(counter.value("t7") == 2)
            #expect(tables.filter { $0 != "t7" }.allSatisfy { counter.value($0) == 1 })
        }
    }

    struct Broken: Error {}

    @Test func aThrowingFetchEndsTheSequenceWithItsError() async throws {
        try await Self.withDatabase { pool, _ in
            var values = pool.observe { db -> Int in
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0
                if count > 0 { throw Broken() }
                return count
            }.makeAsyncIterator()
            #expect(try await values.next() == 0)
            try await pool.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('a')") }
            await #expect(throws: Broken.self) { _ = try await values.next() }
        }
    }
}
