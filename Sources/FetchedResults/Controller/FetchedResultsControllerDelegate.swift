import Foundation
import Persistence

/// The kind of a section or row change, as Core Data names them.
public enum FetchedResultsChangeType: Sendable, Hashable {
    /// Inserted at the new index (path).
    case insert
    /// Deleted from the old index (path).
    case delete
    /// Moved from the old index path to the new one; reconfigure the row at
    /// the new index path after the batch if its content changed too.
    case move
    /// Changed in place: reload at the old index path inside the batch, or
    /// reconfigure at the new one after it.
    case update
}

/// Receives a controller's changes in the Core Data style, on the main
/// actor, where the views they feed live: a Swift 6 view controller
/// conforms as it is.
///
/// For each change set: ``controllerWillChangeContent(_:)``, then the
/// section changes (deletes, then inserts), then the row changes
/// (deletes, inserts, moves, updates), then
/// ``controller(_:didChangeContentWith:)`` with the whole change set and
/// ``controllerDidChangeContent(_:)``. While they run, the controller's
/// ``FetchedResultsController/snapshot`` already is the new state (it is
/// swapped on the controller's ``FetchedResultsController/queue``, the
/// main queue by default, just before).
///
/// ```swift
/// @MainActor
/// final class PhotoModel: FetchedResultsControllerDelegate {
///     var sections: [ListSection<Photo>] = []
///     func controller(_ controller: FetchedResultsController<Photo>,
///                     didChangeContentWith update: FetchedResultsUpdate<Photo>) {
///         sections = (try? update.changes.applied(to: sections)) ?? sections
///     }
/// }
/// ```
///
/// (For a table view, a `FetchedResultsDataSource` with a
/// `TableViewAdapter` applies each change set in one `performBatchUpdates`.)
///
/// Every method has an empty default implementation.
@MainActor
public protocol FetchedResultsControllerDelegate<Item>: AnyObject {
    /// The row type.
    associatedtype Item: FetchableRecord & Sendable

    /// A change set is about to be reported.
    func controllerWillChangeContent(_ controller: FetchedResultsController<Item>)

    /// A section was inserted (at its new index) or deleted (at its old
    /// index).
    ///
    /// - Parameters:
    ///   - controller: The controller.
    ///   - section: The section: from the new snapshot for an insert, from
    ///     the previous one for a delete.
    ///   - sectionIndex: The new index of an insert, the old index of a
    ///     delete.
    ///   - type: ``FetchedResultsChangeType/insert`` or
    ///     ``FetchedResultsChangeType/delete``.
    func controller(_ controller: FetchedResultsController<Item>, didChange section: FetchedResultsSection<Item>,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType)

    /// A row was inserted, deleted, moved or updated.
    ///
    /// - Parameters:
    ///   - controller: The controller.
    ///   - object: The row's content: the new content, or for a delete the
    ///     old one (nil only for a batched controller that never loaded it).
    ///   - indexPath: The old index path (delete, move, update), or nil.
    ///   - type: What happened.
    ///   - newIndexPath: The new index path (insert, move, update), or nil.
    func controller(_ controller: FetchedResultsController<Item>, didChange object: Item?, at indexPath: IndexPath?,
                    for type: FetchedResultsChangeType, newIndexPath: IndexPath?)

    /// The whole change set with the new snapshot: apply it in one batch.
    func controller(_ controller: FetchedResultsController<Item>, didChangeContentWith update: FetchedResultsUpdate<Item>)

    /// The change set has been reported.
    func controllerDidChangeContent(_ controller: FetchedResultsController<Item>)

    /// Observation failed (for example, the table was dropped); the
    /// controller stops observing and keeps its last snapshot.
    func controller(_ controller: FetchedResultsController<Item>, didFailWith error: any Error)
}

extension FetchedResultsControllerDelegate {
    public func controllerWillChangeContent(_ controller: FetchedResultsController<Item>) {}
    public func controller(_ controller: FetchedResultsController<Item>, didChange section: FetchedResultsSection<Item>,
                           atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {}
    public func controller(_ controller: FetchedResultsController<Item>, didChange object: Item?, at indexPath: IndexPath?,
                           for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {}
    public func controller(_ controller: FetchedResultsController<Item>, didChangeContentWith update: FetchedResultsUpdate<Item>) {}
    public func controllerDidChangeContent(_ controller: FetchedResultsController<Item>) {}
    public func controller(_ controller: FetchedResultsController<Item>, didFailWith error: any Error) {}
}
