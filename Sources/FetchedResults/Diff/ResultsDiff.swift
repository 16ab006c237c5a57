import Foundation
import Persistence

/// The changes between two storages as positions, before items are
/// attached: what a keyed diff or an incremental update computes.
struct PositionalChanges: Equatable {
    struct Move: Equatable {
        var from: IndexPath
        var to: IndexPath
        var newGlobal: Int
        var isContentChanged: Bool
    }

    struct Update: Equatable {
        var from: IndexPath
        var to: IndexPath
        var newGlobal: Int
    }

    /// Old indices, ascending.
    var deletedSections: [Int] = []
    /// New indices, ascending.
    var insertedSections: [Int] = []
    /// Old index paths, ascending.
    var deletedRows: [IndexPath] = []
    /// New global indices, ascending.
    var insertedRows: [Int] = []
    /// By destination.
    var movedRows: [Move] = []
    /// By old position.
    var updatedRows: [Update] = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty
            && insertedRows.isEmpty && movedRows.isEmpty && updatedRows.isEmpty
    }

    /// The change set with items taken from the new state.
    func changeSet<Item>(newSections: [SectionRange], item: (Int) throws -> Item) rethrows -> ChangeSet<Item> {
        ChangeSet(
            deletedSections: deletedSections,
            insertedSections: try insertedSections.map { index in
                let section = newSections[index]
                return .init(index: index, section: ListSection(name: section.name, items: try section.range.map(item)))
            },
            deletedRows: deletedRows,
            insertedRows: try insertedRows.map { .init(indexPath: newSections.indexPath(ofGlobal: $0), item: try item($0)) },
            movedRows: try movedRows.map { .init(from: $0.from, to: $0.to, item: try item($0.newGlobal), isContentChanged: $0.isContentChanged) },
            updatedRows: try updatedRows.map { .init(from: $0.from, to: $0.to, item: try item($0.newGlobal)) })
    }
}

/// Which old sections survive, matched by name, and where they go.
struct SectionMatch {
    /// The new index of each old section, nil when deleted.
    var newIndexOfOld: [Int?]
    /// The old index of each new section, nil when inserted.
    var oldIndexOfNew: [Int?]

    /// Matches sections by name. Surviving sections must keep their
    /// relative order (a list cannot move sections in a change set), so
    /// those out of a longest increasing order are deleted and inserted.
    ///
    /// - Complexity: O(s log s) for s sections.
    init(old: [SectionRange], new: [SectionRange]) {
        var oldByName: [DatabaseValue: Int] = [:]
        for (index, section) in old.enumerated() { oldByName[section.name] = index }
        var candidates: [(new: Int, old: Int)] = []
        for (index, section) in new.enumerated() {
            if let oldIndex = oldByName[section.name] { candidates.append((index, oldIndex)) }
        }
        let kept = longestIncreasingSubsequence(candidates.map(\.old))
        newIndexOfOld = Array(repeating: nil, count: old.count)
        oldIndexOfNew = Array(repeating: nil, count: new.count)
        for (candidate, isKept) in zip(candidates, kept) where isKept {
            newIndexOfOld[candidate.old] = candidate.new
            oldIndexOfNew[candidate.new] = candidate.old
        }
    }
}

