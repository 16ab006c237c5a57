import FetchedResults
import Foundation
import Persistence

/// A ``/FetchedResultsDataSourceCore/ListSnapshot`` whose rows have identities: what a diffable data
/// source needs to name them (`NSDiffableDataSourceSnapshot` item
/// identifiers). Sections are named by their ``/FetchedResultsDataSourceCore/ListSnapshot/sectionName(at:)``.
///
/// A controller's snapshot identifies rows by their identity column; an
/// array of sections of ``SendableIdentifiable`` items by their `id`.
public protocol DiffableListSnapshot<Item>: ListSnapshot {
    /// The identity of a row.
    associatedtype ItemIdentifier: Hashable & Sendable

    /// The identity of the row at an index path.
    ///
    /// - Precondition: The index path is in bounds.
    func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifier

    /// The index path of the row with an identity, or nil when no row has
    /// it.
    ///
    /// The default implementation reads every row's identity.
    ///
    /// - Complexity: O(n) by default.
    func indexPath(ofItemIdentifier identifier: ItemIdentifier) -> IndexPath?
}

extension DiffableListSnapshot {
    public func indexPath(ofItemIdentifier identifier: ItemIdentifier) -> IndexPath? {
        for section in 0..<numberOfSections {
            for item in 0..<numberOfItems(inSection: section) where itemIdentifier(at: IndexPath(item: item, section: section)) == identifier {
                return IndexPath(item: item, section: section)
            }
        }
        return nil
    }

    /// Whether an index path names a row of the list.
    func contains(_ indexPath: IndexPath) -> Bool {
        (0..<numberOfSections).contains(indexPath.section) && (0..<numberOfItems(inSection: indexPath.section)).contains(indexPath.item)
    }
}

extension FetchedResultsSnapshot: DiffableListSnapshot {
    /// The row's identity (the value of the request's identity column).
    ///
    /// - Complexity: O(log n).
    public func itemIdentifier(at indexPath: IndexPath) -> DatabaseValue { id(at: indexPath) }

    /// The index path of the row with an identity (`indexPath(forID:)`).
    ///
    /// - Complexity: O(n) for the first call on a snapshot, O(1) on
    ///   average after.
    public func indexPath(ofItemIdentifier identifier: DatabaseValue) -> IndexPath? { indexPath(forID: identifier) }
}

/// An `Identifiable` item whose identity can go into a diffable snapshot
/// (UIKit asks for `Sendable` identifiers): what an array of sections
/// needs to be a ``DiffableListSnapshot``.
public protocol SendableIdentifiable: Identifiable, Sendable where ID: Sendable {}

extension Array: DiffableListSnapshot where Element: ListSnapshotSection, Element.Item: SendableIdentifiable {
    /// The item's `id`.
    public func itemIdentifier(at indexPath: IndexPath) -> Element.Item.ID { self[indexPath.section].items[indexPath.item].id }
}
