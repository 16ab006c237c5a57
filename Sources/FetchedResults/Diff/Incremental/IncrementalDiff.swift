import Foundation
import Persistence

/// A changed row of an incremental update, placed in the old order: it
/// goes right before old row `gap` (the first untouched old row after it,
/// or the old count), after the placed rows that precede it.
struct PlacedRow<Item: Sendable> {
    var key: RowKey
    var section: DatabaseValue
    var item: Item?
    var gap: Int
}

/// The result of an incremental update.
struct IncrementalResult<Item: Sendable> {
    var storage: ResultsStorage<Item>
    var changes: PositionalChanges
    /// The chunk serial of each placed row.
    var insertedSerials: [(id: DatabaseValue, serial: Int)]
    /// Chunks split off while inserting.
    var splitSerials: [Int]
}

/// Applies k changed rows to n old rows in O(k log n + s) for s sections,
/// producing the same change set rules as the keyed diff.
///
/// Untouched rows keep their order and section. Within a section, the
/// untouched rows between two change points form a segment that a longest
/// increasing subsequence keeps or drops whole, so the subsequence is
/// computed over O(k) segments and rows, not n rows.
enum IncrementalDiff {
    /// - Parameters:
    ///   - old: The state before the commit.
    ///   - touched: Old global indices of rows the commit touched, ascending.
    ///   - placed: The touched rows present after the commit, sorted by
    ///     gap then order.
    /// - Returns: The new state and its changes, or nil when the rows do not
    ///   fit the old sections (a section value out of order): refetch then.
    static func apply<Item>(old: ResultsStorage<Item>, touched: [Int], placed: [PlacedRow<Item>]) -> IncrementalResult<Item>? {
        let plan = SectionPlan(old: old, touched: touched, placed: placed)
        guard let newSections = plan.newSections() else { return nil }
        let match = SectionMatch(old: old.sections, new: newSections)
        for (section, kept) in plan.keptCount.enumerated() where kept > 0 && match.newIndexOfOld[section] == nil {
            return nil
        }
        var result = IncrementalResult(storage: old, changes: PositionalChanges(), insertedSerials: [], splitSerials: [])
        result.storage.sections = newSections
        result.storage.recomputeSectionStarts()
        rebuildRows(&result, touched: touched, placed: placed)

        var changes = PositionalChanges()
        changes.deletedSections = match.newIndexOfOld.indices.filter { match.newIndexOfOld[$0] == nil }
        changes.insertedSections = match.oldIndexOfNew.indices.filter { match.oldIndexOfNew[$0] == nil }
        let positions = Positions(old: old, new: result.storage, touched: touched, placed: placed)
        var placedIndexByID: [DatabaseValue: Int] = [:]
        for (index, row) in placed.enumerated() { placedIndexByID[row.key.id] = index }
        var touchedIndexByID: [DatabaseValue: Int] = [:]
        var staying: [Int: [(old: Int, placed: Int)]] = [:] // by new section
        for oldIndex in touched {
            let oldKey = old.keys[oldIndex]
            touchedIndexByID[oldKey.id] = oldIndex
            let oldSection = old.sectionIndex(containing: oldIndex)
            let from = IndexPath(item: oldIndex - old.sections[oldSection].start, section: oldSection)
            let fromSurvives = match.newIndexOfOld[oldSection] != nil
            guard let placedIndex = placedIndexByID[oldKey.id] else {
                if fromSurvives { changes.deletedRows.append(from) }
                continue
            }
            let newGlobal = positions.newGlobal(ofPlaced: placedIndex)
            let to = result.storage.indexPath(ofGlobal: newGlobal)
            let toSurvives = match.oldIndexOfNew[to.section] != nil
            let changed = oldKey.contentHash != placed[placedIndex].key.contentHash
            switch (fromSurvives, toSurvives) {
            case (true, false): changes.deletedRows.append(from)
            case (false, true): changes.insertedRows.append(newGlobal)
            case (false, false): break
            case (true, true):
                if match.newIndexOfOld[oldSection] == to.section {
                    staying[to.section, default: []].append((oldIndex, placedIndex))
                } else {
                    changes.movedRows.append(.init(from: from, to: to, newGlobal: newGlobal, isContentChanged: changed))
                }
            }
        }
        for (index, row) in placed.enumerated() where touchedIndexByID[row.key.id] == nil {
            let newGlobal = positions.newGlobal(ofPlaced: index)
            if match.oldIndexOfNew[result.storage.sectionIndex(containing: newGlobal)] != nil {
                changes.insertedRows.append(newGlobal)
            }
        }
        for (newSection, rows) in staying {
            resolveStaying(rows, newSection: newSection, oldSection: match.oldIndexOfNew[newSection]!,
                           positions: positions, placed: placed, into: &changes)
        }
        changes.deletedRows.sort { ($0.section, $0.item) < ($1.section, $1.item) }
        changes.insertedRows.sort()
        changes.movedRows.sort { ($0.to.section, $0.to.item) < ($1.to.section, $1.to.item) }
        changes.updatedRows.sort { ($0.from.section, $0.from.item) < ($1.from.section, $1.from.item) }
        result.changes = changes
        return result
    }

