import Foundation
import Persistence

extension ChangeSet {
    /// The change set that turns `old` into `new`, computed by the
    /// controller's keyed diff: for lists that do not come from a database
    /// (an `ArrayDataSource`), so that every change set Plume emits comes
    /// from one diff and keeps the rules of `list-updates.md`.
    ///
    /// Sections match by name; rows match by identity; a row whose content
    /// hash changed is an update, or a move carrying its new content.
    ///
    /// ```swift
    /// let changes = try ChangeSet.difference(
    ///     from: [ListSection(name: nil, items: oldPhotos)],
    ///     to: [ListSection(name: nil, items: newPhotos)],
    ///     identity: { .integer($0.id) }, contentHash: { $0.hashValue })
    /// ```
    ///
    /// - Parameters:
    ///   - old: The list before, section names unique, identities unique.
    ///   - new: The list after, section names unique.
    ///   - identity: A row's identity.
    ///   - contentHash: A hash of a row's content.
    /// - Throws: ``FetchedResultsError`` when `new` holds an identity twice.
    /// - Complexity: O(n log n) for n rows.
    public static func difference(
        from old: [ListSection<Item>], to new: [ListSection<Item>],
        identity: (Item) -> DatabaseValue, contentHash: (Item) -> Int
    ) throws -> ChangeSet<Item> {
        func storage(_ sections: [ListSection<Item>]) -> ResultsStorage<Item> {
            var storage = ResultsStorage<Item>()
            let items = sections.flatMap(\.items)
            storage.items = ChunkedArray(items)
            storage.keys = ChunkedArray(items.map { RowKey(id: identity($0), contentHash: contentHash($0)) })
            storage.sections = sections.map { SectionRange(name: $0.name, start: 0, count: $0.items.count) }
            storage.recomputeSectionStarts()
            return storage
        }
        let newStorage = storage(new)
        let changes = try ResultsDiff.changes(from: storage(old), to: newStorage, identityColumn: "identity", sql: "(a list of items)")
        let newItems = newStorage.items!
        return changes.changeSet(new: newStorage) { newItems[$0] }
    }
}
