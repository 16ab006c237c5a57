import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Persistence

/// An immutable state of a sectioned list, as a data source holds it: a
/// plain array of sections, or a controller's snapshot (whose rows may
/// load by pages).
public protocol ListSnapshot<Item>: Sendable {
    /// The kind of item a row shows.
    associatedtype Item: Sendable

    /// The number of sections.
    var numberOfSections: Int { get }

    /// The number of rows in a section.
    func numberOfItems(inSection section: Int) -> Int

    /// The item of a row.
    ///
    /// - Throws: When the row cannot load (a controller's snapshot with a
    ///   batch size whose row was deleted before its page loaded).
    func item(at indexPath: IndexPath) throws -> Item

    /// The name of a section (its identity; `NULL` when untitled).
    func sectionName(at section: Int) -> DatabaseValue
}

extension ListSnapshot {
    /// The number of rows of each section.
    public var rowCounts: [Int] { (0..<numberOfSections).map(numberOfItems(inSection:)) }
}

extension Array: ListSnapshot where Element: ListSnapshotSection {
    public typealias Item = Element.Item

    public var numberOfSections: Int { count }

    public func numberOfItems(inSection section: Int) -> Int { self[section].items.count }

    public func item(at indexPath: IndexPath) -> Element.Item { self[indexPath.section].items[indexPath.item] }

    public func sectionName(at section: Int) -> DatabaseValue { self[section].name }
}

/// A `ListSection`, as the element of an array that is a ``ListSnapshot``.
public protocol ListSnapshotSection<Item>: Sendable {
    /// The kind of item.
    associatedtype Item: Sendable
    /// The section's name.
    var name: DatabaseValue { get }
    /// The section's items.
    var items: [Item] { get }
}

extension ListSection: ListSnapshotSection {}

extension FetchedResultsSnapshot: ListSnapshot {
    public func numberOfItems(inSection section: Int) -> Int { numberOfObjects(inSection: section) }

    public func item(at indexPath: IndexPath) throws -> Item { try object(at: indexPath) }

    /// The name of a section.
    ///
    /// - Complexity: O(s) for s sections.
    public func sectionName(at section: Int) -> DatabaseValue { sections[section].name }
}
