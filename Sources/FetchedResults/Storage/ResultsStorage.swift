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

    var count: Int { keys.count }

    /// The section holding a global index.
    ///
    /// - Complexity: O(log s) for s sections.
    func sectionIndex(containing index: Int) -> Int { sections.sectionIndex(containing: index) }

    /// The index path of a global index.
    func indexPath(ofGlobal index: Int) -> IndexPath { sections.indexPath(ofGlobal: index) }

    /// The keys and sections, without the items (what diffs work on).
    var keyed: KeyedRows { KeyedRows(keys: keys, sections: sections) }

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
    /// A 64-bit fingerprint of every value of the row: equal rows have equal
    /// fingerprints; different rows almost never do (a fast multiply-mix
    /// hash, not a cryptographic one; it is the same in every process).
    @inline(__always)
    var contentHash: Int {
        var hash = ContentHash()
        for value in values { hash.combine(value) }
        return hash.value
    }
}

/// A fast, deterministic 64-bit hash of database values (wyhash-style
/// multiply-and-fold mixing): several times faster than `Hasher`, which
/// matters when every row of a large refetch is hashed.
struct ContentHash {
    private(set) var state: UInt64 = 0x243F_6A88_85A3_08D3

    var value: Int { Int(truncatingIfNeeded: Self.mix(state, 0x9E37_79B9_7F4A_7C15)) }

    @inline(__always)
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    @inline(__always)
    mutating func combine(word: UInt64, tag: UInt64) {
        state = Self.mix(state ^ tag ^ 0xA076_1D64_78BD_642F, word ^ 0xE703_7ED1_A0B4_28DB)
    }

    @inline(__always)
    mutating func combine(bytes: UnsafeRawBufferPointer, tag: UInt64) {
        combine(word: UInt64(bytes.count), tag: tag)
        var offset = 0
        while offset + 8 <= bytes.count {
            combine(word: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), tag: tag)
            offset += 8
        }
        if offset < bytes.count {
            // The last 1–7 bytes, in one copy.
            var last: UInt64 = 0
            withUnsafeMutableBytes(of: &last) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
            combine(word: last, tag: tag)
        }
    }

    /// Combines a column read in place (``Statement/withUnsafeColumnBytes(at:_:)``):
    /// the same hash as combining the value it holds.
    @inline(__always)
    mutating func combine(_ storageClass: DatabaseValue.StorageClass, _ bytes: UnsafeRawBufferPointer) {
        switch storageClass {
        case .null: combine(word: 0, tag: 1)
        case .integer: combine(word: bytes.loadUnaligned(as: UInt64.self), tag: 2)
        case .real: combine(word: bytes.loadUnaligned(as: UInt64.self), tag: 3)
        case .text: combine(bytes: bytes, tag: 4)
        case .blob: combine(bytes: bytes, tag: 5)
        }
    }

    @inline(__always)
    mutating func combine(_ value: DatabaseValue) {
        switch value {
        case .null: combine(word: 0, tag: 1)
        case .integer(let integer): combine(word: UInt64(bitPattern: integer), tag: 2)
        case .real(let real): combine(word: real.bitPattern, tag: 3)
        case .text(var text): text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0), tag: 4) }
        case .blob(let data): data.withUnsafeBytes { combine(bytes: $0, tag: 5) }
        }
    }
}
