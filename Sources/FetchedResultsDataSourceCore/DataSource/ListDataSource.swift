import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What ``ArrayDataSource`` and ``FetchedResultsDataSource`` share: the
/// consumer they drive, the threshold above which a change set reloads,
/// the state the list knows and the cells they configure.
///
/// Use one of the two subclasses.
@MainActor
public class ListDataSource<Snapshot: ListSnapshot, Cell>: ListViewDataSource {
    package let presenter: ListPresenter<Snapshot, Cell>

    init(snapshot: Snapshot, cellIdentifier: @escaping (Snapshot.Item) -> String,
         configureCell: @escaping (Cell, Snapshot.Item) -> Void) {
        presenter = ListPresenter(snapshot: snapshot, cellIdentifier: cellIdentifier, configureCell: configureCell)
    }

    /// The list that shows the rows; held weakly. Setting it reloads it.
    public var consumer: (any ListConsumer<Cell>)? {
        get { presenter.consumer }
        set {
            presenter.consumer = newValue
            presenter.reload(presenter.snapshot)
        }
    }

    /// The number of changes above which a change set reloads the list
    /// instead of animating it (Core Data's advice for large changes); nil
    /// never reloads. A section inserted or deleted counts one plus its
    /// rows.
    public var reloadThreshold: Int? {
        get { presenter.reloadThreshold }
        set { presenter.reloadThreshold = newValue }
    }

    /// Shows the newest state that arrived while the consumer held updates
    /// back (``ListConsumer/holdsUpdatesBack``: a UIKit list handling a
    /// drop or a reorder), with a reload. Call it when the interaction
    /// ends — from `tableView(_:performDropWith:)` once the drop is
    /// committed, or `dropSessionDidEnd` — or leave it to the next update.
    public func applyHeldBackUpdates() {
        presenter.releaseHeldBack()
    }

    /// The state as the list knows it: the state of the last batch applied.
    public var snapshot: Snapshot { presenter.snapshot }

    /// The number of rows the list shows in a section: the snapshot's,
    /// after the moves the user made that no change set has confirmed yet.
    public func numberOfRows(inSection section: Int) -> Int {
        presenter.numberOfRows(inSection: section)
    }

    /// The item of a row as the list shows it (after the user's
    /// unconfirmed moves).
    ///
    /// - Throws: When the row cannot load (a controller's snapshot with a
    ///   batch size whose row was deleted before its page loaded).
    public func item(at indexPath: IndexPath) throws -> Snapshot.Item {
        try presenter.item(at: indexPath)
    }

    public func cell(for consumer: any ListConsumer<Cell>, configuredWith item: any Sendable, at indexPath: IndexPath) -> Cell? {
        presenter.cell(for: consumer, configuredWith: item, at: indexPath)
    }

    public func cell(for consumer: any ListConsumer<Cell>, at indexPath: IndexPath) -> Cell {
        presenter.cell(for: consumer, at: indexPath)
    }
}
