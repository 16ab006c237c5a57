import Persistence

extension ChangeSet where Item: Hashable {
    /// The changes that turn `old` into `new`, keyed by identity: the same
    /// diff a ``FetchedResultsController`` runs after a refetch.
    ///
    /// Sections match by name. Within a section, the rows kept in place are
    /// a longest increasing subsequence of their old order; other rows that
    /// stay are moves. A row whose item changed (by hash) is an update when
    /// it stays in place, a move with ``RowMove/isContentChanged`` when not.
    ///
    /// ```swift
    /// let changes = try ChangeSet.difference(from: oldSections, to: newSections) { .integer($0.id) }
    /// tableView.apply(changes)
    /// ```
    ///
    /// - Parameters:
    ///   - old: The old sections; section names and identities unique.
    ///   - new: The new sections; section names and identities unique.
    ///   - identity: An item's identity.
    /// - Throws: ``FetchedResultsError`` when an identity appears twice in `new`.
    /// - Complexity: O(n log n) for n rows; O(n + r log r) when the rows
    ///   that stay fall in r runs.
    public static func difference(
        from old: [ListSection<Item>], to new: [ListSection<Item>],
        identity: (Item) -> DatabaseValue
    ) throws(FetchedResultsError) -> ChangeSet<Item> {
        let oldRows = KeyedRows(sections: old, identity: identity)
        let newRows = KeyedRows(sections: new, identity: identity)
        let positional = try ResultsDiff.changes(from: oldRows, to: newRows, identityColumn: "identity", sql: "(list)")
        return positional.changeSet(newSections: newRows.sections) { index in
            let section = newRows.sections.sectionIndex(containing: index)
            return new[section].items[index - newRows.sections[section].start]
        }
    }
}

extension KeyedRows {
    /// The keys of plain sections, hashing items for content changes.
    init<Item: Hashable>(sections: [ListSection<Item>], identity: (Item) -> DatabaseValue) {
        var keys = ChunkedArray<RowKey>()
        var ranges: [SectionRange] = []
        var start = 0
        for section in sections {
            ranges.append(SectionRange(name: section.name, start: start, count: section.items.count))
            start += section.items.count
            for item in section.items {
                keys.append(RowKey(id: identity(item), contentHash: item.hashValue))
            }
        }
        self.init(keys: keys, sections: ranges)
    }
}
