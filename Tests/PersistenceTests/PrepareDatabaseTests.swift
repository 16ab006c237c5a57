import Foundation
import Persistence
import Testing

/// `Configuration.prepareDatabase` runs on every connection, first.
@Suite struct PrepareDatabaseTests {
    final class Counter: @unchecked Sendable {
        // Safe: `count` is only touched under `lock`.
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test func runsOnTheWriterAndEveryReaderOfAPool() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-prepare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let counter = Counter()
        var configuration = Database.Configuration()
        configuration.prepareDatabase = { db in
            counter.increment()
            try db.execute(sql: "PRAGMA cache_size = -1234")
        }
        let pool = try DatabasePool(path: directory.appendingPathComponent("db.sqlite").path, configuration: configuration)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == -1234)
        #expect(try await pool.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == -1234)
        #expect(counter.value >= 2)
        try pool.close()
    }

    struct Refused: Error {}

    @Test func anErrorFailsTheOpen() {
        var configuration = Database.Configuration()
        configuration.prepareDatabase = { _ in throw Refused() }
        #expect(throws: Refused.self) { try DatabaseQueue(configuration: configuration) }
    }

    @Test func migrationEventsPrintReadably() {
        let migration = Migration(version: 2, name: "create_album", up: "CREATE TABLE album (id)")
        #expect("\(MigrationEvent.started(migration, .up))".hasPrefix("started "))
        #expect("\(MigrationEvent.finished(migration, .down, milliseconds: 4))".hasSuffix("(down) in 4 ms"))
    }
}
