import Foundation
import Persistence

extension ChangeSet {
    /// The change set that turns `old` into `new`, computed by the
    /// controller's keyed diff: for lists that do not come from a database
    /// (an `ArrayDataSource`), so that every change set Plume emits comes
    /// from one diff and keeps the rules of <doc:ChangeSets>.
    ///
    /// Sections match by name. Within a section, the rows kept in place are
    /// a longest increasing subsequence of their old order; other rows that
    /// stay are moves. A row whose content hash changed is an update when it
    /// stays in place, a move with ``RowMove/isContentChanged`` when not.
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
    /// - Complexity: O(n log n) for n rows; O(n + r log r) when the rows
    ///   that stay fall in r runs.
    public static func difference(
        from old: [ListSection<Item>], to new: [ListSection<Item>],
        identity: (Item) -> DatabaseValue, contentHash: (Item) -> Int
    ) throws -> ChangeSet<Item> {
        let oldRows = KeyedRows(sections: old, identity: identity, contentHash: contentHash)
        let newRows = KeyedRows(sections: new, identity: identity, contentHash: contentHash)
        let positional: PositionalChanges
        do {
            positional = try ResultsDiff.changes(from: oldRows, to: newRows)
        } catch {
            throw FetchedResultsError(.duplicateIdentity(column: "identity", value: error.value), sql: "(a list of items)")
        }
        return positional.changeSet(newSections: newRows.sections) { index in
            let section = newRows.sections.sectionIndex(containing: index)
            return new[section].items[index - newRows.sections[section].start]
        }
    }
}

extension ChangeSet where Item: Hashable {
    /// The change set that turns `old` into `new`, where a row whose hash
    /// is unchanged is confirmed unchanged by `==`: no update is missed,
    /// whatever the items' `hash(into:)` does.
    ///
    /// ```swift
    /// let changes = try ChangeSet.difference(
    ///     from: [ListSection(name: nil, items: oldPhotos)],
    ///     to: [ListSection(name: nil, items: newPhotos)],
    ///     identity: { .integer($0.id) })
    /// ```
    ///
    /// - Parameters:
    ///   - old: The list before, section names unique, identities unique.
    ///   - new: The list after, section names unique.
    ///   - identity: A row's identity.
    /// - Throws: ``FetchedResultsError`` when `new` holds an identity twice.
    /// - Complexity: O(n log n) for n rows, plus one dictionary of the old
    ///   rows by identity.
    public static func difference(
        from old: [ListSection<Item>], to new: [ListSection<Item>], identity: (Item) -> DatabaseValue
    ) throws -> ChangeSet<Item> {
        var oldItems: [DatabaseValue: Item] = [:]
        for section in old {
            for item in section.items { oldItems[identity(item)] = item }
        }
        return try difference(from: old, to: new, identity: identity) { item in
            let hash = item.hashValue
            // Equal hashes, different content: a hash that differs.
            guard let oldItem = oldItems[identity(item)], oldItem != item, oldItem.hashValue == hash else { return hash }
            return hash &+ 1
        }
    }
}

extension KeyedRows {
    /// The keys of plain sections.
    init<Item>(sections: [ListSection<Item>], identity: (Item) -> DatabaseValue, contentHash: (Item) -> Int) {
        var keys = ChunkedArray<RowKey>()
        var ranges: [SectionRange] = []
        var start = 0
        for section in sections {
            ranges.append(SectionRange(name: section.name, start: start, count: section.items.count))
            start += section.items.count
            for item in section.items {
                keys.append(RowKey(id: identity(item), contentHash: contentHash(item)))
            }
        }
        self.init(keys: keys, sections: ranges)
    }
}