    /// Removes touched rows and inserts placed ones, recording chunk serials.
    private static func rebuildRows<Item>(_ result: inout IncrementalResult<Item>, touched: [Int], placed: [PlacedRow<Item>]) {
        for oldIndex in touched.reversed() {
            result.storage.keys.remove(at: oldIndex)
            result.storage.items?.remove(at: oldIndex)
        }
        // After removals, kept rows before a gap g number g - (touched < g).
        var touchedBefore = 0
        for (index, row) in placed.enumerated() {
            while touchedBefore < touched.count && touched[touchedBefore] < row.gap { touchedBefore += 1 }
            let position = row.gap - touchedBefore + index
            let (serial, split) = result.storage.keys.insert(row.key, at: position)
            if let item = row.item { result.storage.items?.insert(item, at: position) }
            result.insertedSerials.append((row.key.id, serial))
            if let split { result.splitSerials.append(split) }
        }
    }

    /// Sorts out rows that stayed in their section: those on a longest
    /// increasing subsequence (with the untouched segments around them)
    /// stay in place, the others move — and so do untouched segments the
    /// subsequence leaves out.
    private static func resolveStaying<Item>(_ rows: [(old: Int, placed: Int)], newSection: Int, oldSection: Int,
                                             positions: Positions<Item>, placed: [PlacedRow<Item>],
                                             into changes: inout PositionalChanges) {
        let oldRange = positions.old.sections[oldSection].range
        let rows = rows.sorted { $0.placed < $1.placed }
        // Cut points: touched old rows of the section and the gaps of the
        // staying rows. Untouched rows between cuts form segments.
        let removals = positions.touched[positions.touchedRange(in: oldRange)]
        var elements: [StayingElement] = []
        var cursor = oldRange.lowerBound
        var removalIndex = removals.startIndex
        func emitSegments(upTo end: Int) {
            while cursor < end {
                while removalIndex < removals.endIndex && removals[removalIndex] < cursor { removalIndex += 1 }
                let stop = removalIndex < removals.endIndex ? Swift.min(removals[removalIndex], end) : end
                if stop > cursor { elements.append(.segment(cursor..<stop)) }
                cursor = stop < end ? stop + 1 : end
            }
        }
        for row in rows {
            emitSegments(upTo: Swift.min(Swift.max(placed[row.placed].gap, cursor), oldRange.upperBound))
            elements.append(.row(old: row.old, placed: row.placed))
        }
        emitSegments(upTo: oldRange.upperBound)

        let keys = elements.map { element -> Int in
            switch element {
            case .segment(let range): range.lowerBound
            case .row(let old, _): old
            }
        }
        let weights = elements.map { element -> Int in
            if case .segment(let range) = element { return range.count }
            return 1
        }
        let kept = heaviestIncreasingSubsequence(keys: keys, weights: weights)
        let oldStart = oldRange.lowerBound
        for (element, isKept) in zip(elements, kept) {
            switch element {
            case .segment(let range):
                guard !isKept else { continue }
                for oldIndex in range {
                    let newGlobal = positions.newGlobal(ofKept: oldIndex)
                    changes.movedRows.append(.init(from: IndexPath(item: oldIndex - oldStart, section: oldSection),
                                                   to: positions.new.indexPath(ofGlobal: newGlobal),
                                                   newGlobal: newGlobal, isContentChanged: false))
                }
            case .row(let oldIndex, let placedIndex):
                let newGlobal = positions.newGlobal(ofPlaced: placedIndex)
                let from = IndexPath(item: oldIndex - oldStart, section: oldSection)
                let to = positions.new.indexPath(ofGlobal: newGlobal)
                let changed = positions.old.keys[oldIndex].contentHash != placed[placedIndex].key.contentHash
                if !isKept {
                    changes.movedRows.append(.init(from: from, to: to, newGlobal: newGlobal, isContentChanged: changed))
                } else if changed {
                    changes.updatedRows.append(.init(from: from, to: to, newGlobal: newGlobal))
                }
            }
        }
    }
}

/// An element of a section's subsequence problem: a segment of untouched
/// rows, or a touched row that stays in the section.
private enum StayingElement {
    case segment(Range<Int>)
    case row(old: Int, placed: Int)
}

/// Maps old positions to new ones without walking the rows.
struct Positions<Item: Sendable> {
    let old: ResultsStorage<Item>
    let new: ResultsStorage<Item>
    let touched: [Int]
    let placedGaps: [Int]

    init(old: ResultsStorage<Item>, new: ResultsStorage<Item>, touched: [Int], placed: [PlacedRow<Item>]) {
        self.old = old
        self.new = new
        self.touched = touched
        self.placedGaps = placed.map { $0.gap }  // (not a key path: see IncrementalUpdater.place)
    }

    /// The number of elements of a sorted array below a value.
    static func countBelow(_ value: Int, in sorted: [Int], orEqual: Bool = false) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value || (orEqual && sorted[mid] == value) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The indices of `touched` within an old range.
    func touchedRange(in range: Range<Int>) -> Range<Int> {
        Self.countBelow(range.lowerBound, in: touched)..<Self.countBelow(range.upperBound, in: touched)
    }

    /// The new global index of the placed row at `index`.
    func newGlobal(ofPlaced index: Int) -> Int {
        let gap = placedGaps[index]
        return gap - Self.countBelow(gap, in: touched) + index
    }

    /// The new global index of an untouched old row.
    func newGlobal(ofKept oldIndex: Int) -> Int {
        oldIndex - Self.countBelow(oldIndex, in: touched) + Self.countBelow(oldIndex, in: placedGaps, orEqual: true)
    }
}
