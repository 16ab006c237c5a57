import FetchedResults
import Foundation
import Persistence
import Testing
@testable import FetchedResultsDataSource

/// A cell that remembers what it was configured with.
@MainActor
final class RecordingCell {
    let identifier: String
    let indexPath: IndexPath
    var text = ""

    init(identifier: String, indexPath: IndexPath) {
        self.identifier = identifier
        self.indexPath = indexPath
    }
}

/// A list consumer that checks every batch against the rules of
/// `Sources/FetchedResults/FetchedResults.docc/ChangeSets.md` and keeps two copies of the list: one rebuilt by
/// `applied(to:)` (a table view's batch semantics), one by the
/// one-at-a-time steps (an `NSTableView`'s).
@MainActor
final class RecordingConsumer<Item: Sendable, ID: Hashable & Sendable, Content: Hashable>: ListConsumer {
    private(set) var copy: [ListSection<Item>] = []
    private(set) var stepCopy: [ListSection<Item>] = []
    private(set) var batches = 0
    private(set) var reloads = 0
    private(set) var reconfigured: [IndexPath] = []
    private(set) var violations: [String] = []

    /// The data source's state, read after `updateData`.
    var current: () -> [ListSection<Item>] = { [] }
    let id: (Item) -> ID
    let content: (Item) -> Content

    init(id: @escaping (Item) -> ID, content: @escaping (Item) -> Content) {
        self.id = id
        self.content = content
    }

    func performBatchUpdates<BatchItem: Sendable>(_ batch: ListBatch<BatchItem>, updateData: @escaping () -> Void) {
        batches += 1
        updateData()
        guard let changes = batch.changes as? ChangeSet<Item> else {
            violations.append("batch of \(BatchItem.self), expected \(Item.self)")
            return
        }
        let new = current()
        let old = copy
        if batch.oldRowCounts != old.map(\.items.count) || batch.newRowCounts != new.map(\.items.count) {
            violations.append("row counts \(batch.oldRowCounts) → \(batch.newRowCounts), list has \(old.map(\.items.count)) → \(new.map(\.items.count))")
        }
        // Content changed: same identity, different content.
        var oldContent: [ID: Content] = [:]
        for item in old.lazy.flatMap(\.items) { oldContent[id(item)] = content(item) }
        var changed: Set<ID> = []
        for item in new.lazy.flatMap(\.items) where oldContent[id(item)].map({ $0 != content(item) }) == true {
            changed.insert(id(item))
        }
        do {
            try ListUpdateRules.validate(changes, from: ids(old), to: ids(new), id: id, changedIDs: changed)
            copy = try changes.applied(to: old)
        } catch {
            violations.append("\(error)")
            copy = new
        }
        var stepped = applyingSteps(ListBatch(changes: changes, oldRowCounts: batch.oldRowCounts, newRowCounts: batch.newRowCounts).steps(),
                                    to: stepCopy)
        for move in changes.movedRows where move.isContentChanged {
            stepped[move.to.section].items[move.to.item] = move.item
        }
        stepCopy = stepped
    }

    func reloadData(_ snapshot: some ListSnapshot, updateData: () -> Void) {
        reloads += 1
        updateData()
        copy = (0..<snapshot.numberOfSections).map { section in
            ListSection(name: snapshot.sectionName(at: section),
                        items: (0..<snapshot.numberOfItems(inSection: section)).map {
                            // The tests fetch without a batch size: rows always load.
                            try! snapshot.item(at: IndexPath(item: $0, section: section)) as! Item
                        })
        }
        stepCopy = copy
    }

    /// A reconfigure reads the rows' content again.
    func reconfigureRows(at indexPaths: [IndexPath]) {
        reconfigured += indexPaths
        let current = current()
        for path in indexPaths {
            copy[path.section].items[path.item] = current[path.section].items[path.item]
            stepCopy[path.section].items[path.item] = current[path.section].items[path.item]
        }
    }

    /// The user dragged a row: the list moves it itself, as UIKit does.
    func userMoved(from: IndexPath, to: IndexPath) {
        copy[to.section].items.insert(copy[from.section].items.remove(at: from.item), at: to.item)
        stepCopy = copy
    }

    func dequeueCell(withIdentifier identifier: String, for indexPath: IndexPath) -> RecordingCell {
        RecordingCell(identifier: identifier, indexPath: indexPath)
    }

    func ids(_ sections: [ListSection<Item>]) -> [ListSection<ID>] {
        sections.map { ListSection(name: $0.name, items: $0.items.map(id)) }
    }
}
