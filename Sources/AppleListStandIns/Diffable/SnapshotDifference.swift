import Foundation

/// The batch update that takes a list from one snapshot to another: what a
/// diffable data source computes when it applies a snapshot ("the
/// diffable data source computes the difference between the table view's
/// current state and the new state in the snapshot, which is an O(n)
/// operation", `apply(_:animatingDifferences:completion:)`).
///
/// Items are matched by identifier. In each section that survives, the
/// items that keep their relative order are a longest increasing
/// subsequence of their old rows; the others move. An item that changes
/// section moves too, unless its new section is inserted (the section
/// brings it) or its old one deleted (it is inserted). Items the new
/// snapshot reconfigures or reloads are named at their new index paths,
/// to refresh once the batch is done. Sections that change order are
/// deleted and inserted (the stand-in views have no section moves).
struct SnapshotDifference {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var reconfiguredRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []

    /// Steps: `matchSections(old:new:)`, then `matchRows(old:new:oldSections:)`
    /// (inserts and moves, in new order), then the deletes, then
    /// `refreshes(in:)`.
    init<S, I>(from old: NSDiffableDataSourceSnapshot<S, I>, to new: NSDiffableDataSourceSnapshot<S, I>) {
        let oldSections = matchSections(old: old, new: new)
        let kept = matchRows(old: old, new: new, oldSections: oldSections)
        for (section, items) in old.items.enumerated() where !deletedSections.contains(section) {
            for row in items.indices where !kept.contains(IndexPath(standInRow: row, section: section)) {
                deletedRows.append(IndexPath(standInRow: row, section: section))
            }
        }
        refreshes(in: new)
    }

    /// Sections deleted and inserted. Surviving sections out of order:
    /// those off a longest increasing subsequence are deleted and inserted
    /// again, with their items.
    ///
    /// - Returns: The old index of every old section.
    private mutating func matchSections<S, I>(old: NSDiffableDataSourceSnapshot<S, I>,
                                              new: NSDiffableDataSourceSnapshot<S, I>) -> [S: Int] {
        let oldSections = Dictionary(uniqueKeysWithValues: old.sections.enumerated().map { ($1, $0) })
        let inOrder = Set(longestIncreasingSubsequence(new.sections.compactMap { oldSections[$0] }))
        let survivingOld = Set(new.sections.compactMap { oldSections[$0] }.filter(inOrder.contains))
        deletedSections = IndexSet(old.sections.indices.filter { !survivingOld.contains($0) })
        insertedSections = IndexSet(new.sections.indices.filter { index in
            oldSections[new.sections[index]].map { !inOrder.contains($0) } ?? true
        })
        return oldSections
    }

    /// Inserts and moves, section by section in new order: an item with no
    /// old place in a surviving section is inserted; one from another
    /// section moves; in its own section, those off a longest increasing
    /// subsequence of old rows move.
    ///
    /// - Returns: The old index paths of the items that stay or move.
    private mutating func matchRows<S, I>(old: NSDiffableDataSourceSnapshot<S, I>, new: NSDiffableDataSourceSnapshot<S, I>,
                                          oldSections: [S: Int]) -> Set<IndexPath> {
        let oldPaths = Self.paths(of: old)
        var kept: Set<IndexPath> = []
        for (newSection, sectionID) in new.sections.enumerated() where !insertedSections.contains(newSection) {
            let oldSection = oldSections[sectionID]!
            var sameSection: [(newRow: Int, oldRow: Int)] = []
            for (row, item) in new.items[newSection].enumerated() {
                let to = IndexPath(standInRow: row, section: newSection)
                guard let from = oldPaths[item], !deletedSections.contains(from.sectionIndex) else {
                    insertedRows.append(to)
                    continue
                }
                kept.insert(from)
                if from.sectionIndex == oldSection {
                    sameSection.append((row, from.rowIndex))
                } else {
                    movedRows.append((from, to))
                }
            }
            let staying = Set(longestIncreasingSubsequence(sameSection.map(\.oldRow)))
            for pair in sameSection where !staying.contains(pair.oldRow) {
                movedRows.append((IndexPath(standInRow: pair.oldRow, section: oldSection),
                                  IndexPath(standInRow: pair.newRow, section: newSection)))
            }
        }
        return kept
    }

    /// The reconfigured and reloaded items of `new` that were shown
    /// before (an inserted one gets a new cell anyway), at their new
    /// index paths.
    private mutating func refreshes<S, I>(in new: NSDiffableDataSourceSnapshot<S, I>) {
        let inserted = Set(insertedRows)
        let newPaths = Self.paths(of: new)
        func shownBefore(_ item: I) -> IndexPath? {
            guard let path = newPaths[item], !insertedSections.contains(path.sectionIndex) else { return nil }
            return inserted.contains(path) ? nil : path
        }
        var reloaded = new.reloadedItemIdentifiers
        for section in new.reloadedSectionIdentifiers {
            reloaded += new.itemIdentifiers(inSection: section)
        }
        reloadedRows = reloaded.compactMap(shownBefore)
        let reloadedSet = Set(reloadedRows)
        reconfiguredRows = new.reconfiguredItemIdentifiers.compactMap(shownBefore).filter { !reloadedSet.contains($0) }
    }

    /// Every item's index path.
    private static func paths<S, I>(of snapshot: NSDiffableDataSourceSnapshot<S, I>) -> [I: IndexPath] {
        var paths: [I: IndexPath] = [:]
        paths.reserveCapacity(snapshot.numberOfItems)
        for (section, items) in snapshot.items.enumerated() {
            for (row, item) in items.enumerated() { paths[item] = IndexPath(standInRow: row, section: section) }
        }
        return paths
    }
}

/// The values of a longest strictly increasing subsequence (patience
/// sorting).
///
/// - Complexity: O(n log n).
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    var tails: [Int] = []          // index into values of the smallest tail of each length
    var previous = Array(repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [Int] = []
    var index = tails.last ?? -1
    while index >= 0 {
        result.append(values[index])
        index = previous[index]
    }
    return result.reversed()
}
