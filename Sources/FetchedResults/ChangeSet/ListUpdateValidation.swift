import Foundation

/// ``ListUpdateRules/validate(_:from:to:id:changedIDs:)`` in steps, one
/// per group of rules, on the change set with its items replaced by ids.
struct ListUpdateValidation<ID: Hashable & Sendable> {
    let changes: ChangeSet<ID>
    let old: [ListSection<ID>]
    let new: [ListSection<ID>]
    let changedIDs: Set<ID>
    /// Where each id lives, old and new.
    private let oldPath: [ID: IndexPath]
    private let newPath: [ID: IndexPath]
    private let deletedSections: Set<Int>
    private let insertedSections: Set<Int>
    /// Changed ids the change set reports (updated, moved with new
    /// content, or inserted again).
    private var reported: Set<ID> = []

    init(_ changes: ChangeSet<ID>, from old: [ListSection<ID>], to new: [ListSection<ID>], changedIDs: Set<ID>) {
        self.changes = changes
        self.old = old
        self.new = new
        self.changedIDs = changedIDs
        oldPath = Self.paths(of: old)
        newPath = Self.paths(of: new)
        deletedSections = Set(changes.deletedSections)
        insertedSections = Set(changes.insertedSections.map(\.index))
    }

    private static func paths(of sections: [ListSection<ID>]) -> [ID: IndexPath] {
        var paths: [ID: IndexPath] = [:]
        for (s, section) in sections.enumerated() {
            for (r, item) in section.items.enumerated() { paths[item] = IndexPath(item: r, section: s) }
        }
        return paths
    }

    /// Rules 1–6: the batch fits the old state and rebuilds the new one.
    func checkRebuild() throws(ListUpdateViolation) {
        if deletedSections.count != changes.deletedSections.count {
            throw ListUpdateViolation(rule: 2, "a section is deleted twice")
        }
        let rebuilt = try changes.applied(to: old)
        guard rebuilt.count == new.count else {
            throw ListUpdateViolation(rule: 2, "the batch yields \(rebuilt.count) sections, the new state has \(new.count)")
        }
        for (index, (built, expected)) in zip(rebuilt, new).enumerated() {
            guard built.name == expected.name else {
                throw ListUpdateViolation(rule: 6, "section \(index) is \(built.name) after the batch, \(expected.name) in the new state")
            }
            guard built.items == expected.items else {
                throw ListUpdateViolation(rule: 6, "section \(index) (\(expected.name)) holds \(built.items) after the batch, \(expected.items) in the new state")
            }
        }
    }

    /// Rule 7: updates name rows that stay put, at consistent positions;
    /// moves say rightly whether their content changed.
    mutating func checkUpdatesAndMoves() throws(ListUpdateViolation) {
        for update in changes.updatedRows {
            guard old[update.from.section].items[update.from.item] == update.item else {
                throw ListUpdateViolation(rule: 7, "update at \(update.from.listText) names \(update.item), which was not there")
            }
            guard newPath[update.item] == update.to else {
                throw ListUpdateViolation(rule: 7, "update of \(update.item) says it ends at \(update.to.listText), it is at \(newPath[update.item]?.listText ?? "nowhere")")
            }
            guard changedIDs.contains(update.item) else {
                throw ListUpdateViolation(rule: 9, "update of \(update.item), whose content did not change")
            }
            reported.insert(update.item)
        }
        for move in changes.movedRows {
            guard old[move.from.section].items[move.from.item] == move.item else {
                throw ListUpdateViolation(rule: 6, "move from \(move.from.listText) names \(move.item), which was not there")
            }
            if move.isContentChanged != changedIDs.contains(move.item) {
                throw ListUpdateViolation(rule: move.isContentChanged ? 9 : 7,
                                          "move of \(move.item) says its content \(move.isContentChanged ? "changed" : "did not change"), which is wrong")
            }
            if move.isContentChanged { reported.insert(move.item) }
        }
    }

    /// Rule 8: completeness — and rows that live in both states are kept
    /// or moved, never deleted and inserted again.
    mutating func checkCompleteness() throws(ListUpdateViolation) {
        var deletedIDs: Set<ID> = []
        for path in changes.deletedRows { deletedIDs.insert(old[path.section].items[path.item]) }
        for section in deletedSections { deletedIDs.formUnion(old[section].items) }
        var insertedIDs: Set<ID> = Set(changes.insertedRows.map(\.item))
        for insert in changes.insertedSections { insertedIDs.formUnion(insert.section.items) }
        for (item, path) in oldPath {
            guard let destination = newPath[item] else {
                guard deletedIDs.contains(item) else {
                    throw ListUpdateViolation(rule: 8, "\(item) at \(path.listText) is gone but not deleted")
                }
                continue
            }
            let survives = !deletedSections.contains(path.section) && !insertedSections.contains(destination.section)
            if survives && (deletedIDs.contains(item) || insertedIDs.contains(item)) {
                throw ListUpdateViolation(rule: 9, "\(item) is deleted and inserted where a move or nothing was needed")
            }
            if insertedIDs.contains(item) { reported.insert(item) }
        }
        for item in newPath.keys where oldPath[item] == nil && !insertedIDs.contains(item) {
            throw ListUpdateViolation(rule: 8, "\(item) is new but not inserted")
        }
        for item in changedIDs where oldPath[item] != nil && newPath[item] != nil && !reported.contains(item) {
            throw ListUpdateViolation(rule: 8, "\(item) changed but is not reported")
        }
    }

    /// Rule 9: within a section, rows kept in place are a longest
    /// increasing subsequence of their old order.
    func checkMinimalMoves() throws(ListUpdateViolation) {
        let movedIDs = Set(changes.movedRows.map(\.item))
        let newIndexOfOldSection = ListUpdateRules.survivingSectionMap(oldCount: old.count, newCount: new.count,
                                                                       deleted: deletedSections, inserted: insertedSections)
        for (newIndex, section) in new.enumerated() where !insertedSections.contains(newIndex) {
            var oldOrder: [Int] = []
            var movedHere = 0
            for item in section.items {
                guard let from = oldPath[item], !deletedSections.contains(from.section),
                      newIndexOfOldSection[from.section] == newIndex
                else { continue }
                oldOrder.append(from.item)
                if movedIDs.contains(item) { movedHere += 1 }
            }
            let kept = oldOrder.count - movedHere
            let longest = ListUpdateRules.longestIncreasingSubsequenceLength(oldOrder)
            if kept != longest {
                throw ListUpdateViolation(rule: 9, "section \(newIndex) keeps \(kept) rows in place where \(longest) could stay (\(movedHere) moves)")
            }
        }
    }
}
