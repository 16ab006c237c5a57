#if canImport(UIKit) && !os(watchOS)
import FetchedResults
import Persistence
import UIKit
#elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import FetchedResults
import Persistence
#elseif os(Linux)
import AppleListStandIns
import FetchedResults
import Persistence
#endif

#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)

/// The consumer behind the diffable adapters: each update of a data
/// source becomes one new `NSDiffableDataSourceSnapshot`, built from the
/// one shown and the change set (``DiffableSnapshotEdits``), with the
/// changed rows — and rows the change set inserts that were shown before —
/// reconfigured or reloaded by their kind of cell, shown once the update is
/// delivered (``finishUpdate()``). The first state, and change sets past
/// the data source's reload threshold, are shown whole without a diff.
///
/// The adapter connects the calls that differ per platform: the snapshot
/// shown, how to show one (diffed, or reloaded), how to dequeue a cell,
/// and whether the view has uncommitted updates.
@MainActor
final class DiffableListUpdater<Snapshot: DiffableListSnapshot, Cell>: ListConsumer {
    typealias Identifiers = NSDiffableDataSourceSnapshot<DatabaseValue, Snapshot.ItemIdentifier>

    /// The calls of one platform's diffable data source and view.
    struct Platform {
        /// The snapshot the diffable data source shows.
        var shown: () -> Identifiers
        /// Shows a snapshot: diffed (false) or reloaded whole (true).
        var show: (Identifiers, _ reloadingData: Bool) -> Void
        /// A cell of a kind for a row, reused where the view can.
        var dequeue: (String, IndexPath) -> Cell
        /// Whether the view has uncommitted updates (UIKit: a drop or a
        /// reorder in progress), when no snapshot may be applied.
        var hasUncommittedUpdates: () -> Bool = { false }
    }

    private weak var dataSource: ListDataSource<Snapshot, Cell>?
    private var platform: Platform?
    /// The snapshot of the update under way, and the state it shows.
    private var pending: (identifiers: Identifiers, state: Snapshot)?

    init(dataSource: ListDataSource<Snapshot, Cell>) {
        self.dataSource = dataSource
    }

    /// Connects the platform's calls, and shows the data source's rows.
    func connect(_ platform: Platform) {
        self.platform = platform
        dataSource?.consumer = self
    }

    /// The configured cell of a row: the diffable data source's cell
    /// provider.
    func cell(at indexPath: IndexPath) -> Cell? {
        dataSource?.cell(for: self, at: indexPath)
    }

    // MARK: ListConsumer

