#if canImport(UIKit) && !os(watchOS)
import FetchedResults
import Persistence
import UIKit
#elseif os(Linux)
import AppleListStandIns
import FetchedResults
import Persistence
#endif

#if (canImport(UIKit) && !os(watchOS)) || os(Linux)

/// Connects a `UITableView` to a data source through a
/// `UITableViewDiffableDataSource`: the adapter owns the diffable data
/// source (the table view's data source) and the data source's consumer,
/// which shows each update as one snapshot keyed by the rows' identities
/// (sections by their names). Keep a strong reference to it.
///
/// Per update:
/// - while the table view has uncommitted updates (a drop or a reorder),
///   nothing: the data source holds the newest state back until
///   ``ListDataSource/applyHeldBackUpdates()`` or the next update;
/// - the first state, and a change set past the data source's
///   ``ListDataSource/reloadThreshold``: a whole snapshot, through
///   `applySnapshotUsingReloadData(_:completion:)` (no diff);
/// - any other change set: the snapshot shown, edited by the change set
///   (deletes, inserts before the row that follows, sections inserted
///   before the one that follows — no diff on Plume's side), with rows
///   whose content changed marked `reconfigureItems(_:)` when they keep
///   their cell identifier and `reloadItems(_:)` when it changed, then
///   `apply(_:animatingDifferences:completion:)` once, which diffs it in
///   O(n) as UIKit documents.
///
/// ```swift
/// adapter = TableViewDiffableAdapter(tableView: tableView, dataSource: dataSource)
/// ```
///
/// Choose ``TableViewAdapter`` for very large lists: it hands the change
/// set to the table view as it is, where a diffable data source diffs the
/// whole list again on every update.
@MainActor
public final class TableViewDiffableAdapter<Snapshot: DiffableListSnapshot>: NSObject {
    /// The table view.
    public private(set) weak var tableView: UITableView?
    /// The data source whose rows the table shows.
    public let dataSource: ListDataSource<Snapshot, UITableViewCell>
    /// The diffable data source the adapter applies snapshots to: the
    /// table view's data source.
    public let diffableDataSource: UITableViewDiffableDataSource<DatabaseValue, Snapshot.ItemIdentifier>
    /// Whether updates are animated (`animatingDifferences`).
    public var animatesDifferences = true
    private let updater: DiffableListUpdater<Snapshot, UITableViewCell>

    /// Connects a table view and a data source, and shows the data
    /// source's rows.
    public init(tableView: UITableView, dataSource: ListDataSource<Snapshot, UITableViewCell>) {
        let updater = DiffableListUpdater(dataSource: dataSource)
        let diffable = TitledTableDiffableDataSource<Snapshot.ItemIdentifier>(tableView: tableView) { [unowned updater] _, indexPath, identifier in
            updater.cell(at: indexPath, showing: identifier)
        }
        diffable.title = { [weak dataSource] in dataSource?.titleForHeader(inSection: $0) }
        self.tableView = tableView
        self.dataSource = dataSource
        self.diffableDataSource = diffable
        self.updater = updater
        super.init()
        updater.connect(.init(show: { [weak self] snapshot, reloadingData in
            if reloadingData {
                diffable.applySnapshotUsingReloadData(snapshot)
            } else {
                diffable.apply(snapshot, animatingDifferences: self?.animatesDifferences ?? true)
            }
        }, dequeue: { [weak tableView] identifier, indexPath in
            tableView?.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
                ?? UITableViewCell(style: .default, reuseIdentifier: identifier)
        }, hasUncommittedUpdates: { [weak tableView] in tableView?.hasUncommittedUpdates ?? false }))
    }
}

/// A diffable data source whose sections have the titles a closure gives
/// (UIKit's way: override `tableView(_:titleForHeaderInSection:)`).
@MainActor
final class TitledTableDiffableDataSource<ItemID: Hashable & Sendable>: UITableViewDiffableDataSource<DatabaseValue, ItemID> {
    var title: (Int) -> String? = { _ in nil }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        title(section)
    }
}
#endif
