import Persistence

/// One section of a snapshot: its name (the section column's value), its
/// titles and its rows.
public struct FetchedResultsSection<Item: FetchableRecord & Sendable>: Sendable {
    let snapshot: FetchedResultsSnapshot<Item>
    /// The section's position in the snapshot.
    public let index: Int

    private var range: SectionRange { snapshot.storage.sections[index] }

    /// The section's identity: the value of the section column (`NULL`
    /// without a section column).
    public var name: DatabaseValue { range.name }

    /// The number of rows in the section.
    public var numberOfObjects: Int { range.count }

    /// The title a list shows: the name as text, nil for `NULL`.
    public var title: String? { ListSection<Item>(name: name, items: []).title }

    /// The section index title: the capitalized first letter of the title.
    public var indexTitle: String? { ListSection<Item>(name: name, items: []).indexTitle }

    /// The rows of the section, in order (loads their pages with a batch
    /// size).
    ///
    /// - Throws: With a batch size, what
    ///   ``FetchedResultsSnapshot/object(at:)`` throws.
    /// - Complexity: O(rows in the section).
    public var objects: [Item] {
        get throws { try range.range.map(snapshot.object(atGlobal:)) }
    }

    /// The identities of the rows of the section, in order.
    public var ids: [DatabaseValue] { snapshot.storage.keys.elements(in: range.range).map(\.id) }
}

extension FetchedResultsSection: Identifiable {
    /// The section's name: names are unique within a snapshot, so a list
    /// (`ForEach`) can tell sections apart by it.
    public var id: DatabaseValue { name }
}
