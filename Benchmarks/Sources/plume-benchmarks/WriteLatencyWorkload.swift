import FetchedResults
import Foundation
import GRDB
import Persistence

/// `write.latency`: does observing slow the process's own writes? The
/// latency of single-row writes (`UPDATE photo SET name = ? WHERE id = ?`)
/// to a pool of 200,000 photos with no observer, against the same writes to
/// another pool watched by 4 controllers whose query (sorted by name, with
/// a constant subquery so it is refetched, not followed incrementally)
/// changes with every write. The writes alternate between the two pools,
/// so the machine's drift hits both alike; p50 and p95 of each, and their
/// ratio (goal: p50 within 1.2×). Then GRDB's pool with 4
/// `ValueObservation`s of the same query, apart (its refetches would load
/// the machine under Plume's figures), once they have delivered.
enum WriteLatencyWorkload {
    static let name = "write.latency"
    static let rows = 200_000
    static let writes = 1_000
    /// GRDB blocks each write for a whole refetch: fewer samples keep the
    /// run short.
    static let grdbWrites = 40
    static let observers = 4
    static let sql = "SELECT id, name, created, rating, album FROM photo WHERE (SELECT 1) ORDER BY name, id"

    static func run(in directory: URL, json: Bool) throws {
        let photos = PhotoFixture.photos(count: rows)
        var paths: [String] = []
        for name in ["quiet", "observed", "grdb"] {
            let path = directory.appendingPathComponent("\(name)-latency.sqlite").path
            try RawSQLite.makeFilledDatabase(at: path, photos: photos)
            paths.append(path)
        }
        var latencies = try measurePlume(quiet: paths[0], observed: paths[1])
        latencies["grdb"] = try measureGRDB(paths[2])
        report(latencies, json: json)
    }

    static let update = "UPDATE photo SET name = ? WHERE id = ?"

    /// Plume's writes, alternating between the quiet and the observed pool.
    private static func measurePlume(quiet quietPath: String, observed observedPath: String) throws -> [String: [Double]] {
        let quiet = try Persistence.DatabasePool(path: quietPath)
        let observed = try Persistence.DatabasePool(path: observedPath)
        let controllers = try (0..<observers).map { _ in
            let controller = FetchedResultsController<PlumePhotos.RowPhoto>(database: observed, request: FetchRequest(sql: sql),
                                                                           queue: DispatchQueue(label: "latency"))
            try controller.performFetchAndWait()
            return controller
        }
        defer { for controller in controllers { controller.stopObserving() } }
        var latencies: [String: [Double]] = ["quiet": [], "observed": []]
        var generator = SystemRandomNumberGenerator()
        let clock = ContinuousClock()
        for index in 0..<writes {
            let arguments = Persistence.StatementArguments(["IMG_\(index) latency.heic", Int64.random(in: 1...Int64(rows), using: &generator)])
            latencies["quiet"]!.append(try clock.measure { try quiet.writeAndWait { db in try db.execute(sql: update, arguments: arguments) } }.milliseconds)
            latencies["observed"]!.append(try clock.measure { try observed.writeAndWait { db in try db.execute(sql: update, arguments: arguments) } }.milliseconds)
        }
        return latencies
    }

    /// GRDB's writes to a pool with 4 `ValueObservation`s, once they have
    /// delivered their first value.
    private static func measureGRDB(_ path: String) throws -> [Double] {
        let grdb = try GRDB.DatabasePool(path: path)
        let started = DispatchSemaphore(value: 0)
        let cancellables = (0..<observers).map { _ in
            ValueObservation.tracking { db in try GRDBPhotos.RowPhoto.fetchAll(db, sql: sql).map(\.value) }
                .start(in: grdb, scheduling: .async(onQueue: DispatchQueue(label: "grdb.latency")),
                       onError: { _ in }, onChange: { _ in started.signal() })
        }
        defer { cancellables.forEach { $0.cancel() } }
        for _ in 0..<observers { started.wait() }
        var latencies: [Double] = []
        var generator = SystemRandomNumberGenerator()
        let clock = ContinuousClock()
        for index in 0..<grdbWrites {
            let id = Int64.random(in: 1...Int64(rows), using: &generator)
            latencies.append(try clock.measure {
                try grdb.write { db in try db.execute(sql: update, arguments: ["IMG_\(index) latency.heic", id]) }
            }.milliseconds)
        }
        return latencies
    }

    private static func report(_ latencies: [String: [Double]], json: Bool) {
        func p(_ percent: Double, _ key: String) -> Double { Runner.percentile(percent, of: latencies[key]!) }
        let figures = ["quiet", "observed", "grdb"].map { (key: $0, p50: p(50, $0), p95: p(95, $0)) }
        if json {
            let fields = figures.flatMap { ["\"\($0.key)_p50_ms\":\(String(format: "%.3f", $0.p50))", "\"\($0.key)_p95_ms\":\(String(format: "%.3f", $0.p95))"] }
            print("{\"name\":\"\(name)\",\"rows\":\(rows)," + fields.joined(separator: ",") + "}")
            return
        }
        let text = figures.map { "\($0.key) p50 \(String(format: "%.3f", $0.p50)) ms, p95 \(String(format: "%.3f", $0.p95)) ms" }
        print("\(name) (\(writes) writes, \(grdbWrites) for GRDB, \(observers) observers of \(rows) rows): " + text.joined(separator: "; ")
              + String(format: "; observed/quiet p50 %.2fx, grdb/quiet p50 %.2fx", figures[1].p50 / figures[0].p50, figures[2].p50 / figures[0].p50))
    }
}
