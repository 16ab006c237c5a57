import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What ``ArrayDataSource`` and ``FetchedResultsDataSource`` share: the
/// snapshot the list knows, the cell closures, and the rule that turns a
/// change set into a batch or a full reload for the consumer.
@MainActor
package final class ListPresenter<Snapshot: ListSnapshot, Cell> {
    package typealias Item = Snapshot.Item

    /// The state the consumer knows.
    package private(set) var snapshot: Snapshot
    weak var consumer: (any ListConsumer<Cell>)?
    var reloadThreshold: Int?
    package let cellIdentifier: (Item) -> String
    let configureCell: (Cell, Item) -> Void
    /// The kind of the last cell dequeued, for a row that cannot load.
    private var lastCellIdentifier = "Cell"
    /// Moves the user made in the list that no change set has confirmed
    /// yet: the list shows them, so rows are answered through them.
    package var userMoves = UserMoves()
    /// The newest state that arrived while the consumer held updates back
    /// (``ListConsumer/holdsUpdatesBack``); ``snapshot`` stays the state
    /// the list shows until it is released.
    private var heldBack: Snapshot?

    init(snapshot: Snapshot, cellIdentifier: @escaping (Item) -> String, configureCell: @escaping (Cell, Item) -> Void) {
        self.snapshot = snapshot
        self.cellIdentifier = cellIdentifier
        self.configureCell = configureCell
    }

    /// Moves to `new` by `changes` (computed from ``snapshot``): one batch,
    /// then a refresh of the moved rows that changed (and of the updated
    /// rows, for a consumer that refreshes them after the batch) — or a
    /// full reload when the change set is larger than the threshold.
    func apply(_ changes: ChangeSet<Item>, to new: Snapshot) {
        userMoves.removeAll()
        guard let consumer else {
            snapshot = new
            heldBack = nil
            return
        }
        let wasHoldingBack = heldBack != nil
        guard !holdsBack(new) else { return }
        if wasHoldingBack {
            // A change set that arrives after held-back ones may start
            // from the newest state held back, not from the one the list
            // shows: show the new state whole.
            consumer.reloadData(new) { self.snapshot = new }
            return
        }
        guard !changes.isEmpty else {
            snapshot = new
            return
        }
        if let reloadThreshold, size(of: changes) > reloadThreshold {
            consumer.reloadData(new) { self.snapshot = new }
            return
        }
        let batch = ListBatch(changes: changes, oldRowCounts: snapshot.rowCounts, newRowCounts: new.rowCounts)
        var refresh = changes.contentChangedMoves.map { move in
            (old: try? self.snapshot.item(at: move.from), new: move.item, at: move.to)
        }
        if consumer.refreshesChangedRowsAfterBatch {
            refresh += changes.updatedRows.map { update in
                (old: try? self.snapshot.item(at: update.from), new: update.item, at: update.to)
            }
        }
        let afterBatch = rowRefresh(refresh)
        consumer.performBatchUpdates(batch, updateData: switchOnce(to: new))
        afterBatch.send(to: consumer)
    }

    /// The size of a change set for the reload threshold: one per row or
    /// section change, plus the rows of each section inserted or deleted
    /// (a flat list such as `NSTableView` inserts or removes every one).
    ///
    /// - Complexity: O(s) for s sections inserted or deleted.
    private func size(of changes: ChangeSet<Item>) -> Int {
        let deletedRows = changes.deletedSections.reduce(0) { $0 + snapshot.numberOfItems(inSection: $1) }
        let insertedRows = changes.insertedSections.reduce(0) { $0 + $1.section.items.count }
        return changes.count + deletedRows + insertedRows
    }

    /// Switches to `new` the first time it runs; later calls do nothing.
    /// UIKit runs an updates block once (`NS_NOESCAPE`), but a consumer is
    /// handed an `@escaping` closure: a second call must not bring an
    /// older state back.
    private func switchOnce(to new: Snapshot) -> () -> Void {
        let switched = Flag()
        return { [weak self] in
            guard !switched.isSet else { return }
            switched.isSet = true
            self?.snapshot = new
        }
    }

    /// Shows `new` without animation.
    package func reload(_ new: Snapshot) {
        userMoves.removeAll()
        guard let consumer else {
            snapshot = new
            return
        }
        guard !holdsBack(new) else { return }
        consumer.reloadData(new) { self.snapshot = new }
    }

    /// Keeps `new` for later when the consumer holds updates back; forgets
    /// a state kept earlier otherwise (the caller then shows `new` whole
    /// when one was kept: see ``apply(_:to:)``).
    private func holdsBack(_ new: Snapshot) -> Bool {
        guard consumer?.holdsUpdatesBack == true else {
            heldBack = nil
            return false
        }
        heldBack = new
        return true
    }

    /// Shows the newest state held back, whole, if any.
    func releaseHeldBack() {
        guard let new = heldBack, consumer?.holdsUpdatesBack != true else { return }
        heldBack = nil
        reload(new)
    }

    /// Swaps in `new` without telling the consumer, which already shows its
    /// order (after user-driven moves), then refreshes the rows whose
    /// content changed.
    ///
    /// - Parameter changed: The rows whose content changed: the item shown
    ///   before (nil when unknown), the new one, and where it is.
    func replaceSilently(with new: Snapshot, changed: [(old: Item?, new: Item, at: IndexPath)]) {
        userMoves.removeAll()
        snapshot = new
        if let consumer { rowRefresh(changed).send(to: consumer) }
    }

    /// Splits rows to refresh after a batch: a row keeping its kind of
    /// cell is reconfigured; one whose cell identifier changed (or whose
    /// old item is unknown) gets a new cell.
    private func rowRefresh(_ rows: [(old: Item?, new: Item, at: IndexPath)]) -> RowRefresh {
        var refresh = RowRefresh()
        for row in rows {
            if let old = row.old, cellIdentifier(old) == cellIdentifier(row.new) {
                refresh.reconfigured.append(row.at)
            } else {
                refresh.reloaded.append(row.at)
            }
        }
        return refresh
    }

    /// A cell configured with an item a change set carries; nil when it is
    /// not an `Item`.
    func cell(for consumer: any ListConsumer<Cell>, configuredWith item: any Sendable, at indexPath: IndexPath) -> Cell? {
        guard let item = item as? Item else { return nil }
        lastCellIdentifier = cellIdentifier(item)
        let cell = consumer.dequeueCell(withIdentifier: lastCellIdentifier, for: indexPath)
        configureCell(cell, item)
        return cell
    }

    /// A cell of the last kind dequeued, not configured: for a row whose
    /// item the data source cannot name.
    package func unconfiguredCell(for consumer: any ListConsumer<Cell>, at indexPath: IndexPath) -> Cell {
        consumer.dequeueCell(withIdentifier: lastCellIdentifier, for: indexPath)
    }

    /// The configured cell of a row. A row that no longer loads (deleted
    /// before its page loaded; the change set removing it is on its way)
    /// gets an unconfigured cell of the last kind dequeued, never a trap.
    func cell(for consumer: any ListConsumer<Cell>, at indexPath: IndexPath) -> Cell {
        guard let item = try? item(at: indexPath) else { return unconfiguredCell(for: consumer, at: indexPath) }
        lastCellIdentifier = cellIdentifier(item)
        let cell = consumer.dequeueCell(withIdentifier: lastCellIdentifier, for: indexPath)
        configureCell(cell, item)
        return cell
    }

    // MARK: Rows as shown

    /// The number of rows the list shows in a section.
    func numberOfRows(inSection section: Int) -> Int {
        userMoves.rowCount(inSection: section, before: snapshot.numberOfItems(inSection: section))
    }

    /// The item of a row as the list shows it.
    ///
    /// - Throws: When the row cannot load.
    func item(at indexPath: IndexPath) throws -> Item {
        try snapshot.item(at: userMoves.indexPathBeforeMoves(of: indexPath))
    }
}

/// Rows to refresh once a batch is applied, in new coordinates; sending
/// them ends the update (``ListConsumer/finishUpdate()``).
@MainActor
struct RowRefresh {
    /// Rows that keep their cell, configured again.
    var reconfigured: [IndexPath] = []
    /// Rows that need a new cell (their kind of cell changed).
    var reloaded: [IndexPath] = []

    func send<Cell>(to consumer: any ListConsumer<Cell>) {
        if !reconfigured.isEmpty { consumer.reconfigureRows(at: reconfigured) }
        if !reloaded.isEmpty { consumer.reloadRows(at: reloaded) }
        consumer.finishUpdate()
    }
}

/// A flag a closure can set (the closures that switch state run on the
/// main actor).
@MainActor
private final class Flag {
    var isSet = false
}
