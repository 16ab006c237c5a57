import FetchedResults
import Foundation

/// What ``ArrayDataSource`` and ``FetchedResultsDataSource`` share: the
/// snapshot the list knows, the cell closures, and the rule that turns a
/// change set into a batch or a full reload for the consumer.
@MainActor
final class ListPresenter<Snapshot: ListSnapshot, Cell> {
    typealias Item = Snapshot.Item

    /// The state the consumer knows.
    private(set) var snapshot: Snapshot
    weak var consumer: (any ListConsumer<Cell>)?
    var reloadThreshold: Int?
    let cellIdentifier: (Item) -> String
    let configureCell: (Cell, Item) -> Void
    /// The kind of the last cell dequeued, for a row that cannot load.
    private var lastCellIdentifier = "Cell"

    init(snapshot: Snapshot, cellIdentifier: @escaping (Item) -> String, configureCell: @escaping (Cell, Item) -> Void) {
        self.snapshot = snapshot
        self.cellIdentifier = cellIdentifier
        self.configureCell = configureCell
    }

    /// Moves to `new` by `changes` (computed from ``snapshot``): one batch,
    /// then a reconfigure of the moved rows that changed — or a full reload
    /// when the change set is larger than the threshold.
    func apply(_ changes: ChangeSet<Item>, to new: Snapshot) {
        guard let consumer, !changes.isEmpty else {
            snapshot = new
            return
        }
        if let reloadThreshold, changes.count > reloadThreshold {
            consumer.reloadData(new) { self.snapshot = new }
            return
        }
        let batch = ListBatch(changes: changes, oldRowCounts: snapshot.rowCounts, newRowCounts: new.rowCounts)
        consumer.performBatchUpdates(batch) { self.snapshot = new }
        let reconfigured = Array(batch.reconfiguredRows)
        if !reconfigured.isEmpty { consumer.reconfigureRows(at: reconfigured) }
    }

    /// Shows `new` without animation.
    func reload(_ new: Snapshot) {
        guard let consumer else {
            snapshot = new
            return
        }
        consumer.reloadData(new) { self.snapshot = new }
    }

    /// Swaps in `new` without telling the consumer, which already shows it
    /// (after a user-driven move), then refreshes rows whose content changed.
    func replaceSilently(with new: Snapshot, reconfiguring indexPaths: [IndexPath]) {
        snapshot = new
        if !indexPaths.isEmpty { consumer?.reconfigureRows(at: indexPaths) }
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

    /// The configured cell of a row. A row that no longer loads (deleted
    /// before its page loaded; the change set removing it is on its way)
    /// gets an unconfigured cell of the last kind dequeued, never a trap.
    func cell(for consumer: any ListConsumer<Cell>, at indexPath: IndexPath) -> Cell {
        guard let item = try? snapshot.item(at: indexPath) else {
            return consumer.dequeueCell(withIdentifier: lastCellIdentifier, for: indexPath)
        }
        lastCellIdentifier = cellIdentifier(item)
        let cell = consumer.dequeueCell(withIdentifier: lastCellIdentifier, for: indexPath)
        configureCell(cell, item)
        return cell
    }
}
