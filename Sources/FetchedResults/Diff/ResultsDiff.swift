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
    /// - Throws: ``DuplicateIdentity`` when `new` holds an identity twice:
    ///   the diff checks its own input; callers word the error for theirs.
    /// - Complexity: O(n log n) for n rows (O(n + r log r) when rows move in
    ///   r runs).
    ///
    /// - Parameters:
    ///   - indexed: The keys of `old` by identity, when the caller has
    ///     them already (a refetch built them to match rows).
    ///   - unchanged: For each row of `new`, the row of `old` it repeats
    ///     unchanged (same identity and content hash), when the caller
    ///     knows (a refetch's scan does): unchanged rows are then placed
    ///     without reading their keys.
    static func changes(from old: KeyedRows, to new: KeyedRows, indexed: IndexedKeys? = nil,
                        unchanged: UnchangedRows? = nil) throws(DuplicateIdentity) -> PositionalChanges {
        precondition(unchanged == nil || unchanged?.count == new.keys.count, "one entry per new row")
        var diff = KeyedDiff(old: old, new: new, oldIndex: (indexed ?? IndexedKeys(old.keys)).index, unchanged: unchanged)
        return try diff.run()
    }
}

/// A diff's new rows hold an identity twice: what the diff found wrong
/// with its input, for the caller to report in its own terms.
struct DuplicateIdentity: Error, Equatable {
    /// The identity found twice.
    var value: DatabaseValue
}

