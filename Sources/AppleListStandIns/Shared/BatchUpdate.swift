import Foundation

/// The operations one batch update of a UIKit list (`UITableView`,
/// `UICollectionView`) collected, in the coordinates UIKit documents for
/// `performBatchUpdates(_:completion:)`: deletes, reloads, reconfigures and
/// the sources of moves in the state before the batch; inserts and the
/// destinations of moves in the state after it, whatever the order of
/// the calls.
struct BatchUpdate {
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var reconfiguredRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
}

/// What a row shows once a batch is applied.
enum RowAfterBatch<Cell> {
    /// The row kept its cell (it stayed, or it moved: UIKit does not
    /// refresh a moved cell).
    case kept(Cell)
    /// A new cell, asked from the data source at the slot's new index path
    /// (an inserted row, a row of an inserted section, or the new cell of
    /// a reloaded row).
    case fresh
    /// The row keeps its cell, which the data source configures again.
    case reconfigured(Cell)
}

extension BatchUpdate {
    /// Checks the batch the way UIKit does when it ends, and says what each
    /// row of the new state shows.
    ///
    /// A reload inside a batch is a delete plus an insert, as UIKit
    /// documents it: "When this method is called in an animation block
    /// defined by the beginUpdates and endUpdates methods, it behaves
    /// similarly to deleteRowsAtIndexPaths:withRowAnimation:. The indexes
    /// that UITableView passes to the method are specified in the state of
    /// the table view prior to any updates" and "Reloading a row causes
    /// the table view to ask its data source for a new cell for that row"
    /// (`reloadRows(at:with:)`). Where that new cell goes is not
    /// documented once rows also move; the stand-in puts it where the row
    /// would be if no row moved (its old index, less the rows deleted
    /// above it, among the slots no insert names), which is where UIKit
    /// puts it in a batch without moves. With moves that slot can hold
    /// another row's data while a surviving cell lands where the reloaded
    /// row belongs (old `[A, B, C]`, new `[C, A, B′]`, B reloaded, C moved
    /// to the top: `[C, A, A]`): an adapter must refresh changed rows
    /// after the batch, never inside one that moves rows.
    ///
    /// - Parameters:
    ///   - old: The cells shown before the batch, by section.
    ///   - newSectionCount: The data source's number of sections after
    ///     the updates block.
    ///   - newRowCount: The data source's number of rows of a section
    ///     after the updates block.
    ///   - row: UIKit's word for a row (`row`, `item`).
    /// - Throws: `NSInternalInconsistencyException` for an index out of
    ///   bounds, a row or section named twice, a reload, reconfigure or
    ///   move of a deleted row, a row operation inside an inserted or
    ///   deleted section, or counts that do not add up.
    func resolve<Cell>(old: [[Cell]], newSectionCount: Int, newRowCount: (Int) -> Int,
                       row: String) throws(StandInException) -> [[RowAfterBatch<Cell>]] {
        let sections = try resolveSections(oldCount: old.count, newCount: newSectionCount)
        var check = RowCheck(old: old.map(\.count), sections: sections, row: row)
        for path in deletedRows { try check.nameOld(path, "delete") }
        for path in reloadedRows { try check.nameOld(path, "reload") }
        for path in reconfiguredRows { try check.nameOld(path, "reconfigure") }
        for move in movedRows { try check.nameOld(move.from, "move") }
        for path in insertedRows { try check.nameNew(path, "insert") }
        for move in movedRows { try check.nameNew(move.to, "move") }

        var result: [[RowAfterBatch<Cell>]] = Array(repeating: [], count: newSectionCount)
        for new in 0..<newSectionCount where sections.oldOfNew[new] == nil {
            result[new] = Array(repeating: .fresh, count: newRowCount(new))
        }
        let movedFrom = Dictionary(movedRows.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        for (oldIndex, newIndex) in sections.newOfOld.sorted(by: { $0.key < $1.key }) {
            let count = newRowCount(newIndex)
            try check.counts(oldSection: oldIndex, newSection: newIndex, newCount: count)
            // Deleted, reloaded and moved rows leave the survivors.
            var survivors = old[oldIndex].indices.lazy.compactMap { index -> RowAfterBatch<Cell>? in
                let path = IndexPath(standInRow: index, section: oldIndex)
                switch check.oldOperation[path] {
                case nil: return .kept(old[oldIndex][index])
                case "reconfigure": return .reconfigured(old[oldIndex][index])
                default: return nil
                }
            }.makeIterator()
            let reloaded = self.reloadSlots(oldSection: oldIndex, newSection: newIndex, newCount: count)
            result[newIndex] = (0..<count).map { index in
                let path = IndexPath(standInRow: index, section: newIndex)
                if let from = movedFrom[path] { return .kept(old[from.sectionIndex][from.rowIndex]) }
                if check.newOperation[path] != nil || reloaded.contains(index) { return .fresh }
                // The counts add up (checked above): the free slots are the
                // survivors plus the reloads; a reload whose slot another
                // row took gets a free one left.
                return survivors.next() ?? .fresh
            }
        }
        return result
    }

    /// The new rows of a surviving section where its reloaded rows get
    /// their new cells: each row's old index less the rows deleted above
    /// it, counted among the slots that no insert names (moves ignored:
    /// see ``resolve(old:newSectionCount:newRowCount:row:)``).
    private func reloadSlots(oldSection: Int, newSection: Int, newCount: Int) -> Set<Int> {
        let reloads = reloadedRows.filter { $0.sectionIndex == oldSection }.map(\.rowIndex)
        guard !reloads.isEmpty else { return [] }
        let deleted = deletedRows.filter { $0.sectionIndex == oldSection }.map(\.rowIndex)
        let inserted = Set(insertedRows.filter { $0.sectionIndex == newSection }.map(\.rowIndex))
        let free = (0..<newCount).filter { !inserted.contains($0) }
        var slots: Set<Int> = []
        for row in reloads {
            let rank = row - deleted.count(where: { $0 < row })
            if free.indices.contains(rank) { slots.insert(free[rank]) }
        }
        return slots
    }

    /// Where the surviving old sections go: the slots that inserted
    /// sections leave, in order.
    private func resolveSections(oldCount: Int, newCount: Int) throws(StandInException) -> SectionMap {
        var deleted: Set<Int> = []
        for section in deletedSections {
            guard (0..<oldCount).contains(section) else {
                throw StandInException(.internalInconsistency, "attempt to delete section \(section), but there are only \(oldCount) sections before the update")
            }
            guard deleted.insert(section).inserted else {
                throw StandInException(.internalInconsistency, "attempt to delete section \(section) twice")
            }
        }
        let expected = oldCount - deleted.count + Set(insertedSections).count
        guard newCount == expected else {
            throw StandInException(.internalInconsistency, "Invalid update: invalid number of sections. The number of sections contained after the update (\(newCount)) must be equal to the number of sections contained before the update (\(oldCount)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deleted.count) deleted).")
        }
        var inserted: Set<Int> = []
        for section in insertedSections {
            guard (0..<newCount).contains(section) else {
                throw StandInException(.internalInconsistency, "attempt to insert section \(section) but there are only \(newCount) sections after the update")
            }
            guard inserted.insert(section).inserted else {
                throw StandInException(.internalInconsistency, "attempt to insert section \(section) twice")
            }
        }
        var map = SectionMap(deleted: deleted, inserted: inserted)
        var slot = 0
        for old in 0..<oldCount where !deleted.contains(old) {
            while inserted.contains(slot) { slot += 1 }
            map.newOfOld[old] = slot
            map.oldOfNew[slot] = old
            slot += 1
        }
        return map
    }
}

/// The sections of a batch: which are deleted and inserted, and where the
/// others go.
struct SectionMap {
    var deleted: Set<Int>
    var inserted: Set<Int>
    var newOfOld: [Int: Int] = [:]
    var oldOfNew: [Int: Int] = [:]
}

/// The row checks of one batch: every index path named once, in bounds,
/// outside whole-section operations, and counts that add up.
private struct RowCheck {
    let old: [Int]
    let sections: SectionMap
    let row: String
    /// What each old index path is named by (`delete`, `reload`, …).
    var oldOperation: [IndexPath: String] = [:]
    /// What each new index path is named by (`insert`, `move`).
    var newOperation: [IndexPath: String] = [:]
    var removed: [Int: Int] = [:]
    var added: [Int: Int] = [:]
    var movedOut: [Int: Int] = [:]
    var movedIn: [Int: Int] = [:]

