import Foundation

/// The sync workloads (`sync.*`): they share one PostgreSQL cluster,
/// started in a temporary folder when a filter selects any of them, and
/// stopped and removed afterwards.
enum SyncWorkloads {
    static let names = [SyncPushWorkload.name, SyncPushWorkload.commitName, SyncBootstrapWorkload.name, SyncLatencyWorkload.name, SyncMemoryWorkload.name]

    /// Runs the sync workloads `selects` accepts. `rows`, when given,
    /// replaces the push's and the bootstrap's row counts.
    static func run(rows: Int?, iterations: Int, in directory: URL, printer: ResultPrinter, json: Bool,
                    selects: (String) -> Bool) throws {
        guard names.contains(where: selects) else { return }
        try SyncCluster.with { cluster in
            let runner = Runner(iterations: iterations, directory: directory)
            if selects(SyncPushWorkload.name) {
                printer.print(try runner.run(SyncPushWorkload(name: SyncPushWorkload.name, rows: rows ?? 100_000, cluster: cluster, timesLocalWrite: false)))
            }
            if selects(SyncPushWorkload.commitName) {
                printer.print(try runner.run(SyncPushWorkload(name: SyncPushWorkload.commitName, rows: rows ?? 100_000, cluster: cluster, timesLocalWrite: true)))
            }
            if selects(SyncBootstrapWorkload.name) {
                printer.print(try runner.run(SyncBootstrapWorkload(rows: rows ?? 1_000_000, cluster: cluster)))
            }
            if selects(SyncLatencyWorkload.name) {
                try SyncLatencyWorkload.run(cluster: cluster, in: directory, json: json)
            }
            if selects(SyncMemoryWorkload.name) {
                try SyncMemoryWorkload.run(cluster: cluster, in: directory, json: json)
            }
        }
    }
}

extension SyncPushWorkload {
    /// The push alone: changes pending when the engine starts.
    static let name = "sync.push.100k"
    /// The local write and its push.
    static let commitName = "sync.commit.push.100k"
}

extension SyncBootstrapWorkload {
    static let name = "sync.bootstrap.1m"
}
