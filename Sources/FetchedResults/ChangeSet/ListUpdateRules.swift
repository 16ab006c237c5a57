import Foundation

/// A change set that breaks one of the rules of <doc:ChangeSets>: a
/// table view would throw `NSInternalInconsistencyException` on it.
public struct ListUpdateViolation: Error, Sendable, CustomStringConvertible {
    /// The number of the broken rule in <doc:ChangeSets> (1–9).
    public var rule: Int
    /// What is wrong, with the index paths concerned.
    public var message: String

    /// Creates a violation.
    public init(rule: Int, _ message: String) {
        self.rule = rule
        self.message = message
    }

    public var description: String { "rule \(rule): \(message)" }
}

/// The rules every change set must keep, checked against the old and new
/// states it was computed from (see <doc:ChangeSets>).
///
/// Tests use it as the oracle for the diff; list consumers can run it in
/// debug builds before applying a batch.
public enum ListUpdateRules {
    /// Checks every rule of <doc:ChangeSets>.
    ///
    /// - Parameters:
    ///   - changes: The change set.
    ///   - old: The old state, as section names and row ids.
    ///   - new: The new state, as section names and row ids.
    ///   - id: The identity of an item of the change set.
    ///   - changedIDs: The ids whose content changed between the states.
    /// - Throws: ``ListUpdateViolation`` naming the first broken rule.
    /// - Complexity: O(n log n) for n rows.
    public static func validate<Item, ID: Hashable & Sendable>(
        _ changes: ChangeSet<Item>,
        from old: [ListSection<ID>],
        to new: [ListSection<ID>],
        id: (Item) -> ID,
        changedIDs: Set<ID>
    ) throws(ListUpdateViolation) {
        // Rules 1–6: the batch fits the old state and rebuilds the new one.
        let idChanges = changes.map(id)
        if Set(changes.deletedSections).count != changes.deletedSections.count {
            throw ListUpdateViolation(rule: 2, "a section is deleted twice")
        }
        let rebuilt = try idChanges.applied(to: old)
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

        // Where each id lives, old and new.
        var oldPath: [ID: IndexPath] = [:]
        for (s, section) in old.enumerated() {
            for (r, item) in section.items.enumerated() { oldPath[item] = IndexPath(item: r, section: s) }
        }
        var newPath: [ID: IndexPath] = [:]
        for (s, section) in new.enumerated() {
            for (r, item) in section.items.enumerated() { newPath[item] = IndexPath(item: r, section: s) }
        }
        let deletedSections = Set(changes.deletedSections)
        let insertedSections = Set(changes.insertedSections.map(\.index))

        // Rule 7: updates name rows that stay put, at consistent positions.
        var reported: Set<ID> = []
        for update in idChanges.updatedRows {
            guard old[update.from.section].items[update.from.item] == update.item else {
                throw ListUpdateViolation(rule: 7, "update at \(update.from.listDescription) names \(update.item), which was not there")
            }
            guard newPath[update.item] == update.to else {
                throw ListUpdateViolation(rule: 7, "update of \(update.item) says it ends at \(update.to.listDescription), it is at \(newPath[update.item]?.listDescription ?? "nowhere")")
            }
            guard changedIDs.contains(update.item) else {
                throw ListUpdateViolation(rule: 9, "update of \(update.item), whose content did not change")
            }
            reported.insert(update.item)
        }
        for move in idChanges.movedRows {
            guard old[move.from.section].items[move.from.item] == move.item else {
                throw ListUpdateViolation(rule: 6, "move from \(move.from.listDescription) names \(move.item), which was not there")
            }
            if move.isContentChanged != changedIDs.contains(move.item) {
                throw ListUpdateViolation(rule: move.isContentChanged ? 9 : 7,
                                          "move of \(move.item) says its content \(move.isContentChanged ? "changed" : "did not change"), which is wrong")
            }
            if move.isContentChanged { reported.insert(move.item) }
        }

        // Rule 8: completeness — and rows that live in both states are kept
        // or moved, never deleted and inserted again.
        var deletedIDs: Set<ID> = []
        for path in changes.deletedRows { deletedIDs.insert(old[path.section].items[path.item]) }
        for section in deletedSections { deletedIDs.formUnion(old[section].items) }
        var insertedIDs: Set<ID> = Set(idChanges.insertedRows.map(\.item))
        for insert in idChanges.insertedSections { insertedIDs.formUnion(insert.section.items) }
        for (item, path) in oldPath {
            guard let destination = newPath[item] else {
                guard deletedIDs.contains(item) else {
                    throw ListUpdateViolation(rule: 8, "\(item) at \(path.listDescription) is gone but not deleted")
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

        // Rule 9: within a section, rows kept in place are a longest
        // increasing subsequence of their old order.
        let movedIDs = Set(idChanges.movedRows.map(\.item))
        let newIndexOfOldSection = survivingSectionMap(oldCount: old.count, newCount: new.count,
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
            let longest = longestIncreasingSubsequenceLength(oldOrder)
            if kept != longest {
                throw ListUpdateViolation(rule: 9, "section \(newIndex) keeps \(kept) rows in place where \(longest) could stay (\(movedHere) moves)")
            }
        }
    }

    /// The new index of each surviving old section.
    private static func survivingSectionMap(oldCount: Int, newCount: Int, deleted: Set<Int>, inserted: Set<Int>) -> [Int: Int] {
        var map: [Int: Int] = [:]
        var newIndex = 0
        for oldIndex in 0..<oldCount where !deleted.contains(oldIndex) {
            while inserted.contains(newIndex) { newIndex += 1 }
            map[oldIndex] = newIndex
            newIndex += 1
        }
        return map
    }

    /// The length of a longest strictly increasing subsequence.
    ///
    /// - Complexity: O(n log n).
    static func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if tails[mid] < value { low = mid + 1 } else { high = mid }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }
}
