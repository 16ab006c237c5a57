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
///   ``/FetchedResultsDataSourceCore/ListDataSource/applyHeldBackUpdates()`` or the next update;
/// - the first state, and a change set past the data source's
///   ``/FetchedResultsDataSourceCore/ListDataSource/reloadThreshold``: a whole snapshot, through
///   `applySnapshotUsingReloadData(_:completion:)` (no diff);
/// - any other change set: the snapshot the adapter last showed, edited
///   by the change set (deletes, inserts before the row that follows,
///   sections inserted before the one that follows — no diff on Plume's
///   side), with rows whose content changed marked `reconfigureItems(_:)`
///   when they keep their cell identifier and `reloadItems(_:)` when it
///   changed, then `apply(_:animatingDifferences:completion:)` once, which
///   diffs it in O(n) as UIKit documents; the section index is reloaded
///   when the sections changed.
///
/// Cells are configured with the item of the identifier UIKit names.
/// Swipe to delete calls the data source's ``/FetchedResultsDataSourceCore/EditableListDataSource``
/// (a ``/FetchedResultsDataSourceCore/FetchedResultsDataSource`` with a `deleteItem` closure); rows do
/// not move by the user here, as what UIKit's diffable data source does
/// with its own snapshot then is not documented: ``TableViewAdapter``
/// supports moves.
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
    /// Whether the table shows a section index (`sectionIndexTitles`),
    /// off by default as for ``TableViewAdapter``; setting it reloads the
    /// index, as does every update that changes the sections.
    public var showsSectionIndex = false {
        didSet { tableView?.reloadSectionIndexTitles() }
    }
    /// Called when a delete by the user fails in the model.
    public var onEditingError: ((any Error) -> Void)?
    private let updater: DiffableListUpdater<Snapshot, UITableViewCell>
    /// The sections of the snapshot last applied: an update that changes
    /// them reloads the section index.
    private var shownSections: [DatabaseValue] = []

    /// Connects a table view and a data source, and shows the data
    /// source's rows.
    public init(tableView: UITableView, dataSource: ListDataSource<Snapshot, UITableViewCell>) {
        let updater = DiffableListUpdater(dataSource: dataSource)
        let diffable = TitledTableDiffableDataSource<Snapshot.ItemIdentifier>(tableView: tableView) { [unowned updater] _, indexPath, identifier in
            updater.cell(at: indexPath, showing: identifier)
        }
        self.tableView = tableView
        self.dataSource = dataSource
        self.diffableDataSource = diffable
        self.updater = updater
        super.init()
        answerFromTheDataSource(of: diffable)
        updater.connect(.init(show: { [weak self, weak tableView] snapshot, reloadingData in
            if reloadingData {
                diffable.applySnapshotUsingReloadData(snapshot)
            } else {
                diffable.apply(snapshot, animatingDifferences: self?.animatesDifferences ?? true)
            }
            guard let self else { return }
            let sections = snapshot.sectionIdentifiers
            if showsSectionIndex, !reloadingData, sections != shownSections { tableView?.reloadSectionIndexTitles() }
            shownSections = sections
        }, dequeue: { [weak tableView] identifier, indexPath in
            tableView?.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
                ?? UITableViewCell(style: .default, reuseIdentifier: identifier)
        }, hasUncommittedUpdates: { [weak tableView] in tableView?.hasUncommittedUpdates ?? false }))
    }
}

extension TableViewDiffableAdapter {
    /// What the diffable data source answers from the data source: section
    /// titles, the section index (when ``showsSectionIndex``), and swipe to delete
    /// through ``/FetchedResultsDataSourceCore/EditableListDataSource`` (rows do not move: what UIKit's
    /// diffable data source does with its own snapshot when the user
    /// moves a row is not documented; ``TableViewAdapter`` supports moves).
    private func answerFromTheDataSource(of diffable: TitledTableDiffableDataSource<Snapshot.ItemIdentifier>) {
        diffable.title = { [weak dataSource] in dataSource?.titleForHeader(inSection: $0) }
        diffable.indexTitles = { [weak self] in
            guard let self, showsSectionIndex else { return nil }
            return dataSource.sectionIndexTitles
        }
        diffable.sectionForIndexTitle = { [weak dataSource] title, index in
            dataSource?.section(forSectionIndexTitle: title, at: index) ?? index
        }
        diffable.canDeleteRow = { [weak dataSource] indexPath in
            (dataSource as? any EditableListDataSource)?.canDeleteRow(at: indexPath) ?? false
        }
        diffable.deleteRow = { [weak self] indexPath in
            do {
                try (self?.dataSource as? any EditableListDataSource)?.deleteRow(at: indexPath)
            } catch {
                self?.onEditingError?(error)
            }
        }
    }
}

/// A diffable data source that answers what UIKit asks a subclass for
/// (UIKit's way: override the data source methods) through closures the
/// adapter sets: section titles, the section index, swipe to delete.
@MainActor
final class TitledTableDiffableDataSource<ItemID: Hashable & Sendable>: UITableViewDiffableDataSource<DatabaseValue, ItemID> {
    var title: (Int) -> String? = { _ in nil }
    var indexTitles: () -> [String]? = { nil }
    var sectionForIndexTitle: (String, Int) -> Int = { $1 }
    var canDeleteRow: (IndexPath) -> Bool = { _ in false }
    var deleteRow: (IndexPath) -> Void = { _ in }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        title(section)
    }

    override func sectionIndexTitles(for tableView: UITableView) -> [String]? {
        indexTitles()
    }

    override func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        sectionForIndexTitle(title, index)
    }

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        canDeleteRow(indexPath)
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        if editingStyle == .delete { deleteRow(indexPath) }
    }
}
#endif
