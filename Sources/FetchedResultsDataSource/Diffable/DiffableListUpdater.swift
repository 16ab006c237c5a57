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
/// one last shown and the change set (``DiffableSnapshotEdits``), with the
/// changed rows — and rows the change set inserts that were shown before —
/// reconfigured or reloaded by their kind of cell, shown once the update is
/// delivered (``finishUpdate()``). The first state, and change sets past
/// the data source's reload threshold, are shown whole without a diff.
///
/// The adapter connects the calls that differ per platform: how to show
/// a snapshot (diffed, or reloaded), how to dequeue a cell, and whether
/// the view has uncommitted updates.
@MainActor
final class DiffableListUpdater<Snapshot: DiffableListSnapshot, Cell>: ListConsumer {
    typealias Identifiers = NSDiffableDataSourceSnapshot<DatabaseValue, Snapshot.ItemIdentifier>

    /// The calls of one platform's diffable data source and view.
    struct Platform {
        /// Shows a snapshot: diffed (false) or reloaded whole (true).
        var show: (Identifiers, _ reloadingData: Bool) -> Void
        /// A cell of a kind for a row, reused where the view can.
        var dequeue: (String, IndexPath) -> Cell
        /// Whether the view has uncommitted updates (UIKit: a drop or a
        /// reorder in progress), when no snapshot may be applied.
        var hasUncommittedUpdates: () -> Bool = { false }
    }

    /// One update under way: the new snapshot, the rows to refresh in
    /// it, and the state it shows.
    private struct Update {
        var identifiers: Identifiers
        var reconfigured: [Snapshot.ItemIdentifier] = []
        var reloaded: [Snapshot.ItemIdentifier] = []
        var state: Snapshot
    }

    private weak var dataSource: ListDataSource<Snapshot, Cell>?
    private var platform: Platform?
    /// The snapshot last shown, without the refreshes it was shown with:
    /// what the data source's state looks like as identifiers, and what
    /// the next update edits. The adapter keeps its own rather than edit
    /// the one the diffable data source returns: whether that one still
    /// carries the last refreshes, or rows the user reordered, is not
    /// documented. Nil when the state moved without a batch (the model
    /// confirming rows the user moved): the next update rebuilds it.
    private var lastShown: Identifiers?
    private var pending: Update?

    init(dataSource: ListDataSource<Snapshot, Cell>) {
        self.dataSource = dataSource
    }

    /// Connects the platform's calls, and shows the data source's rows.
    func connect(_ platform: Platform) {
        self.platform = platform
        dataSource?.consumer = self
    }

    /// The item of a row, named by its index path and by the identifier
    /// the diffable data source shows there; when the data source's state
    /// has another row at that index path, the row is found by its
    /// identifier, so a cell never shows another row's item. Nil when the
    /// row cannot load (a controller's snapshot with a batch size whose row
    /// was deleted before its page loaded), or the state has no such row.
    ///
    /// - Complexity: O(log n) for a controller's snapshot; when the two
    ///   disagree, what ``DiffableListSnapshot/indexPath(ofItemIdentifier:)`` costs.
    func item(at indexPath: IndexPath, showing identifier: Snapshot.ItemIdentifier) -> Snapshot.Item? {
        guard let dataSource else { return nil }
        let state = dataSource.snapshot
        let path = dataSource.presenter.userMoves.indexPathBeforeMoves(of: indexPath)
        if state.contains(path), state.itemIdentifier(at: path) == identifier { return try? state.item(at: path) }
        return state.indexPath(ofItemIdentifier: identifier).flatMap { try? state.item(at: $0) }
    }

    /// The configured cell of a row (``item(at:showing:)``): the diffable
    /// data source's cell provider. A row without an item gets an
    /// unconfigured cell of the last kind dequeued.
    func cell(at indexPath: IndexPath, showing identifier: Snapshot.ItemIdentifier) -> Cell? {
        guard let dataSource else { return nil }
        guard let item = item(at: indexPath, showing: identifier) else {
            return dataSource.presenter.unconfiguredCell(for: self, at: indexPath)
        }
        return dataSource.cell(for: self, configuredWith: item, at: indexPath)
    }

    // MARK: ListConsumer

