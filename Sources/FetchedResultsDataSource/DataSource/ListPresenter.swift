import FetchedResults
import Foundation

/// What ``ArrayDataSource`` and ``FetchedResultsDataSource`` share: the
/// sections the list knows, the cell closures, and the rule that turns a
/// change set into a batch or a full reload for the consumer.
@MainActor
final class ListPresenter<Item: Sendable, Cell> {
    /// The sections the consumer knows.
    private(set) var sections: [ListSection<Item>]
    weak var consumer: (any ListConsumer<Cell>)?
    var reloadThreshold: Int?
    let cellIdentifier: (Item, IndexPath) -> String
    let configureCell: (Cell, Item, IndexPath) -> Void

    init(sections: [ListSection<Item>], cellIdentifier: @escaping (Item, IndexPath) -> String,
         configureCell: @escaping (Cell, Item, IndexPath) -> Void) {
        self.sections = sections
        self.cellIdentifier = cellIdentifier
        self.configureCell = configureCell
    }

    /// Moves to `new` by `changes` (computed from ``sections``): one batch,
    /// then a reconfigure of the moved rows that changed — or a full reload
    /// when the change set is larger than the threshold.
    func apply(_ changes: ChangeSet<Item>, to new: [ListSection<Item>]) {
        guard let consumer, !changes.isEmpty else {
            sections = new
            return
        }
        if let reloadThreshold, changes.count > reloadThreshold {
            consumer.reloadData(new) { self.sections = new }
            return
        }
        let batch = ListBatch(changes: changes, from: sections, to: new)
        consumer.performBatchUpdates(batch) { self.sections = new }
        let reconfigured = Array(batch.reconfiguredRows)
        if !reconfigured.isEmpty { consumer.reconfigureRows(at: reconfigured) }
    }

    /// Shows `new` without animation.
    func reload(_ new: [ListSection<Item>]) {
        guard let consumer else {
            sections = new
            return
        }
        consumer.reloadData(new) { self.sections = new }
    }

    /// Swaps in `new` without telling the consumer, when it already shows
    /// it (after a user-driven move).
    func replaceSilently(with new: [ListSection<Item>]) {
        sections = new
    }

    func cell(for consumer: any ListConsumer<Cell>, at indexPath: IndexPath) -> Cell {
        let item = sections[indexPath.section].items[indexPath.item]
        let cell = consumer.dequeueCell(withIdentifier: cellIdentifier(item, indexPath), for: indexPath)
        configureCell(cell, item, indexPath)
        return cell
    }
}
