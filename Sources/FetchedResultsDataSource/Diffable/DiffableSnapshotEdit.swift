import FetchedResults
import Foundation
import Persistence

/// One call of `NSDiffableDataSourceSnapshot`'s editing API, recorded
/// without the type (which only UIKit and AppKit have), so that the edits
/// a change set makes can be built and tested on any platform.
enum DiffableSnapshotEdit<ItemID: Hashable & Sendable>: Equatable, Sendable {
    /// `deleteItems(_:)`.
    case deleteItems([ItemID])
    /// `deleteSections(_:)`.
    case deleteSections([DatabaseValue])
    /// `insertSections(_:beforeSection:)`.
    case insertSections([DatabaseValue], beforeSection: DatabaseValue)
    /// `appendSections(_:)`.
    case appendSections([DatabaseValue])
    /// `insertItems(_:beforeItem:)`.
    case insertItems([ItemID], beforeItem: ItemID)
    /// `appendItems(_:toSection:)`.
    case appendItems([ItemID], toSection: DatabaseValue)
    /// `deleteItems(itemIdentifiers(inSection:))`, then
    /// `appendItems(_:toSection:)`: a section rebuilt whole.
    case replaceItems(inSection: DatabaseValue, with: [ItemID])
}

/// The edits that take a diffable snapshot showing `old` to one showing
/// `new`, from the change set between them — no diff: every edit comes
/// from an operation of the change set.
///
/// Steps: the deleted rows and the sources of moves are deleted in one
/// call; deleted sections go; inserted sections are inserted by runs
/// before the surviving section that follows them (or appended), with
/// their rows; in each surviving section, inserted rows and the
/// destinations of moves are inserted by runs of consecutive rows before
/// the row that follows the run (a row that stayed, already there), or
/// appended at the end of the section.
///
/// Each insert call makes the snapshot find its anchor and shift the
/// items after it, so a section with more than ``runsBeforeRebuild`` runs
/// is rebuilt whole instead: its surviving rows deleted, then all of its
/// rows appended.
///
/// - Complexity: O(k log k) for k changes, plus O(r) for the r rows of
///   inserted sections and of rebuilt sections (each row's identity is
///   read once: O(log n) for a controller's snapshot).
struct DiffableSnapshotEdits<Snapshot: DiffableListSnapshot> {
    typealias Edit = DiffableSnapshotEdit<Snapshot.ItemIdentifier>

    /// The number of runs of placed rows above which a section is rebuilt.
    static var runsBeforeRebuild: Int { 32 }

    let old: Snapshot
    let new: Snapshot

    /// The edits for a change set computed between `old` and `new`.
    func edits(for changes: ChangeSet<Snapshot.Item>) -> [Edit] {
        var edits: [Edit] = []
        let gone = changes.deletedRows.map(old.itemIdentifier(at:)) + changes.movedRows.map { old.itemIdentifier(at: $0.from) }
        if !gone.isEmpty { edits.append(.deleteItems(gone)) }
        if !changes.deletedSections.isEmpty { edits.append(.deleteSections(changes.deletedSections.map(old.sectionName(at:)))) }
        edits += sectionInserts(changes.insertedSections.map(\.index))
        let placed = Dictionary(grouping: changes.insertedRows.map(\.indexPath) + changes.movedRows.map(\.to), by: \.section)
        for (section, paths) in placed.sorted(by: { $0.key < $1.key }) {
            edits += rowInserts(paths.map(\.item), inSection: section)
        }
        return edits
    }

    /// The identities of the rows the change set inserts: inserted rows
    /// and the rows of inserted sections. One that was shown before (a
    /// row leaving a deleted section, a section deleted and inserted
    /// again) keeps its identity, so a diffable data source keeps its
    /// cell: it must be refreshed, as the change set does not say whether
    /// its content changed. With their new index paths.
    func insertedIdentifiers(for changes: ChangeSet<Snapshot.Item>) -> [(identifier: Snapshot.ItemIdentifier, at: IndexPath)] {
        let paths = changes.insertedRows.map(\.indexPath) + changes.insertedSections.flatMap { insert in
            (0..<new.numberOfItems(inSection: insert.index)).map { IndexPath(item: $0, section: insert.index) }
        }
        return paths.map { (new.itemIdentifier(at: $0), $0) }
    }

    /// Inserted sections, by runs, each followed by its rows.
    private func sectionInserts(_ indexes: [Int]) -> [Edit] {
        var edits: [Edit] = []
        for run in Self.runs(of: indexes) {
            let names = run.map(new.sectionName(at:))
            if run.upperBound < new.numberOfSections {
                edits.append(.insertSections(names, beforeSection: new.sectionName(at: run.upperBound)))
            } else {
                edits.append(.appendSections(names))
            }
            for section in run where new.numberOfItems(inSection: section) > 0 {
                edits.append(.appendItems(identifiers(inSection: section, rows: 0..<new.numberOfItems(inSection: section)),
                                          toSection: new.sectionName(at: section)))
            }
        }
        return edits
    }

    /// Inserted and moved-in rows of a surviving section, by runs.
    private func rowInserts(_ rows: [Int], inSection section: Int) -> [Edit] {
        let runs = Self.runs(of: rows)
        let name = new.sectionName(at: section)
        let count = new.numberOfItems(inSection: section)
        guard runs.count <= Self.runsBeforeRebuild else {
            return [.replaceItems(inSection: name, with: identifiers(inSection: section, rows: 0..<count))]
        }
        return runs.map { run in
            let items = identifiers(inSection: section, rows: run)
            guard run.upperBound < count else { return .appendItems(items, toSection: name) }
            return .insertItems(items, beforeItem: new.itemIdentifier(at: IndexPath(item: run.upperBound, section: section)))
        }
    }

    /// Whether the edits for a change set would write at least half of
    /// the new snapshot's rows (sections rebuilt whole, usually): then a
    /// snapshot made afresh from `new` is the cheaper way to the same
    /// result. Counted without making the edits.
    func rewritesMostRows(for changes: ChangeSet<Snapshot.Item>) -> Bool {
        var written = changes.insertedSections.reduce(0) { $0 + new.numberOfItems(inSection: $1.index) }
        let placed = Dictionary(grouping: changes.insertedRows.map(\.indexPath) + changes.movedRows.map(\.to), by: \.section)
        for (section, paths) in placed {
            let runs = Self.runs(of: paths.map(\.item)).count
            written += runs > Self.runsBeforeRebuild ? new.numberOfItems(inSection: section) : paths.count
        }
        let total = (0..<new.numberOfSections).reduce(0) { $0 + new.numberOfItems(inSection: $1) }
        return written > 0 && written * 2 >= total
    }

    private func identifiers(inSection section: Int, rows: Range<Int>) -> [Snapshot.ItemIdentifier] {
        rows.map { new.itemIdentifier(at: IndexPath(item: $0, section: section)) }
    }

    /// Runs of consecutive values, in ascending order.
    static func runs(of values: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for value in values.sorted() {
            if let last = runs.last, last.upperBound == value {
                runs[runs.count - 1] = last.lowerBound..<value + 1
            } else {
                runs.append(value..<value + 1)
            }
        }
        return runs
    }
}