enum ResultsDiff {
    /// The changes from `old` to `new`, keyed by row identity.
    ///
    /// Sections match by name; within each surviving section the rows kept
    /// in place are a longest increasing subsequence of their old order and
    /// all other rows that stay are moves; a kept row whose content hash
    /// changed is an update, a moved one carries `isContentChanged`.
    ///
    /// - Throws: ``FetchedResultsError`` when `new` holds an identity twice.
    /// - Complexity: O(n log n) for n rows (O(n + r log r) when rows move in
    ///   r runs).
    ///
    /// - Parameters:
    ///   - indexed: The keys of `old` by identity, when the caller has
    ///     them already (a refetch built them to match rows).
    ///   - sources: For each row of `new`, the index in `old` of the row
    ///     it repeats unchanged (same identity and content hash), or -1,
    ///     when the caller knows (a refetch's scan does): unchanged rows
    ///     are then placed without reading their keys.
    static func changes(from old: KeyedRows, to new: KeyedRows, indexed: IndexedKeys? = nil, sources: [Int32]? = nil,
                        identityColumn: String, sql: String) throws(FetchedResultsError) -> PositionalChanges {
        let oldIndex = (indexed ?? IndexedKeys(old.keys)).index
        // Both key lists are read in place, mostly in order.
        var oldKeys = ChunkedArray<RowKey>.Reader(old.keys)
        var newKeys = ChunkedArray<RowKey>.Reader(new.keys)
        let match = SectionMatch(old: old.sections, new: new.sections)
        var claimed = [Bool](repeating: false, count: old.keys.count)
        precondition(sources == nil || sources?.count == new.keys.count, "one source per new row")
        // Marks an old row as matched; false when it already was, which
        // means the new rows hold its identity twice.
        func claim(_ oldRow: Int) -> Bool {
            guard !claimed[oldRow] else { return false }
            claimed[oldRow] = true
            return true
        }
        func duplicate(_ key: RowKey) -> FetchedResultsError {
            FetchedResultsError(.duplicateIdentity(column: identityColumn, value: key.id), sql: sql)
        }
        // Whether a new row repeats an old one unchanged (same identity and
        // content hash): the scan's sources say so without reading keys.
        func repeats(_ newRow: Int, _ oldRow: Int) -> Bool {
            if let sources { return Int(sources[newRow]) == oldRow }
            return newKeys[newRow].isIdentical(to: oldKeys[oldRow])
        }
        var result = PositionalChanges()
        // Rows that move or stay, in new order; those from the same section
        // are resolved once the longest subsequence is known. Index paths
        // are only made for rows reported.
        struct Candidate {
            var oldRow: Int
            var fromSection: Int
            var newRow: Int
            var isContentChanged: Bool
        }
        var candidates: [Candidate] = []
        var stayingOld: [Int] = []

        for (newSection, section) in new.sections.enumerated() {
            guard let oldSection = match.oldIndexOfNew[newSection] else {
                // Its rows come with it; rows it takes from surviving
                // sections stay unclaimed there, so they are deleted.
                result.insertedSections.append(newSection)
                continue
            }
            candidates.removeAll(keepingCapacity: true)
            stayingOld.removeAll(keepingCapacity: true)
            // Rows unchanged at both ends of a surviving section stay where
            // they are: every longest increasing subsequence keeps them
            // (they come first, or last, in both orders), so only the rows
            // between them need the general pass. After one commit, that
            // is most of a large result.
            var (newStart, newEnd) = (section.range.lowerBound, section.range.upperBound)
            var (oldStart, oldEnd) = (old.sections[oldSection].range.lowerBound, old.sections[oldSection].range.upperBound)
            while newStart < newEnd, oldStart < oldEnd, repeats(newStart, oldStart) {
                guard claim(oldStart) else { throw duplicate(newKeys[newStart]) }
                newStart += 1
                oldStart += 1
            }
            while newEnd > newStart, oldEnd > oldStart, repeats(newEnd - 1, oldEnd - 1) {
                guard claim(oldEnd - 1) else { throw duplicate(newKeys[newEnd - 1]) }
                newEnd -= 1
                oldEnd -= 1
            }
            for row in newStart..<newEnd {
                let oldRow: Int
                let isContentChanged: Bool
                if let sources, sources[row] >= 0 {
                    (oldRow, isContentChanged) = (Int(sources[row]), false)
                } else {
                    let key = newKeys[row]
                    guard let found = oldIndex[key.id] else {
                        result.insertedRows.append(row)
                        continue
                    }
                    (oldRow, isContentChanged) = (found, oldKeys[found].contentHash != key.contentHash)
                }
                guard claim(oldRow) else { throw duplicate(newKeys[row]) }
                let fromSection = old.sections.sectionIndex(containing: oldRow)
                guard match.newIndexOfOld[fromSection] != nil else {
                    result.insertedRows.append(row)
                    continue
                }
                if fromSection == oldSection { stayingOld.append(oldRow) }
                candidates.append(Candidate(oldRow: oldRow, fromSection: fromSection, newRow: row,
                                            isContentChanged: isContentChanged))
            }
            let kept = longestIncreasingSubsequence(stayingOld)
            var staying = 0
            for candidate in candidates {
                let isStaying = candidate.fromSection == oldSection
                if isStaying { staying += 1 }
                let isKept = isStaying && kept[staying - 1]
                let changed = candidate.isContentChanged
                guard !isKept || changed else { continue }
                let from = IndexPath(item: candidate.oldRow - old.sections[candidate.fromSection].start, section: candidate.fromSection)
                let to = IndexPath(item: candidate.newRow - section.start, section: newSection)
                if isKept {
                    result.updatedRows.append(.init(from: from, to: to, newGlobal: candidate.newRow))
                } else {
                    result.movedRows.append(.init(from: from, to: to, newGlobal: candidate.newRow, isContentChanged: changed))
                }
            }
        }
        for (oldSection, section) in old.sections.enumerated() {
            guard match.newIndexOfOld[oldSection] != nil else {
                result.deletedSections.append(oldSection)
                continue
            }
            for row in section.range where !claimed[row] {
                result.deletedRows.append(IndexPath(item: row - section.start, section: oldSection))
            }
        }
        return result
    }
}
