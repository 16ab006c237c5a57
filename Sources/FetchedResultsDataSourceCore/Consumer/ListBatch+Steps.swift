import FetchedResults
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ListBatch {
    /// The batch as a sequence of single operations, each in the
    /// coordinates left by the ones before it.
    ///
    /// The order: reloads (old coordinates, nothing moved yet), row deletes
    /// from the bottom up, section deletes from the last, section inserts
    /// from the first, then inserts and moves by ascending destination —
    /// each placed right after the row that precedes it in the new state,
    /// which is already in place. Rows that move and change content are
    /// not reloaded here: reconfigure ``reconfiguredRows`` afterwards.
    ///
    /// Applying the steps to the old list gives the same list as
    /// `changes.applied(to:)` (tests check this on random change sets).
    ///
    /// - Complexity: O(s + n·k) for s sections, n rows in the sections that
    ///   rows move into, out of or are inserted into, and k moves and
    ///   inserts: each one looks up its neighbour by a linear scan.
    public func steps() -> [ListStep<Item>] {
        var steps: [ListStep<Item>] = []
        steps.reserveCapacity(changes.count)
        for update in changes.updatedRows {
            steps.append(.reloadRow(update.from, update.item))
        }
        for path in changes.deletedRows.sorted(by: >) {
            steps.append(.deleteRow(path))
        }
        for section in changes.deletedSections.sorted(by: >) {
            steps.append(.deleteSection(section))
        }
        for insert in changes.insertedSections.sorted(by: { $0.index < $1.index }) {
            steps.append(.insertSection(insert.index, insert.section))
        }
        var placement = RowPlacement(batch: self)
        steps += placement.insertsAndMoves()
        return steps
    }
}

/// Places inserted and moved rows one at a time, tracking where every row
/// is after each step.
private struct RowPlacement<Item: Sendable> {
    /// A row, named by where it comes from.
    enum Token: Hashable {
        /// A row of the old state, by its old index path.
        case old(IndexPath)
        /// An inserted row, by its new index path.
        case inserted(IndexPath)
    }

    let changes: ChangeSet<Item>
    /// The rows of each section now (new section coordinates).
    var current: [[Token]]
    /// The rows of each section at the end.
    var final: [[Token]]
    /// The section each moved row is in now.
    var sectionOfMovedRow: [Token: Int] = [:]

    init(batch: ListBatch<Item>) {
        changes = batch.changes
        let deletedSections = Set(changes.deletedSections)
        let insertedSections = Set(changes.insertedSections.map(\.index))
        let deletedRows = Set(changes.deletedRows)
        let newSectionCount = batch.newRowCounts.count

        // Surviving old sections fill the slots not taken by inserted ones.
        var newIndexOfOld: [Int: Int] = [:]
        var slot = 0
        for old in batch.oldRowCounts.indices where !deletedSections.contains(old) {
            while insertedSections.contains(slot) { slot += 1 }
            newIndexOfOld[old] = slot
            slot += 1
        }

        // Only sections that rows move into, out of, or are inserted into
        // need tracking; the others keep their rows in place.
        var touched = Set(changes.insertedRows.map(\.indexPath.section))
        for move in changes.movedRows {
            touched.insert(move.to.section)
            if let new = newIndexOfOld[move.from.section] { touched.insert(new) }
        }
        var oldIndexOfNew: [Int: Int] = [:]
        for (old, new) in newIndexOfOld where touched.contains(new) { oldIndexOfNew[new] = old }

        // Now: survivors and rows about to move away, in old order.
        current = Array(repeating: [], count: newSectionCount)
        var survivors = Array(repeating: [Token](), count: newSectionCount)
        let movedFrom = Set(changes.movedRows.map(\.from))
        for (new, old) in oldIndexOfNew {
            for row in 0..<batch.oldRowCounts[old] {
                let path = IndexPath(item: row, section: old)
                guard !deletedRows.contains(path) else { continue }
                current[new].append(.old(path))
                if movedFrom.contains(path) {
                    sectionOfMovedRow[.old(path)] = new
                } else {
                    survivors[new].append(.old(path))
                }
            }
        }

        // At the end: explicit rows at their index, survivors in the gaps.
        var explicit = Array(repeating: [Int: Token](), count: newSectionCount)
        for insert in changes.insertedRows { explicit[insert.indexPath.section][insert.indexPath.item] = .inserted(insert.indexPath) }
        for move in changes.movedRows { explicit[move.to.section][move.to.item] = .old(move.from) }
        final = current
        for section in touched {
            var next = survivors[section].makeIterator()
            final[section] = (0..<batch.newRowCounts[section]).map { row in
                explicit[section][row] ?? next.next() ?? .inserted(IndexPath(item: row, section: section))
            }
        }
    }

    /// An inserted or a moved row, to place.
    enum Placement {
        case insert(ChangeSet<Item>.RowInsert)
        case move(ChangeSet<Item>.RowMove)

        var destination: IndexPath {
            switch self {
            case .insert(let insert): insert.indexPath
            case .move(let move): move.to
            }
        }
    }

    /// Inserts and moves by ascending destination.
    mutating func insertsAndMoves() -> [ListStep<Item>] {
        let placements = (changes.insertedRows.map(Placement.insert) + changes.movedRows.map(Placement.move))
            .sorted { $0.destination < $1.destination }
        return placements.map { placement in
            switch placement {
            case .insert(let insert):
                return .insertRow(place(.inserted(insert.indexPath), at: insert.indexPath), insert.item)
            case .move(let move):
                let token = Token.old(move.from)
                let section = sectionOfMovedRow[token]!
                let row = current[section].firstIndex(of: token)!
                current[section].remove(at: row)
                let to = place(token, at: move.to)
                return .moveRow(from: IndexPath(item: row, section: section), to: to)
            }
        }
    }

    /// Puts a row right after the row that precedes it at the end, and
    /// returns where that is now.
    mutating func place(_ token: Token, at destination: IndexPath) -> IndexPath {
        let section = destination.section
        var row = 0
        if destination.item > 0 {
            let predecessor = final[section][destination.item - 1]
            row = current[section].firstIndex(of: predecessor)! + 1
        }
        current[section].insert(token, at: row)
        return IndexPath(item: row, section: section)
    }
}
