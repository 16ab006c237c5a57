import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Persistence

/// A data source backed by a `FetchedResultsController`: the list shows
/// the controller's rows, and every change set the controller delivers is
/// applied to the list as one batch — objc.io's `ArrayDataSource`, for a
/// live query.
///
/// ```swift
/// let controller = FetchedResultsController<Photo>(database: dbQueue, request: FetchRequest(
///     table: "photo", sortedBy: [.ascending("album"), .descending("rating")], sectionColumn: "album"))
/// let dataSource = FetchedResultsDataSource(controller: controller) { (cell: UITableViewCell, photo) in
///     cell.textLabel?.text = photo.name
/// }
/// adapter = TableViewAdapter(tableView: tableView, dataSource: dataSource)   // the consumer
/// dataSource.deleteItem = { photo in
///     _ = try dbQueue.writeAndWait { db in try photo.delete(db) }
/// }
/// try await dataSource.performFetch()
/// ```
///
/// The list never edits the database: delete and move requests call the
/// model closures (``deleteItem``, ``moveItem``), and their effect comes
/// back through the controller like any other commit.
@MainActor
public final class FetchedResultsDataSource<Item: FetchableRecord & Sendable, Cell>: ListDataSource<FetchedResultsSnapshot<Item>, Cell> {
    /// The controller whose rows the list shows.
    public let controller: FetchedResultsController<Item>

    private let follower = ControllerFollower<Item>()
    private var updateHandlers: [(FetchedResultsUpdate<Item>) -> Void] = []

    /// Deletes an item in the model (the database); called when the user
    /// deletes a row. Nil: rows cannot be deleted.
    public var deleteItem: ((Item) throws -> Void)?
    /// Moves an item in the model; called when the user moved a row from
    /// one index path to another. Nil: rows cannot be moved.
    public var moveItem: ((Item, _ from: IndexPath, _ to: IndexPath) throws -> Void)?
    /// Whether a row can be deleted or moved; all can by default.
    public var canEditItem: ((Item) -> Bool)?
    /// Called when observation fails (the controller stops observing).
    public var onError: ((any Error) -> Void)?

    /// Creates a data source for a controller, with a ``ListDataSource/reloadThreshold``
    /// of 1,000 changes.
    ///
    /// - Parameters:
    ///   - controller: The controller; ``performFetch()`` fetches through it.
    ///   - cellIdentifier: The kind of cell for an item (`"Cell"` by default).
    ///   - configureCell: Fills a cell with an item; given once.
    public init(controller: FetchedResultsController<Item>,
                cellIdentifier: @escaping (Item) -> String = { _ in "Cell" },
                configureCell: @escaping (Cell, Item) -> Void) {
        self.controller = controller
        super.init(snapshot: .empty, cellIdentifier: cellIdentifier, configureCell: configureCell)
        reloadThreshold = 1_000
    }

    /// Fetches through the controller, shows the rows, and from then on
    /// applies every change set to the consumer. When it returns, the data
    /// source answers with the fetched rows.
    ///
    /// - Throws: What `FetchedResultsController.performFetch()` throws.
    public func performFetch() async throws {
        try await follower.follow(controller, receive: { [weak self] update in self?.receive(update) },
                                  fail: { [weak self] error in self?.onError?(error) })
    }

    /// Stops following the controller; the list keeps what it shows.
    public func stop() {
        follower.stop()
    }

    /// Calls `handler` after each update is applied to the list (after the
    /// initial one too).
    public func onUpdate(_ handler: @escaping (FetchedResultsUpdate<Item>) -> Void) {
        updateHandlers.append(handler)
    }

    func receive(_ update: FetchedResultsUpdate<Item>) {
        if update.isInitial || update.previousSnapshot.rowCounts != presenter.snapshot.rowCounts {
            // The first state, or one the list cannot reach by this change
            // set: show it whole.
            presenter.reload(update.snapshot)
        } else if !presenter.userMoves.isEmpty {
            applyAfterUserMoves(update)
        } else {
            presenter.apply(update.changes, to: update.snapshot)
        }
        for handler in updateHandlers { handler(update) }
    }
}
