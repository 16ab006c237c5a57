import FetchedResults
import Foundation
import Persistence

/// `sync.latency`: one server on loopback, two clients. For each one-row
/// commit on client A (an insert into `item`): the time until client B's
/// `FetchedResultsController` over `item` delivers the snapshot holding
/// it (A's collect and push, the server's `NOTIFY` and stream, B's apply
/// in one transaction, B's controller refetch and delivery). Commits are
/// one at a time; the first ones warm up and are not counted. Goal: p50
/// ≤ 20 ms, p95 ≤ 50 ms.
enum SyncLatencyWorkload {
    static let name = "sync.latency"
    static let warmUp = 20
    static let commits = 300

    static func run(cluster: SyncCluster, in directory: URL, json: Bool) throws {
        let database = try cluster.createDatabase("latency")
        let server = try SyncServerHost.start(postgres: cluster.url(database), tokensPath: try SyncFixture.writeTokens(in: directory))
        defer { try? server.stop() }
        let writer = try SyncClient(directory: directory, server: server.url)
        let reader = try SyncClient(directory: directory, server: server.url)
        defer { try? writer.close(); try? reader.close() }
        for client in [writer, reader] {
            try client.start()
            try SyncFixture.waitUpToDate(client.engine, atLeast: 0)
        }
        let deliveries = SyncDeliveries()
        let controller = FetchedResultsController<SyncItemRow>(database: reader.queue, request: FetchRequest(sql: "SELECT id, name, price, qty FROM item ORDER BY id"),
                                                               queue: DispatchQueue(label: "sync.latency.delivery"))
        controller.delegate = deliveries
        try controller.performFetchAndWait()
        defer { controller.stopObserving() }
        var latencies: [Double] = []
        let clock = ContinuousClock()
        for id in 1...(warmUp + commits) {
            let elapsed = try clock.measure {
                try writer.insert(id..<(id + 1))
                try deliveries.wait(forCount: id)
            }
            if id > warmUp { latencies.append(elapsed.milliseconds) }
        }
        report(latencies, json: json)
    }

    private static func report(_ latencies: [Double], json: Bool) {
        let (p50, p95, maximum) = (Runner.percentile(50, of: latencies), Runner.percentile(95, of: latencies), latencies.max() ?? 0)
        if json {
            print(String(format: "{\"name\":\"\(name)\",\"rows\":\(commits),\"p50_ms\":%.3f,\"p95_ms\":%.3f,\"max_ms\":%.3f}", p50, p95, maximum))
        } else {
            print(String(format: "\(name) (\(commits) one-row commits on client A until client B's controller delivers, one server, loopback): p50 %.2f ms, p95 %.2f ms, max %.2f ms (goal p50 ≤ 20, p95 ≤ 50)",
                         p50, p95, maximum))
        }
    }
}

/// A row of `item` as the latency workload's controller reads it.
struct SyncItemRow: FetchableRecord, Sendable {
    var id: Int64
    init(row: RowView) throws {
        id = try row.decode(at: 0)
    }
}

/// Counts the rows each delivered snapshot holds, and lets a thread wait
/// for a count.
final class SyncDeliveries: @unchecked Sendable {
    // Safe: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    private let delivered = DispatchSemaphore(value: 0)

    fileprivate func deliver(count delivered: Int) {
        lock.withLock { count = delivered }
        self.delivered.signal()
    }

    /// Waits until a snapshot of `expected` rows was delivered.
    func wait(forCount expected: Int) throws {
        while lock.withLock({ count }) < expected {
            guard delivered.wait(timeout: .now() + 30) == .success else {
                throw SyncSpawn.Failure(message: "client B's controller did not deliver row \(expected) within 30 s")
            }
        }
    }
}

extension SyncDeliveries: FetchedResultsControllerDelegate {
    func controller(_ controller: FetchedResultsController<SyncItemRow>, didChangeContentWith update: FetchedResultsUpdate<SyncItemRow>) {
        deliver(count: update.snapshot.count)
    }
}