    init(old: [Int], sections: SectionMap, row: String) {
        self.old = old
        self.sections = sections
        self.row = row
    }

    mutating func nameOld(_ path: IndexPath, _ operation: String) throws(StandInException) {
        let (section, index) = (path.sectionIndex, path.rowIndex)
        guard old.indices.contains(section) else {
            throw StandInException(.internalInconsistency, "attempt to \(operation) \(row) \(index) from section \(section), but there are only \(old.count) sections before the update")
        }
        guard (0..<old[section]).contains(index) else {
            throw StandInException(.internalInconsistency, "attempt to \(operation) \(row) \(index) from section \(section) which only contains \(old[section]) \(row)s before the update")
        }
        // UIKit documents nothing about a row deleted (or reloaded, which
        // "behaves similarly" to a delete) inside a section the same batch
        // deletes: the stand-in lets the section delete take it, as it
        // takes the section's other rows. Plume's change sets never name
        // one (rule 4 of the list-update rules, checked where they are
        // made). A move out of, or a reconfigure inside, a deleted section
        // is not documented either; the stand-in raises for it, a rule
        // stricter than the documentation that only Plume's own change
        // sets could meet, and they never do.
        guard !sections.deleted.contains(section) || operation == "delete" || operation == "reload" else {
            throw StandInException(.internalInconsistency, "attempt to \(operation) \(row) \(index) from section \(section), which is deleted in the same update")
        }
        if let other = oldOperation[path] {
            throw StandInException(.internalInconsistency, "attempt to \(other) and \(operation) the same index path (\(path.standInText))")
        }
        oldOperation[path] = operation
        switch operation {
        case "delete": removed[section, default: 0] += 1
        case "move": movedOut[section, default: 0] += 1
        default: break
        }
    }

