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
        try difference(from: old, to: new, oldRows: KeyedRows(sections: old, identity: identity, contentHash: contentHash),
                       newRows: KeyedRows(sections: new, identity: identity, contentHash: contentHash))
    }

    /// The change set from the keys of both lists, made by the caller.
    static func difference(from old: [ListSection<Item>], to new: [ListSection<Item>], oldRows: KeyedRows,
                           newRows: KeyedRows) throws -> ChangeSet<Item> {
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
        // Each item's identity and hash are read once, into plain arrays
        // (this code is generic over the caller's item: every call to it
        // costs), and old rows are found by identity through a dictionary
        // of plain values.
        let oldItems = old.flatMap(\.items)
        let oldIdentities = oldItems.map(identity)
        let oldHashes = oldItems.map(\.hashValue)
        // The last old row of each identity (old identities are unique).
        var oldIndex: [DatabaseValue: Int] = [:]
        oldIndex.reserveCapacity(oldIdentities.count)
        for (index, id) in oldIdentities.enumerated() { oldIndex[id] = index }
        // A row whose hash equals that of the old row of its identity is
        // confirmed unchanged by `==`; equal hashes, different content: a
        // hash that differs.
        func contentHash(_ item: Item, hash: Int, id: DatabaseValue, oldRow: Int? = nil) -> Int {
            guard let found = oldIndex[id], found != oldRow, oldHashes[found] == hash, oldItems[found] != item else { return hash }
            return hash &+ 1
        }
        var oldHashesConfirmed = oldHashes
        for index in oldItems.indices {
            // An old row is its identity's row, unless the identity repeats.
            oldHashesConfirmed[index] = contentHash(oldItems[index], hash: oldHashes[index], id: oldIdentities[index], oldRow: index)
        }
        let newItems = new.flatMap(\.items)
        let newIdentities = newItems.map(identity)
        var newHashes = newItems.map(\.hashValue)
        for index in newItems.indices {
            newHashes[index] = contentHash(newItems[index], hash: newHashes[index], id: newIdentities[index])
        }
        return try difference(from: old, to: new, oldRows: KeyedRows(sections: old, identities: oldIdentities, contentHashes: oldHashesConfirmed),
                              newRows: KeyedRows(sections: new, identities: newIdentities, contentHashes: newHashes))
    }
}

extension KeyedRows {
    /// The keys of plain sections.
    init<Item>(sections: [ListSection<Item>], identity: (Item) -> DatabaseValue, contentHash: (Item) -> Int) {
        var keys = ChunkedArray<RowKey>()
        for section in sections {
            for item in section.items {
                keys.append(RowKey(id: identity(item), contentHash: contentHash(item)))
            }
        }
        self.init(keys: keys, sections: Self.ranges(of: sections))
    }

    /// The keys of plain sections, from each row's identity and content
    /// hash in section order.
    init<Item>(sections: [ListSection<Item>], identities: [DatabaseValue], contentHashes: [Int]) {
        var keys = ChunkedArray<RowKey>()
        for index in identities.indices {
            keys.append(RowKey(id: identities[index], contentHash: contentHashes[index]))
        }
        self.init(keys: keys, sections: Self.ranges(of: sections))
    }

    /// Where the rows of each plain section lie in the global order.
    private static func ranges<Item>(of sections: [ListSection<Item>]) -> [SectionRange] {
        var ranges: [SectionRange] = []
        var start = 0
        for section in sections {
            ranges.append(SectionRange(name: section.name, start: start, count: section.items.count))
            start += section.items.count
        }
        return ranges
    }
}
