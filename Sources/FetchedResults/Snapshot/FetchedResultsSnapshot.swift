import Foundation
import Persistence

/// The results of a fetch at one moment: sections of rows, immutable and
/// `Sendable`.
///
/// A ``FetchedResultsController`` hands out a new snapshot with every
/// change set; a consumer swaps its snapshot and applies the change set in
/// one step, so what it shows always matches what it indexes into.
///
/// Copies are cheap: snapshots share their rows in chunks, so holding the
/// previous and the next snapshot of a million rows costs a few chunks.
public struct FetchedResultsSnapshot<Item: FetchableRecord & Sendable>: Sendable {
    let storage: ResultsStorage<Item>
    let pages: PageLoader<Item>?
    private let idIndex = IdentityIndex()

    init(storage: ResultsStorage<Item>, pages: PageLoader<Item>?) {
        self.storage = storage
        self.pages = pages
    }

    /// Whether `other` is this very snapshot (a copy of it), not merely
    /// one with the same rows: each state a controller computes is a new
    /// snapshot.
    package func isSameSnapshot(as other: FetchedResultsSnapshot) -> Bool {
        idIndex === other.idIndex
    }

    /// A snapshot with no rows and no sections.
    public static var empty: FetchedResultsSnapshot {
        FetchedResultsSnapshot(storage: ResultsStorage(), pages: nil)
    }

    /// The sections, in order. Without a section column there is one
    /// section named `NULL` (none when there are no rows).
    public var sections: [FetchedResultsSection<Item>] {
        storage.sections.indices.map { FetchedResultsSection(snapshot: self, index: $0) }
    }

    /// The number of sections.
    public var numberOfSections: Int { storage.sections.count }

    /// The number of rows in a section.
    public func numberOfObjects(inSection section: Int) -> Int {
        storage.sections[section].count
    }

    /// The total number of rows.
    public var count: Int { storage.count }

    /// Whether there are no rows.
    public var isEmpty: Bool { storage.count == 0 }

    /// The result's column names (known even when there are no rows).
    public var columnNames: [String] { storage.columnNames }

    /// The row at an index path.
    ///
    /// With a batch size, the first access to a page loads it (like a Core
    /// Data fault firing). A row deleted by a commit whose change set is
    /// still on its way comes back as it was when last loaded or, if it
    /// never was, decoded from a row holding its identity and `NULL`s (a
    /// deleted fault reads as nil attributes); when the item type cannot
    /// decode that, this throws. Without a batch size it never throws.
    ///
    /// - Throws: With a batch size, `DatabaseError` when the page cannot
    ///   load, ``FetchedResultsError/Code-swift.struct/rowDeleted`` when
    ///   the row vanished as above.
    /// - Precondition: The index path is in bounds.
    /// - Complexity: O(log n); with a batch size, a page load on a miss.
    public func object(at indexPath: IndexPath) throws -> Item {
        try object(atGlobal: storage.globalIndex(of: indexPath))
    }

    func object(atGlobal index: Int) throws -> Item {
        if let items = storage.items { return items[index] }
        guard let pages else { preconditionFailure("a snapshot without items has a page loader") }
        return try pages.item(at: index, in: storage)
    }

    /// The identity of the row at an index path.
    ///
    /// - Complexity: O(log n).
    public func id(at indexPath: IndexPath) -> DatabaseValue {
        storage.keys[storage.globalIndex(of: indexPath)].id
    }

    /// The index path of the row with an identity, or nil.
    ///
    /// - Complexity: O(n) for the first call on a snapshot (it builds an
    ///   index), O(1) on average after.
    public func indexPath(forID id: some DatabaseValueConvertible) -> IndexPath? {
        idIndex.globalIndex(of: id.databaseValue, in: storage.keys).map(storage.indexPath(ofGlobal:))
    }

    /// Every row, in order. With a batch size, this loads every page.
    ///
    /// - Throws: With a batch size, what ``object(at:)`` throws.
    /// - Complexity: O(n).
    public var fetchedObjects: [Item] {
        get throws {
            if let items = storage.items { return Array(items) }
            return try (0..<count).map(object(atGlobal:))
        }
    }

    /// The section index titles, as Core Data offers them: the distinct
    /// index titles of the sections, in section order.
    public var sectionIndexTitles: [String] {
        var seen: Set<String> = []
        return sections.compactMap(\.indexTitle).filter { seen.insert($0).inserted }
    }

    /// The first section whose index title is `title` (for a table view's
    /// section index), or the section before when none has it.
    ///
    /// - Parameters:
    ///   - title: A title of ``sectionIndexTitles``.
    ///   - index: Its position in ``sectionIndexTitles`` (unused when the
    ///     title is found).
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        let sections = self.sections
        if let match = sections.firstIndex(where: { $0.indexTitle == title }) { return match }
        return min(max(index, 0), max(sections.count - 1, 0))
    }

    /// The snapshot as plain list sections (loads every page with a batch
    /// size), for ``ChangeSet/applied(to:)`` or a consumer's own model.
    ///
    /// - Throws: With a batch size, what ``object(at:)`` throws.
    public func listSections() throws -> [ListSection<Item>] {
        if let items = storage.items {
            // A chunk at a time: not a lookup of each row by index, which
            // took a quarter of `plume watch`'s first screen at 1M rows.
            return storage.sections.map { ListSection(name: $0.name, items: items.elements(in: $0.range)) }
        }
        return try storage.sections.map { section in
            ListSection(name: section.name, items: try section.range.map(object(atGlobal:)))
        }
    }

    /// The snapshot as sections of row identities.
    public func identitySections() -> [ListSection<DatabaseValue>] {
        storage.sections.map { section in
            ListSection(name: section.name, items: storage.keys.elements(in: section.range).map(\.id))
        }
    }
}

/// A snapshot's identity → global index map (``ResultsDiff/IdentityMap``),
/// built on first use. The snapshot is immutable, so the map never changes
/// once built.
final class IdentityIndex: @unchecked Sendable {
    // Safe: `map` is only read and written while `lock` is held.
    private let lock = Lock()
    private var map: ResultsDiff.IdentityMap?

    func globalIndex(of id: DatabaseValue, in keys: ChunkedArray<RowKey>) -> Int? {
        lock.withLock {
            if map == nil { map = ResultsDiff.IdentityMap(keys) }
            return map?[id]
        }
    }
}
