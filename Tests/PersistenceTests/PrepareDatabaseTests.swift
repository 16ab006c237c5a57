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

    /// What the steps of a configuration did, in order.
    final class Steps: @unchecked Sendable {
        // Safe: `names` is only touched under `lock`.
        private let lock = NSLock()
        private var names: [String] = []
        func record(_ name: String) { lock.withLock { names.append(name) } }
        var recorded: [String] { lock.withLock { names } }
    }

    @Test func theMethodAppendsStepsThatRunInOrder() throws {
        let steps = Steps()
        var configuration = Database.Configuration()
        configuration.prepareDatabase { _ in steps.record("first") }
        configuration.prepareDatabase { db in
            steps.record("second")
            try db.execute(sql: "CREATE TEMP TABLE step (name TEXT)")
        }
        configuration.prepareDatabase({ db in
            steps.record("third")
            try db.execute(sql: "INSERT INTO step VALUES ('third')")
        })
        let queue = try DatabaseQueue(configuration: configuration)
        defer { try? queue.close() }
        #expect(steps.recorded == ["first", "second", "third"])
        #expect(try queue.readAndWait { db in try String.fetchAll(db, sql: "SELECT name FROM step") } == ["third"])
    }

    @Test func theMethodRunsAfterAnAssignedClosure() throws {
        let steps = Steps()
        var configuration = Database.Configuration()
        configuration.prepareDatabase = { _ in steps.record("assigned") }
        configuration.prepareDatabase { _ in steps.record("appended") }
        try Database(path: ":memory:", configuration: configuration).close()
        #expect(steps.recorded == ["assigned", "appended"])
    }

    @Test func assigningReplacesEveryStep() throws {
        let steps = Steps()
        var configuration = Database.Configuration()
        configuration.prepareDatabase { _ in steps.record("first") }
        configuration.prepareDatabase { _ in steps.record("second") }
        configuration.prepareDatabase = { _ in steps.record("replacement") }
        try Database(path: ":memory:", configuration: configuration).close()
        #expect(steps.recorded == ["replacement"])

        configuration.prepareDatabase = nil
        #expect(configuration.prepareDatabase == nil)
        configuration.prepareDatabase { _ in steps.record("alone") }
        try Database(path: ":memory:", configuration: configuration).close()
        #expect(steps.recorded == ["replacement", "alone"])
    }

    @Test func aThrowingStepFailsTheOpenAndStopsTheSteps() {
        let steps = Steps()
        var configuration = Database.Configuration()
        configuration.prepareDatabase { _ in steps.record("before") }
        configuration.prepareDatabase { _ in throw Refused() }
        configuration.prepareDatabase { _ in steps.record("after") }
        #expect(throws: Refused.self) { try DatabaseQueue(configuration: configuration) }
        #expect(steps.recorded == ["before"])
    }

    @Test func appendedStepsRunOnEveryConnectionOfAPool() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-prepare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Database.Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -1234") }
        configuration.prepareDatabase { db in
            try db.add(collation: DatabaseCollation("reversed") { lhs, rhs in
                lhs == rhs ? .orderedSame : lhs < rhs ? .orderedDescending : .orderedAscending
            })
        }
        let pool = try DatabasePool(path: directory.appendingPathComponent("db.sqlite").path, configuration: configuration)
        defer { try? pool.close() }
        try await pool.write { db in try db.execute(sql: "CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('a'), ('c'), ('b')") }
        let sql = "SELECT x FROM t ORDER BY x COLLATE reversed"
        #expect(try await pool.read { db in try String.fetchAll(db, sql: sql) } == ["c", "b", "a"])
        #expect(try await pool.write { db in try String.fetchAll(db, sql: sql) } == ["c", "b", "a"])
        #expect(try await pool.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == -1234)
    }

    @Test func migrationEventsPrintReadably() {
        let migration = Migration(version: 2, name: "create_album", up: "CREATE TABLE album (id)")
        #expect("\(MigrationEvent.started(migration, .up))".hasPrefix("started "))
        #expect("\(MigrationEvent.finished(migration, .down, milliseconds: 4))".hasSuffix("(down) in 4 ms"))
    }
}
