import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Persistence

/// A data source for a plain array of items, in sections or not: objc.io's
/// `ArrayDataSource`, configured once with a cell closure, that animates
/// every replacement of its items.
///
/// ```swift
/// let dataSource = try ArrayDataSource(items: photos, id: \.id) { (cell: UITableViewCell, photo) in
///     cell.textLabel?.text = photo.name
/// }
/// dataSource.consumer = tableConsumer
/// try dataSource.setItems(photos.filter { $0.rating >= 3 }) // one animated batch
/// ```
///
/// It answers the same questions and drives the same ``ListConsumer`` as
/// ``FetchedResultsDataSource``, so a list can move from a static array to
/// a live query without changing its view controller. Change sets come
/// from the controller's keyed diff, and keep the rules of
/// FetchedResults' article *Change Sets and the List-Update Rules*.
@MainActor
public final class ArrayDataSource<Item: Hashable & Sendable, ID: Hashable, Cell>: ListDataSource<[ListSection<Item>], Cell> {
    private let id: (Item) -> ID

    /// Creates a data source for items in sections.
    ///
    /// - Parameters:
    ///   - sections: The sections, with unique names, their items with
    ///     unique identities.
    ///   - id: The identity of an item, unique in the list.
    ///   - cellIdentifier: The kind of cell for an item (`"Cell"` by default).
    ///   - configureCell: Fills a cell with an item; given once, as in
    ///     objc.io's `configureCellBlock`.
    /// - Throws: ``ListContentError`` when two sections have the same name
    ///   or two items the same identity.
    public init(sections: [ListSection<Item>], id: @escaping (Item) -> ID,
                cellIdentifier: @escaping (Item) -> String = { _ in "Cell" },
                configureCell: @escaping (Cell, Item) -> Void) throws(ListContentError) {
        try Self.validate(sections, id: id)
        self.id = id
        super.init(snapshot: sections, cellIdentifier: cellIdentifier, configureCell: configureCell)
    }

    /// Creates a data source for a list without sections.
    ///
    /// - Parameters:
    ///   - items: The items, with unique identities.
    ///   - id: The key path of an item's identity.
    ///   - cellIdentifier: The kind of cell for an item (`"Cell"` by default).
    ///   - configureCell: Fills a cell with an item.
    /// - Throws: ``ListContentError`` when two items have the same identity.
    public convenience init(items: [Item], id: KeyPath<Item, ID> & Sendable,
                            cellIdentifier: @escaping (Item) -> String = { _ in "Cell" },
                            configureCell: @escaping (Cell, Item) -> Void) throws(ListContentError) {
        try self.init(sections: Self.sections(items), id: { $0[keyPath: id] },
                      cellIdentifier: cellIdentifier, configureCell: configureCell)
    }

    /// Every item, in order.
    public var items: [Item] { snapshot.flatMap(\.items) }

    /// Replaces the items of a list without sections, animating the
    /// difference.
    ///
    /// - Throws: ``ListContentError`` when two items have the same
    ///   identity; nothing changes then.
    /// - Complexity: O(n log n) for n items.
    public func setItems(_ items: [Item]) throws(ListContentError) {
        try setSections(Self.sections(items))
    }

    /// Replaces the sections, animating the difference.
    ///
    /// - Throws: ``ListContentError`` when two sections have the same name
    ///   or two items the same identity; nothing changes then.
    /// - Complexity: O(n log n) for n items.
    public func setSections(_ sections: [ListSection<Item>]) throws(ListContentError) {
        try Self.validate(sections, id: id)
        // Identities become small integers, unique over both states, for
        // the controller's diff.
        var numbers: [ID: Int64] = [:]
        func identity(_ item: Item) -> DatabaseValue {
            let key = id(item)
            if let number = numbers[key] { return .integer(number) }
            let number = Int64(numbers.count)
            numbers[key] = number
            return .integer(number)
        }
        let old = presenter.snapshot
        // Cannot throw: both states were validated.
        guard let changes = try? ChangeSet.difference(from: old, to: sections, identity: identity) else {
            preconditionFailure("validated sections have unique identities")
        }
        presenter.apply(changes, to: sections)
    }

    /// Items without sections: one untitled section, none when empty (as a
    /// controller without a section column has).
    private static func sections(_ items: [Item]) -> [ListSection<Item>] {
        items.isEmpty ? [] : [ListSection(name: .null, items: items)]
    }

    private static func validate(_ sections: [ListSection<Item>], id: (Item) -> ID) throws(ListContentError) {
        var names: Set<DatabaseValue> = []
        var ids: Set<ID> = []
        ids.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
        // Index loops: this code is generic over the caller's types, where
        // an enumerated sequence costs a metadata lookup per element.
        for index in sections.indices {
            let section = sections[index]
            guard names.insert(section.name).inserted else {
                throw ListContentError(.duplicateSectionName, "section \(index) is named \(section.name), like an earlier section")
            }
            let items = section.items
            for row in items.indices where !ids.insert(id(items[row])).inserted {
                throw ListContentError(.duplicateIdentity, "the item at [\(index), \(row)] has identity \(id(items[row])), like an earlier item")
            }
        }
    }
}
