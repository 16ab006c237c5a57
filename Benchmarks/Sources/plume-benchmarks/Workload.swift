import Foundation

/// One figure of the report: the same job done by Plume and, where they
/// have it, by a raw C loop over the SQLite API and by GRDB, measured side
/// by side in one process.
///
/// To add a workload, write a type conforming to `Workload` in its own file
/// and list it in `WorkloadRegistry`.
protocol Workload {
    /// The name printed and used in JSON (`insert`, `fetch.row`).
    var name: String { get }
    /// How many rows the workload handles.
    var rows: Int { get }
    /// Prepares what the workload needs in `directory` (untimed) and
    /// returns one contestant per implementation.
    func makeContestants(in directory: URL) throws -> [Contestant]
}

/// Who does the work.
enum Contender: String, CaseIterable, Sendable {
    case plume, raw, grdb
    /// Swift's `CollectionDifference` (for the diff workloads).
    case collectiondifference
    /// The observed write alone, through the C API with no observer (for
    /// the observe workloads): the floor their figures stand on.
    case write
    /// Plume without the feature a workload measures (for
    /// `insert.history`: the same inserts with no change history).
    case plain
    /// SQLite's own floor for what a workload adds (for the history
    /// workloads: the same writes with a trigger that inserts a constant
    /// row into an empty table).
    case floor
    /// The write a workload takes back (for `undo.1k`: the step's
    /// original transaction).
    case original
    /// A diffable data source (for `list.apply`, beside Plume's batch
    /// adapter).
    case diffable
    /// The diffable data source alone, applying a snapshot built in
    /// advance (for `list.apply`: the part of `diffable` that is not
    /// Plume's).
    case diffableapply
    /// The diffable data source with the snapshot built in the timed run:
    /// the new 100,000 identifiers appended to an empty snapshot, the
    /// changed rows reconfigured, then applied (for `list.apply`: what
    /// any app showing the update through a diffable data source pays to
    /// UIKit, whoever computes the update).
    case diffablefresh
}

/// One implementation of a workload.
struct Contestant {
    /// Whose implementation it is.
    var contender: Contender
    /// Prepares one run (untimed: open a connection, empty a table) and
    /// returns it.
    var makeTrial: () throws -> Trial
}

/// One timed run of a contestant.
struct Trial {
    /// The timed work. Returns a checksum of what it did, compared across
    /// contestants so that no implementation can skip work unnoticed.
    var run: () throws -> Int
    /// Untimed cleanup (close the connection).
    var tearDown: () throws -> Void = {}
}

/// The median and 95th-percentile time of each contestant of a workload.
struct WorkloadResult {
    var name: String
    var rows: Int
    var milliseconds: [Contender: Double]
    var p95: [Contender: Double] = [:]
}

/// Every workload the program runs, in order.
enum WorkloadRegistry {
    static func workloads(rows: Int) -> [any Workload] {
        [
            InsertWorkload(rows: rows),
            InsertWorkload(name: "insert.table", rows: rows, plume: PlumePhotos.insertRecords, grdb: GRDBPhotos.insertRecords),
        ] + FetchWorkload.all(rows: rows) + [
            SingleRowWorkload(kind: .cursor, rows: rows),
            SingleRowWorkload(kind: .lookups, rows: rows),
            DiffWorkload(),
            ObserveWorkload(name: "observe.incremental.100k", rows: 100_000, refetch: false),
            ObserveWorkload(name: "observe.incremental.1m", rows: 1_000_000, refetch: false),
            ObserveWorkload(name: "observe.incremental.sql.100k", rows: 100_000, refetch: false, rawSQL: true),
            ObserveWorkload(name: "observe.refetch.100k", rows: 100_000, refetch: true),
            ObserveWorkload(name: "observe.refetch.100k.indexed", rows: 100_000, refetch: true, indexesSortKey: true),
            HistoryWriteWorkload(operation: .insert, rows: rows),
            HistoryWriteWorkload(operation: .update, rows: rows),
            HistoryWriteWorkload(operation: .delete, rows: rows),
            HistoryWriteWorkload(operation: .insert, rows: rows, singleRowTransactions: true),
            HistoryWriteWorkload(operation: .update, rows: rows, singleRowTransactions: true),
            HistoryWriteWorkload(operation: .delete, rows: rows, singleRowTransactions: true),
            HistoryWriteWorkload(operation: .insert, rows: rows, values: true),
            HistoryWriteWorkload(operation: .update, rows: rows, values: true),
            HistoryWriteWorkload(operation: .delete, rows: rows, values: true),
            UndoWorkload(rows: 10_000),
            ExternalObserveWorkload(name: "observe.external.history.1k", rows: 1_000, history: true),
            ExternalObserveWorkload(name: "observe.external.history.100k", rows: 100_000, history: true),
            ExternalObserveWorkload(name: "observe.external.nohistory.1k", rows: 1_000, history: false),
            ExternalObserveWorkload(name: "observe.external.nohistory.100k", rows: 100_000, history: false),
            ExternalObserveWorkload(name: "observe.external.history.1m", rows: 1_000_000, history: true),
            ExternalObserveWorkload(name: "observe.external.nohistory.1m", rows: 1_000_000, history: false),
            ExternalWatchWorkload(name: "observe.external.watch.1k", rows: 1_000),
            ExternalWatchWorkload(name: "observe.external.watch.100k", rows: 100_000),
            ExternalWatchWorkload(name: "observe.external.watch.1m", rows: 1_000_000),
        ] + listWorkloads
    }
}