    /// Switches the data source to the new state and edits the snapshot
    /// last shown by the change set.
    func performBatchUpdates<Item: Sendable>(_ batch: ListBatch<Item>, updateData: @escaping () -> Void) {
        guard let dataSource, platform != nil, let changes = batch.changes as? ChangeSet<Snapshot.Item> else {
            return reloadData(updateData: updateData)
        }
        let old = dataSource.snapshot
        updateData()
        var identifiers = lastShown ?? Identifiers(old)
        lastShown = nil  // edited in place below, not copied
        let edits = DiffableSnapshotEdits(old: old, new: dataSource.snapshot)
        let returning = returningRows(edits.insertedIdentifiers(for: changes), shownBefore: identifiers, old: old)
        if edits.rewritesMostRows(for: changes) {
            // Appending every row to an empty snapshot costs less than
            // deleting most rows and appending them again; both give the
            // same snapshot.
            identifiers = Identifiers(dataSource.snapshot)
        } else {
            identifiers.apply(edits.edits(for: changes))
        }
        pending = Update(identifiers: identifiers, reconfigured: returning.reconfigured, reloaded: returning.reloaded,
                         state: dataSource.snapshot)
    }

    /// The inserted rows that were shown before (they keep their identity,
    /// so the diffable data source keeps their cells; the change set does
    /// not say whether their content changed): to reconfigure when they
    /// keep their kind of cell, to reload when it changed.
    ///
    /// - Complexity: O(k·s) for k such rows and s sections.
    private func returningRows(_ inserted: [(identifier: Snapshot.ItemIdentifier, at: IndexPath)], shownBefore shown: Identifiers,
                               old: Snapshot) -> (reconfigured: [Snapshot.ItemIdentifier], reloaded: [Snapshot.ItemIdentifier]) {
        var rows: (reconfigured: [Snapshot.ItemIdentifier], reloaded: [Snapshot.ItemIdentifier]) = ([], [])
        guard let dataSource else { return rows }
        for row in inserted where shown.sectionIdentifier(containingItem: row.identifier) != nil {
            if let path = shown.indexPath(of: row.identifier), let oldItem = try? old.item(at: path),
               let newItem = try? dataSource.snapshot.item(at: row.at),
               dataSource.presenter.cellIdentifier(oldItem) == dataSource.presenter.cellIdentifier(newItem) {
                rows.reconfigured.append(row.identifier)
            } else {
                rows.reloaded.append(row.identifier)
            }
        }
        return rows
    }

    /// No snapshot is applied while the view has uncommitted updates
    /// (``ListDataSource/applyHeldBackUpdates()`` shows the newest state).
    var holdsUpdatesBack: Bool { platform?.hasUncommittedUpdates() ?? false }

    /// Changed rows are marked in the snapshot after the batch's edits.
    var refreshesChangedRowsAfterBatch: Bool { true }

    /// Marks rows (new index paths) to reconfigure: they keep their cells.
    func reconfigureRows(at indexPaths: [IndexPath]) {
        mark(indexPaths) { $0.reconfigured += $1 }
    }

    /// Marks rows (new index paths) to reload: they get new cells.
    func reloadRows(at indexPaths: [IndexPath]) {
        mark(indexPaths) { $0.reloaded += $1 }
    }

    /// Adds rows to the update under way; outside one (the model
    /// confirmed rows the user moved, and some changed), to an update of
    /// the whole state.
    private func mark(_ indexPaths: [IndexPath], _ edit: (inout Update, [Snapshot.ItemIdentifier]) -> Void) {
        guard let dataSource else { return }
        var update = pending ?? Update(identifiers: Identifiers(dataSource.snapshot), state: dataSource.snapshot)
        edit(&update, indexPaths.map(update.state.itemIdentifier(at:)))
        pending = update
    }

    /// Shows the update under way, diffed by the diffable data source,
    /// with its refreshes marked on a copy: the snapshot kept for the next
    /// update has none. With no update under way, the state moved without
    /// a batch: the next one rebuilds the snapshot from the state.
    ///
    /// - Complexity: O(n) to copy the snapshot when rows are refreshed
    ///   (the diffable data source's `apply` is O(n) too); O(1) otherwise.
    func finishUpdate() {
        guard let update = pending, let platform else {
            lastShown = nil
            return
        }
        pending = nil
        if update.reconfigured.isEmpty && update.reloaded.isEmpty {
            platform.show(update.identifiers, false)
        } else {
            var marked = update.identifiers
            if !update.reconfigured.isEmpty { marked.reconfigureItems(update.reconfigured) }
            if !update.reloaded.isEmpty { marked.reloadItems(update.reloaded) }
            platform.show(marked, false)
        }
        lastShown = update.identifiers
    }

    /// Switches the data source to its new state and shows it whole,
    /// without a diff.
    func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void) {
        reloadData(updateData: updateData)
    }

    private func reloadData(updateData: () -> Void) {
        pending = nil
        lastShown = nil
        updateData()
        guard let dataSource, let platform else { return }
        let identifiers = Identifiers(dataSource.snapshot)
        platform.show(identifiers, true)
        lastShown = identifiers
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
