import Foundation
import GRDB
import GRDBSQLite
import Persistence

/// `observe.many`: 1,000 value observations, each a `COUNT(*)` of its own
/// table, then single-row inserts into one random table at a time. For each
/// commit: the time until that table's observation delivers its new count,
/// and how many fetches ran again (ideally 1: only the touched table's).
/// Plume's `observe` against GRDB's `ValueObservation` on the same kind of
/// pool; the raw C baseline is the insert plus the one `COUNT(*)` a program
/// that knows which table changed would run.
enum ObserveManyWorkload {
    static let name = "observe.many"
    static let tables = 1_000
    static let commits = 200

    /// Counts fetches, across threads.
    final class FetchCounter: @unchecked Sendable {
        // Safe: `count` is only touched under `lock`.
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    /// Waits for the value of one table at a time.
    final class Arrivals: @unchecked Sendable {
        // Safe: `expected` is only touched under `lock`.
        private let lock = NSLock()
        private var expected: (table: Int, count: Int)?
        private let arrived = DispatchSemaphore(value: 0)

        func expect(table: Int, count: Int) { lock.withLock { expected = (table, count) } }
        func deliver(table: Int, count: Int) {
            let matches = lock.withLock { () -> Bool in
                guard let expected, expected.table == table, expected.count == count else { return false }
                self.expected = nil
                return true
            }
            if matches { arrived.signal() }
        }
        func wait() { arrived.wait() }
    }

    static func run(in directory: URL, json: Bool) throws {
        let plumePath = directory.appendingPathComponent("many-plume.sqlite").path
        let grdbPath = directory.appendingPathComponent("many-grdb.sqlite").path
        let rawPath = directory.appendingPathComponent("many-raw.sqlite").path
        for path in [plumePath, grdbPath, rawPath] { try makeTables(at: path) }
        let order = (0..<commits).map { _ in Int.random(in: 0..<tables) }
        // `PLUME_BENCH_ONLY=plume` (or raw, grdb) measures one contestant,
        // for a profile of its part alone (Benchmarks/callgrind.sh).
        let only = ProcessInfo.processInfo.environment["PLUME_BENCH_ONLY"]
        let none: Figures = ([0], 0)
        let raw = only.map { $0 == "raw" } ?? true ? try measureRaw(rawPath, order: order) : none
        let plume = only.map { $0 == "plume" } ?? true ? try measurePlume(plumePath, order: order) : none
        let grdb = only.map { $0 == "grdb" } ?? true ? try measureGRDB(grdbPath, order: order) : none
        report(raw: raw, plume: plume, grdb: grdb, json: json)
    }

    static func makeTables(at path: String) throws {
        let db = try RawSQLite.open(path)
        defer { RawSQLite.close(db) }
        try RawSQLite.execute(db, "PRAGMA journal_mode = WAL")
        try RawSQLite.execute(db, "BEGIN")
        for table in 0..<tables { try RawSQLite.execute(db, "CREATE TABLE t\(table) (x INTEGER)") }
        try RawSQLite.execute(db, "COMMIT")
    }

    /// Milliseconds per commit, and fetches run again per commit.
    typealias Figures = (latencies: [Double], rerunsPerCommit: Double)

    private static func measureRaw(_ path: String, order: [Int]) throws -> Figures {
        let db = try RawSQLite.open(path)
        defer { RawSQLite.close(db) }
        let clock = ContinuousClock()
        var latencies: [Double] = []
        for table in order {
            latencies.append(try clock.measure {
                try RawSQLite.execute(db, "INSERT INTO t\(table) VALUES (1)")
                let count = try RawSQLite.prepare(db, "SELECT count(*) FROM t\(table)")
                _ = sqlite3_step(count)
                sqlite3_finalize(count)
            }.milliseconds)
        }
        return (latencies, 1)
    }

