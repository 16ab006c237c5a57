#if canImport(UIKit)
import UIKit
#elseif os(Linux)
import AppleListStandIns
#endif
import FetchedResults
import FetchedResultsDataSource
import Foundation

#if canImport(UIKit) || os(Linux)

/// `list.apply.100k.10pct`: one update of a 100,000-row list, 10% changed
/// (the lists of `diff.100k.10pct`), shown through Plume's batch
/// `TableViewAdapter` (`plume`) and through `TableViewDiffableAdapter`
/// (`diffable`), from `ArrayDataSource.setSections` to the table showing
/// the new rows; and the diffable data source alone applying the new
/// snapshot, built in advance (`diffableapply`), and building it in the
/// timed run from the new identifiers, the changed rows reconfigured, then
/// applying it (`diffablefresh`: what the `diffable` figure holds beyond
/// Plume's side, since an app using a diffable data source makes and
/// applies the new snapshot whoever computes the update; on a device both
/// are UIKit's own code).
///
/// On Linux both run against the UIKit stand-ins, which model UIKit's
/// documented behaviour, not its speed: the figures measure Plume's side
/// (the keyed diff both share, then the batch handed over as it is, or the
/// snapshot edited by the change set) plus the stand-ins' own work (the
/// stand-in table checks every batch in O(n); the stand-in diffable data
/// source diffs the snapshot in O(n), as UIKit documents that `apply`
/// does) — not a device's frame time.
struct ListApplyWorkload: Workload {
    var name: String { "list.apply.100k.10pct" }
    var rows: Int { 100_000 }

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let (old, new) = DiffWorkload.lists(count: rows)
        // Checksum: the rows the table shows after the update.
        return [Contender.plume, .diffable].map { contender in
            Contestant(contender: contender) {
                let list = try onMain { try ShownList(old, diffable: contender == .diffable) }
                return Trial(run: { try onMain { try list.show(new) } })
            }
        } + [Contestant(contender: .diffableapply) {
            let list = try onMain { DiffableList(old, then: new) }
            return Trial(run: { try onMain { list.applyNext() } })
        }, Contestant(contender: .diffablefresh) {
            let list = try onMain { DiffableList(old, then: new) }
            return Trial(run: { try onMain { list.buildAndApplyNext() } })
        }]
    }
}

extension DiffWorkload.Item: SendableIdentifiable {}

extension WorkloadRegistry {
    /// The list adapters' workloads (UIKit, or its stand-ins on Linux).
    static var listWorkloads: [any Workload] { [ListApplyWorkload()] }
}

/// A stand-in table showing a list through one of the two adapters.
///
/// `@unchecked Sendable`: it is made and used on the main thread only
/// (every access goes through `onMain`).
final class ShownList: @unchecked Sendable {
    typealias Item = DiffWorkload.Item
    private let table: UITableView
    private let dataSource: ArrayDataSource<Item, Int64, UITableViewCell>
    private let adapter: AnyObject

    @MainActor
    init(_ items: [Item], diffable: Bool) throws {
        table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        dataSource = try ArrayDataSource(items: items, id: \.id) { cell, item in cell.textLabel?.text = "\(item.id)" }
        adapter = diffable ? TableViewDiffableAdapter(tableView: table, dataSource: dataSource)
                           : TableViewAdapter(tableView: table, dataSource: dataSource)
        _ = table.numberOfSections  // the first load, untimed
    }

    @MainActor
    func show(_ items: [Item]) throws -> Int {
        try dataSource.setItems(items)
        return table.numberOfRows(inSection: 0)
    }
}

/// A stand-in table showing snapshots of the list's ids through a
/// diffable data source, without Plume.
///
/// `@unchecked Sendable`: made and used on the main thread only.
final class DiffableList: @unchecked Sendable {
    typealias Item = DiffWorkload.Item
    private let table: UITableView
    private let dataSource: UITableViewDiffableDataSource<Int, Int64>
    private var next = NSDiffableDataSourceSnapshot<Int, Int64>()
    /// The new list's identifiers, and those of its rows whose content
    /// changed: what `buildAndApplyNext()` makes its snapshot of.
    private let newIdentifiers: [Int64]
    private let changedIdentifiers: [Int64]

    /// Shows `old`, and prepares the snapshot of `new`, with the items
    /// whose content changed reconfigured.
    @MainActor
    init(_ old: [Item], then new: [Item]) {
        table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        dataSource = UITableViewDiffableDataSource(tableView: table) { table, indexPath, id in
            let cell = table.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = "\(id)"
            return cell
        }
        dataSource.applySnapshotUsingReloadData(Self.snapshot(old))
        _ = table.numberOfSections  // the first load, untimed
        let versions = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0.version) })
        newIdentifiers = new.map(\.id)
        changedIdentifiers = new.filter { item in versions[item.id].map { $0 != item.version } ?? false }.map(\.id)
        next = Self.snapshot(newIdentifiers, reconfiguring: changedIdentifiers)
    }

    static func snapshot(_ items: [Item]) -> NSDiffableDataSourceSnapshot<Int, Int64> {
        snapshot(items.map(\.id), reconfiguring: [])
    }

    static func snapshot(_ identifiers: [Int64], reconfiguring changed: [Int64]) -> NSDiffableDataSourceSnapshot<Int, Int64> {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int64>()
        snapshot.appendSections([0])
        snapshot.appendItems(identifiers, toSection: 0)
        if !changed.isEmpty { snapshot.reconfigureItems(changed) }
        return snapshot
    }

    /// Applies the snapshot prepared.
    @MainActor
    func applyNext() -> Int {
        dataSource.apply(next)
        return table.numberOfRows(inSection: 0)
    }

    /// Builds the new snapshot, with the changed rows reconfigured, and
    /// applies it.
    @MainActor
    func buildAndApplyNext() -> Int {
        dataSource.apply(Self.snapshot(newIdentifiers, reconfiguring: changedIdentifiers))
        return table.numberOfRows(inSection: 0)
    }
}

/// Runs `body` on the main actor, from the workloads' thread or from the
/// main thread itself (under `PLUME_BENCH_MAIN_THREAD`).
func onMain<T: Sendable>(_ body: @MainActor () throws -> T) throws -> T {
    if Thread.isMainThread { return try MainActor.assumeIsolated(body) }
    return try DispatchQueue.main.sync { try MainActor.assumeIsolated(body) }
}
#else
extension WorkloadRegistry {
    /// No UIKit here: no list adapter workloads.
    static var listWorkloads: [any Workload] { [] }
}
#endif
