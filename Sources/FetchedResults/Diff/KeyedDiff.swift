import Foundation
import Persistence

/// One run of the keyed diff (``ResultsDiff/changes(from:to:indexed:unchanged:)``),
/// in steps: match sections, then within each surviving section skip the
/// rows unchanged at both ends, match the others by identity, keep a
/// longest increasing subsequence of those that stay, and report the rest;
/// last, the old rows nobody claimed are deleted.
struct KeyedDiff {
    let old: KeyedRows
    let new: KeyedRows
    let oldIndex: ResultsDiff.IdentityMap
    /// For each new row, the old row it repeats unchanged, or -1 (from the
    /// scan), or nil: read the keys instead.
    let unchanged: UnchangedRows?
    // Both key lists are read in place, mostly in order.
    private var oldKeys: ChunkedArray<RowKey>.Reader
    private var newKeys: ChunkedArray<RowKey>.Reader
    private let match: SectionMatch
    private var claimed: [Bool]
    private var result = PositionalChanges()

    /// A row that moves or stays, in new order; those of one section are
    /// resolved once the longest subsequence is known.
    private struct Candidate {
        var oldRow: Int
        var fromSection: Int
        var newRow: Int
        var isContentChanged: Bool
    }

    init(old: KeyedRows, new: KeyedRows, oldIndex: ResultsDiff.IdentityMap, unchanged: UnchangedRows?) {
        self.old = old
        self.new = new
        self.oldIndex = oldIndex
        self.unchanged = unchanged
        oldKeys = ChunkedArray<RowKey>.Reader(old.keys)
        newKeys = ChunkedArray<RowKey>.Reader(new.keys)
        match = SectionMatch(old: old.sections, new: new.sections)
        claimed = [Bool](repeating: false, count: old.keys.count)
    }

    mutating func run() throws(DuplicateIdentity) -> PositionalChanges {
        for newSection in new.sections.indices {
            guard let oldSection = match.oldIndexOfNew[newSection] else {
                // Its rows come with it; rows it takes from surviving
                // sections stay unclaimed there, so they are deleted.
                result.insertedSections.append(newSection)
                continue
            }
            try diffSection(newSection, from: oldSection)
        }
        reportDeletions()
        return result
    }

    /// The rows of a surviving section.
    private mutating func diffSection(_ newSection: Int, from oldSection: Int) throws(DuplicateIdentity) {
        let rows = try skipUnchangedEnds(new.sections[newSection].range, old.sections[oldSection].range)
        var candidates: [Candidate] = []
        var stayingOld: [Int] = []
        for row in rows {
            guard let candidate = try matchRow(row) else {
                result.insertedRows.append(row)
                continue
            }
            if candidate.fromSection == oldSection { stayingOld.append(candidate.oldRow) }
            candidates.append(candidate)
        }
        report(candidates, kept: longestIncreasingSubsequence(stayingOld), in: newSection, from: oldSection)
    }

    /// Rows unchanged at both ends of a surviving section stay where they
    /// are: every longest increasing subsequence keeps them (they come
    /// first, or last, in both orders), so only the rows between them need
    /// the general pass. After one commit, that is most of a large result.
    ///
    /// - Returns: The new rows between the unchanged ends.
    private mutating func skipUnchangedEnds(_ newRange: Range<Int>, _ oldRange: Range<Int>) throws(DuplicateIdentity) -> Range<Int> {
        var (newStart, newEnd) = (newRange.lowerBound, newRange.upperBound)
        var (oldStart, oldEnd) = (oldRange.lowerBound, oldRange.upperBound)
        while newStart < newEnd, oldStart < oldEnd, repeats(newStart, oldStart) {
            try claim(oldStart, for: newStart)
            newStart += 1
            oldStart += 1
        }
        while newEnd > newStart, oldEnd > oldStart, repeats(newEnd - 1, oldEnd - 1) {
            try claim(oldEnd - 1, for: newEnd - 1)
            newEnd -= 1
            oldEnd -= 1
        }
        return newStart..<newEnd
    }

    /// The old row a new row comes from, or nil when it is new (or comes
    /// from a section that was deleted).
    private mutating func matchRow(_ row: Int) throws(DuplicateIdentity) -> Candidate? {
        let oldRow: Int
        let isContentChanged: Bool
        if let repeated = unchanged?.oldRow(ofNewRow: row) {
            (oldRow, isContentChanged) = (repeated, false)
        } else {
            let key = newKeys[row]
            guard let found = oldIndex[key.id] else { return nil }
            (oldRow, isContentChanged) = (found, oldKeys[found].contentHash != key.contentHash)
        }
        try claim(oldRow, for: row)
        let fromSection = old.sections.sectionIndex(containing: oldRow)
        guard match.newIndexOfOld[fromSection] != nil else { return nil }
        return Candidate(oldRow: oldRow, fromSection: fromSection, newRow: row, isContentChanged: isContentChanged)
    }

    /// Moves and updates of one section: rows kept in place are updated
    /// when their content changed; the others move. Index paths are only
    /// made for rows reported.
    private mutating func report(_ candidates: [Candidate], kept: [Bool], in newSection: Int, from oldSection: Int) {
        var staying = 0
        let newStart = new.sections[newSection].start
        for candidate in candidates {
            let isStaying = candidate.fromSection == oldSection
            if isStaying { staying += 1 }
            let isKept = isStaying && kept[staying - 1]
            let changed = candidate.isContentChanged
            guard !isKept || changed else { continue }
            let from = IndexPath(item: candidate.oldRow - old.sections[candidate.fromSection].start, section: candidate.fromSection)
            let to = IndexPath(item: candidate.newRow - newStart, section: newSection)
            if isKept {
                result.updatedRows.append(.init(from: from, to: to, newGlobal: candidate.newRow))
            } else {
                result.movedRows.append(.init(from: from, to: to, newGlobal: candidate.newRow, isContentChanged: changed))
            }
        }
    }

    /// Deleted sections, and the rows of surviving sections nobody claimed.
    private mutating func reportDeletions() {
        for (oldSection, section) in old.sections.enumerated() {
            guard match.newIndexOfOld[oldSection] != nil else {
                result.deletedSections.append(oldSection)
                continue
            }
            for row in section.range where !claimed[row] {
                result.deletedRows.append(IndexPath(item: row - section.start, section: oldSection))
            }
        }
    }

    /// Whether a new row repeats an old one unchanged (same identity and
    /// content hash): the scan's unchanged rows say so without reading keys.
    @inline(__always)
    private mutating func repeats(_ newRow: Int, _ oldRow: Int) -> Bool {
        if let unchanged { return unchanged.oldRow(ofNewRow: newRow) == oldRow }
        return newKeys[newRow].isIdentical(to: oldKeys[oldRow])
    }

    /// Marks an old row as matched; it must not be already: the new rows
    /// would then hold its identity twice.
    @inline(__always)
    private mutating func claim(_ oldRow: Int, for newRow: Int) throws(DuplicateIdentity) {
        guard !claimed[oldRow] else { throw DuplicateIdentity(value: newKeys[newRow].id) }
        claimed[oldRow] = true
    }
}