    /// Switches the data source to the new state and edits a copy of the
    /// snapshot shown by the change set.
    func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: @escaping () -> Void) {
        guard let dataSource, let platform, let changes = batch.changes as? ChangeSet<Snapshot.Item> else {
            return reloadData(updateData: updateData)
        }
        let old = dataSource.snapshot
        updateData()
        let shown = platform.shown()
        let edits = DiffableSnapshotEdits(old: old, new: dataSource.snapshot)
        var identifiers = shown
        identifiers.apply(edits.edits(for: changes))
        refreshReturningRows(edits.insertedIdentifiers(for: changes), shown: shown, old: old, in: &identifiers)
        pending = (identifiers, dataSource.snapshot)
    }

    /// Marks the inserted rows that were shown before (they keep their
    /// identity, so the diffable data source keeps their cells; the change
    /// set does not say whether their content changed): reconfigured when
    /// they keep their kind of cell, reloaded when it changed.
    ///
    /// - Complexity: O(k·s) for k such rows and s sections.
    private func refreshReturningRows(_ inserted: [(identifier: Snapshot.ItemIdentifier, at: IndexPath)], shown: Identifiers,
                                      old: Snapshot, in identifiers: inout Identifiers) {
        guard let dataSource else { return }
        var reconfigured: [Snapshot.ItemIdentifier] = []
        var reloaded: [Snapshot.ItemIdentifier] = []
        for row in inserted where shown.sectionIdentifier(containingItem: row.identifier) != nil {
            if let path = shown.indexPath(of: row.identifier), let oldItem = try? old.item(at: path),
               let newItem = try? dataSource.snapshot.item(at: row.at),
               dataSource.presenter.cellIdentifier(oldItem) == dataSource.presenter.cellIdentifier(newItem) {
                reconfigured.append(row.identifier)
            } else {
                reloaded.append(row.identifier)
            }
        }
        if !reconfigured.isEmpty { identifiers.reconfigureItems(reconfigured) }
        if !reloaded.isEmpty { identifiers.reloadItems(reloaded) }
    }

    /// No snapshot is applied while the view has uncommitted updates
    /// (``ListDataSource/applyHeldBackUpdates()`` shows the newest state).
    var holdsUpdatesBack: Bool { platform?.hasUncommittedUpdates() ?? false }

    /// Changed rows are marked in the snapshot after the batch's edits.
    var refreshesChangedRowsAfterBatch: Bool { true }

    /// Marks rows (new index paths) to reconfigure: they keep their cells.
    func reconfigureRows(at indexPaths: [IndexPath]) {
        mark(indexPaths) { $0.reconfigureItems($1) }
    }

    /// Marks rows (new index paths) to reload: they get new cells.
    func reloadRows(at indexPaths: [IndexPath]) {
        mark(indexPaths) { $0.reloadItems($1) }
    }

    private func mark(_ indexPaths: [IndexPath], _ edit: (inout Identifiers, [Snapshot.ItemIdentifier]) -> Void) {
        guard let dataSource, let platform else { return }
        var update = pending ?? (platform.shown(), dataSource.snapshot)
        edit(&update.identifiers, indexPaths.map(update.state.itemIdentifier(at:)))
        pending = update
    }

    /// Shows the update under way, diffed by the diffable data source.
    func finishUpdate() {
        guard let update = pending else { return }
        pending = nil
        platform?.show(update.identifiers, false)
    }

    /// Switches the data source to its new state and shows it whole,
    /// without a diff.
    func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void) {
        reloadData(updateData: updateData)
    }

    private func reloadData(updateData: () -> Void) {
        pending = nil
        updateData()
        guard let dataSource, let platform else { return }
        platform.show(Identifiers(dataSource.snapshot), true)
    }

    func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Cell {
        platform!.dequeue(identifier, indexPath)
    }
}

extension NSDiffableDataSourceSnapshot where SectionIdentifierType == DatabaseValue {
    /// A snapshot of every section and row of a list.
    ///
    /// - Complexity: O(n) identity reads.
    init<Snapshot: DiffableListSnapshot>(_ list: Snapshot) where Snapshot.ItemIdentifier == ItemIdentifierType {
        self.init()
        for section in 0..<list.numberOfSections {
            let name = list.sectionName(at: section)
            appendSections([name])
            appendItems((0..<list.numberOfItems(inSection: section)).map { list.itemIdentifier(at: IndexPath(item: $0, section: section)) },
                        toSection: name)
        }
    }

    /// The index path of an item, or nil when the snapshot does not hold it.
    ///
    /// - Complexity: O(s) for s sections, plus what `indexOfItem(_:)` costs.
    func indexPath(of item: ItemIdentifierType) -> IndexPath? {
        guard let section = sectionIdentifier(containingItem: item), let sectionIndex = indexOfSection(section),
              let index = indexOfItem(item) else { return nil }
        let before = sectionIdentifiers[..<sectionIndex].reduce(0) { $0 + numberOfItems(inSection: $1) }
        return IndexPath(item: index - before, section: sectionIndex)
    }

    /// Makes the calls the edits record.
    mutating func apply(_ edits: [DiffableSnapshotEdit<ItemIdentifierType>]) {
        for edit in edits {
            switch edit {
            case .deleteItems(let items): deleteItems(items)
            case .deleteSections(let sections): deleteSections(sections)
            case .insertSections(let sections, let next): insertSections(sections, beforeSection: next)
            case .appendSections(let sections): appendSections(sections)
            case .insertItems(let items, let next): insertItems(items, beforeItem: next)
            case .appendItems(let items, let section): appendItems(items, toSection: section)
            case .replaceItems(let section, let items):
                deleteItems(itemIdentifiers(inSection: section))
                appendItems(items, toSection: section)
            }
        }
    }
}
#endif
