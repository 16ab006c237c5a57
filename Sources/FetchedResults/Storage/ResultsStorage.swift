import Foundation
import Persistence

/// What the controller keeps of every row: its identity and a hash of its
/// content (every column value), so a diff can tell rows that changed.
struct RowKey: Sendable, Hashable {
    var id: DatabaseValue
    var contentHash: Int

    /// Whether both keys have the same identity and content hash (`==`,
    /// with the content hash and integer identities compared inline).
    @inline(__always)
    func isIdentical(to other: RowKey) -> Bool {
        guard contentHash == other.contentHash else { return false }
        if case .integer(let value) = id, case .integer(let otherValue) = other.id { return value == otherValue }
        return id == other.id
    }
}

/// One section: its name and where its rows lie in the global order.
struct SectionRange: Sendable, Hashable {
    var name: DatabaseValue
    var start: Int
    var count: Int

    var range: Range<Int> { start..<(start + count) }
}

/// The rows of one fetch, in order: keys for all rows, items when not
/// batched, and the sections as ranges of the global order.
struct ResultsStorage<Item: Sendable>: Sendable {
    var keys = ChunkedArray<RowKey>()
    /// The decoded rows, parallel to `keys`; nil when rows load by pages.
    var items: ChunkedArray<Item>?
    var sections: [SectionRange] = []
    var columnNames: [String] = []
    /// How section values compare: sections are named by the collation's
    /// key of their values (see ``SectionCollation``).
    var sectionCollation: BuiltInCollation = .binary
    /// Whether a section holds both an integer and a real that SQLite's
    /// `=` calls equal (`1` and `1.0`): it is named by its first row's
    /// value, which only a refetch knows, so such results refetch.
    var sectionsMixNumericClasses = false

    var count: Int { keys.count }

    /// The section holding a global index.
    ///
    /// - Complexity: O(log s) for s sections.
    func sectionIndex(containing index: Int) -> Int { sections.sectionIndex(containing: index) }

    /// The index path of a global index.
    func indexPath(ofGlobal index: Int) -> IndexPath { sections.indexPath(ofGlobal: index) }

    /// The keys and sections, without the items (what diffs work on).
    var keyed: KeyedRows {
        KeyedRows(keys: keys, sections: sections, sectionCollation: sectionCollation,
                  sectionsMixNumericClasses: sectionsMixNumericClasses)
    }

    /// The global index of an index path, checked.
    func globalIndex(of indexPath: IndexPath) -> Int {
        precondition(sections.indices.contains(indexPath.section), "section \(indexPath.section) out of range 0..<\(sections.count)")
        let section = sections[indexPath.section]
        precondition(indexPath.item >= 0 && indexPath.item < section.count,
                     "row \(indexPath.item) out of range 0..<\(section.count) in section \(indexPath.section)")
        return section.start + indexPath.item
    }

    /// Recomputes section starts from their counts.
    mutating func recomputeSectionStarts() {
        var start = 0
        for index in sections.indices {
            sections[index].start = start
            start += sections[index].count
        }
    }
}

/// Row keys and sections: all a diff needs, free of the item type so that
/// the diff runs specialized whatever `Item` is.
struct KeyedRows: Sendable {
    var keys: ChunkedArray<RowKey>
    var sections: [SectionRange]
    var sectionCollation: BuiltInCollation = .binary
    var sectionsMixNumericClasses = false
}

extension [SectionRange] {
    /// The section holding a global index.
    ///
    /// - Complexity: O(log s) for s sections.
    func sectionIndex(containing index: Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if self[mid].start <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The index path of a global index.
    func indexPath(ofGlobal index: Int) -> IndexPath {
        let section = sectionIndex(containing: index)
        return IndexPath(item: index - self[section].start, section: section)
    }
}

extension Row {
    /// A 64-bit fingerprint of every value of the row and of its column
    /// names: equal rows have equal fingerprints; rows that differ in one
    /// value never do (see ``ContentHash``), and rows that differ otherwise
    /// almost never do.
    var contentHash: Int {
        contentHash(seed: ContentHash.seed(columns: layout.columns))
    }

    /// The content hash from a seed computed once for the rows of one
    /// layout (``ContentHash/seed(columns:)``).
    @inline(__always)
    func contentHash(seed: UInt64) -> Int {
        var hash = ContentHash(seed: seed)
        for value in values { hash.combine(value) }
        return hash.value
    }
}

/// Content hashes of rows that share a layout (the rows of one statement):
/// the layout's seed (``ContentHash/seed(columns:)``) is computed once, not
/// per row.
struct RowHasher {
    private var cached: (layout: RowLayout, seed: UInt64)?

    mutating func contentHash(of row: Row) -> Int {
        if cached?.layout !== row.layout {
            cached = (row.layout, ContentHash.seed(columns: row.layout.columns))
        }
        return row.contentHash(seed: cached!.seed)
    }
}