    private static func measurePlume(_ path: String, order: [Int]) throws -> Figures {
        let pool = try Persistence.DatabasePool(path: path)
        defer { try? pool.close() }
        let fetches = FetchCounter(), arrivals = Arrivals(), started = DispatchSemaphore(value: 0)
        let tasks = (0..<tables).map { table in
            let values = pool.observe { db -> Int in
                fetches.increment()
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM t\(table)") ?? 0
            }
            return Task.detached {
                var first = true
                for try await count in values {
                    if first { started.signal(); first = false }
                    arrivals.deliver(table: table, count: count)
                }
            }
        }
        defer { tasks.forEach { $0.cancel() } }
        for _ in 0..<tables { started.wait() }
        return try measure(order: order, fetches: fetches, arrivals: arrivals) { table in
            try pool.writeAndWait { db in try db.execute(sql: "INSERT INTO t\(table) VALUES (1)") }
        }
    }

    private static func measureGRDB(_ path: String, order: [Int]) throws -> Figures {
        let pool = try GRDB.DatabasePool(path: path)
        let fetches = FetchCounter(), arrivals = Arrivals(), started = DispatchSemaphore(value: 0)
        let delivery = DispatchQueue(label: "grdb.many")
        let cancellables = (0..<tables).map { table in
            ValueObservation.tracking { db -> Int in
                fetches.increment()
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM t\(table)") ?? 0
            }.start(in: pool, scheduling: .async(onQueue: delivery), onError: { _ in }, onChange: { count in
                // The first value is 0: every table starts empty.
                if count == 0 { started.signal() }
                arrivals.deliver(table: table, count: count)
            })
        }
        defer { cancellables.forEach { $0.cancel() } }
        for _ in 0..<tables { started.wait() }
        return try measure(order: order, fetches: fetches, arrivals: arrivals) { table in
            try pool.write { db in try db.execute(sql: "INSERT INTO t\(table) VALUES (1)") }
        }
    }

    /// Inserts into each table in turn and waits for its new count.
    private static func measure(order: [Int], fetches: FetchCounter, arrivals: Arrivals,
                                insert: (Int) throws -> Void) throws -> Figures {
        var counts = Array(repeating: 0, count: tables)
        let before = fetches.value
        let clock = ContinuousClock()
        var latencies: [Double] = []
        for table in order {
            counts[table] += 1
            arrivals.expect(table: table, count: counts[table])
            latencies.append(try clock.measure {
                try insert(table)
                arrivals.wait()
            }.milliseconds)
        }
        return (latencies, Double(fetches.value - before) / Double(order.count))
    }

    private static func report(raw: Figures, plume: Figures, grdb: Figures, json: Bool) {
        func p50(_ figures: Figures) -> Double { Runner.percentile(50, of: figures.latencies) }
        func p95(_ figures: Figures) -> Double { Runner.percentile(95, of: figures.latencies) }
        if json {
            print(String(format: "{\"name\":\"%@\",\"tables\":%d,\"raw_p50_ms\":%.3f,\"plume_p50_ms\":%.3f,\"plume_p95_ms\":%.3f,\"plume_reruns\":%.2f,\"grdb_p50_ms\":%.3f,\"grdb_p95_ms\":%.3f,\"grdb_reruns\":%.2f}",
                         name, tables, p50(raw), p50(plume), p95(plume), plume.rerunsPerCommit, p50(grdb), p95(grdb), grdb.rerunsPerCommit))
            return
        }
        print(String(format: "%@ (%d observations, %d commits): raw insert+count p50 %.3f ms; plume p50 %.3f ms, p95 %.3f ms, %.2f fetches per commit; grdb p50 %.3f ms, p95 %.3f ms, %.2f fetches per commit; plume/raw %.2fx, plume/grdb %.2fx",
                     name, tables, commits, p50(raw), p50(plume), p95(plume), plume.rerunsPerCommit, p50(grdb), p95(grdb),
                     grdb.rerunsPerCommit, p50(plume) / p50(raw), p50(plume) / p50(grdb)))
    }
}
