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
        var validation = ListUpdateValidation(changes.map(id), from: old, to: new, changedIDs: changedIDs)
        try validation.checkRebuild()
        try validation.checkUpdatesAndMoves()
        try validation.checkCompleteness()
        try validation.checkMinimalMoves()
    }

    /// The new index of each surviving old section.
    static func survivingSectionMap(oldCount: Int, newCount: Int, deleted: Set<Int>, inserted: Set<Int>) -> [Int: Int] {
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