    mutating func nameNew(_ path: IndexPath, _ operation: String) throws(StandInException) {
        let (section, index) = (path.sectionIndex, path.rowIndex)
        guard sections.oldOfNew[section] != nil || sections.inserted.contains(section) else {
            throw StandInException(.internalInconsistency, "attempt to \(operation) \(row) \(index) into section \(section), but there are only \(sections.oldOfNew.count + sections.inserted.count) sections after the update")
        }
        guard !sections.inserted.contains(section) else {
            throw StandInException(.internalInconsistency, "attempt to \(operation) \(row) \(index) into section \(section), which is inserted in the same update")
        }
        if let other = newOperation[path] {
            throw StandInException(.internalInconsistency, "attempt to \(other) and \(operation) to the same index path (\(path.standInText))")
        }
        newOperation[path] = operation
        switch operation {
        case "insert": added[section, default: 0] += 1
        default: movedIn[section, default: 0] += 1
        }
    }

    /// UIKit's row count check of a section that survives the batch.
    func counts(oldSection: Int, newSection: Int, newCount: Int) throws(StandInException) {
        let inserted = added[newSection, default: 0], deleted = removed[oldSection, default: 0]
        let into = movedIn[newSection, default: 0], outOf = movedOut[oldSection, default: 0]
        guard newCount == old[oldSection] - deleted - outOf + inserted + into else {
            throw StandInException(.internalInconsistency, "Invalid update: invalid number of \(row)s in section \(newSection). The number of \(row)s contained in an existing section after the update (\(newCount)) must be equal to the number of \(row)s contained in that section before the update (\(old[oldSection])), plus or minus the number of \(row)s inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(row)s moved into or out of that section (\(into) moved in, \(outOf) moved out).")
        }
        for (path, operation) in newOperation where path.sectionIndex == newSection && path.rowIndex >= newCount {
            throw StandInException(.internalInconsistency, "attempt to \(operation) \(row) \(path.rowIndex) into section \(newSection), but there are only \(newCount) \(row)s in section \(newSection) after the update")
        }
    }
}
