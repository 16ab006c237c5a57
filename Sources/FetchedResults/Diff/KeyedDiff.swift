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

    /// A run of rows that move or stay together, in new order: the new
    /// rows `newRow..<newRow + length` repeat the old rows `oldRow..<oldRow
    /// + length` of one old section (one row, unless the scan found them
    /// unchanged). Those of one section are resolved once the longest
    /// subsequence is known.
    private struct Candidate {
        var oldRow: Int
        var fromSection: Int
        var newRow: Int
        var length = 1
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
    ///
    /// Rows the scan found unchanged are taken in runs (consecutive new
    /// rows repeating consecutive old rows): after one row moved, the rows
    /// it passed form one run, matched without a lookup per row.
    private mutating func diffSection(_ newSection: Int, from oldSection: Int) throws(DuplicateIdentity) {
        let rows = try skipUnchangedEnds(new.sections[newSection].range, old.sections[oldSection].range)
        var candidates: [Candidate] = []
        // The staying candidates as runs of consecutive old rows, merged
        // as ``longestIncreasingSubsequence(_:)`` merges consecutive
        // values: the same runs, so the same rows are kept.
        var runKeys: [Int] = []
        var runWeights: [Int] = []
        var row = rows.lowerBound
        while row < rows.upperBound {
            guard let candidate = try matchRun(from: row, before: rows.upperBound) else {
                result.insertedRows.append(row)
                row += 1
                continue
            }
            row += candidate.length
            guard match.newIndexOfOld[candidate.fromSection] != nil else {
                // Its old section is deleted: the rows are inserted.
                result.insertedRows.append(contentsOf: candidate.newRow..<row)
                continue
            }
            if candidate.fromSection == oldSection {
                if let last = runKeys.indices.last, runKeys[last] + runWeights[last] == candidate.oldRow {
                    runWeights[last] += candidate.length
                } else {
                    runKeys.append(candidate.oldRow)
                    runWeights.append(candidate.length)
                }
            }
            candidates.append(candidate)
        }
        report(candidates, keptRuns: heaviestIncreasingSubsequence(keys: runKeys, weights: runWeights), runStarts: runKeys,
               in: newSection, from: oldSection)
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

    /// The old rows the new rows from `row` on come from, as one run
    /// (ending before `end` and within one old section), or nil when the
    /// row is new. A row the scan did not find unchanged is a run of one,
    /// found by its identity.
    private mutating func matchRun(from row: Int, before end: Int) throws(DuplicateIdentity) -> Candidate? {
        if let unchanged, let oldRow = unchanged.oldRow(ofNewRow: row) {
            let fromSection = old.sections.sectionIndex(containing: oldRow)
            let limit = Swift.min(end - row, old.sections[fromSection].range.upperBound - oldRow)
            var length = 1
            while length < limit, unchanged.repeats(newRow: row + length, oldRow: oldRow + length) { length += 1 }
            for offset in 0..<length { try claim(oldRow + offset, for: row + offset) }
            return Candidate(oldRow: oldRow, fromSection: fromSection, newRow: row, length: length, isContentChanged: false)
        }
        let key = newKeys[row]
        guard let oldRow = oldIndex[key.id] else { return nil }
        let isContentChanged = oldKeys[oldRow].contentHash != key.contentHash
        try claim(oldRow, for: row)
        let fromSection = old.sections.sectionIndex(containing: oldRow)
        return Candidate(oldRow: oldRow, fromSection: fromSection, newRow: row, isContentChanged: isContentChanged)
    }

    /// Moves and updates of one section: rows kept in place are updated
    /// when their content changed; the others move. Index paths are only
    /// made for rows reported.
    ///
    /// - Parameters:
    ///   - keptRuns: Per run of staying old rows (starting at
    ///     `runStarts`, ascending in new order), whether it stays in place.
    private mutating func report(_ candidates: [Candidate], keptRuns: [Bool], runStarts: [Int], in newSection: Int,
                                 from oldSection: Int) {
        var run = -1
        let newStart = new.sections[newSection].start
        for candidate in candidates {
            let isStaying = candidate.fromSection == oldSection
            // Staying candidates come in the order of their runs; a
            // candidate starts a run or continues the current one.
            if isStaying, run + 1 < runStarts.count, runStarts[run + 1] == candidate.oldRow { run += 1 }
            let isKept = isStaying && keptRuns[run]
            let changed = candidate.isContentChanged
            guard !isKept || changed else { continue }
            let oldStart = old.sections[candidate.fromSection].start
            for offset in 0..<candidate.length {
                let newRow = candidate.newRow + offset
                let from = IndexPath(item: candidate.oldRow + offset - oldStart, section: candidate.fromSection)
                let to = IndexPath(item: newRow - newStart, section: newSection)
                if isKept {
                    result.updatedRows.append(.init(from: from, to: to, newGlobal: newRow))
                } else {
                    result.movedRows.append(.init(from: from, to: to, newGlobal: newRow, isContentChanged: changed))
                }
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
