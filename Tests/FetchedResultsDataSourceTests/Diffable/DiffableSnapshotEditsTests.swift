import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

/// The edits a change set makes to a diffable snapshot, checked on the
/// stand-in snapshot: applied to a snapshot of the old state, they give
/// the new state identity by identity, raise nothing, and are made of
/// the change set's operations only (no diff).
@MainActor
@Suite struct DiffableSnapshotEditsTests {
    typealias Identifiers = NSDiffableDataSourceSnapshot<DatabaseValue, Int>

    /// Applies the edits of `changes` to a snapshot of `old`.
    static func edited(_ old: [ListSection<Entry>], to new: [ListSection<Entry>], by changes: ChangeSet<Entry>) -> Identifiers {
        var snapshot = Identifiers(old)
        snapshot.apply(DiffableSnapshotEdits(old: old, new: new).edits(for: changes))
        return snapshot
    }

    static func expectEqual(_ snapshot: Identifiers, _ sections: [ListSection<Entry>], _ comment: Comment? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(snapshot.exceptions.isEmpty, "\(snapshot.exceptions.first?.reason ?? "")", sourceLocation: sourceLocation)
        #expect(snapshot.sectionIdentifiers == sections.map(\.name), comment, sourceLocation: sourceLocation)
        #expect(snapshot.sectionIdentifiers.map(snapshot.itemIdentifiers(inSection:)) == sections.map { $0.items.map(\.id) },
                comment, sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 3])
    func randomChangeSetsRebuildTheNewStateIdentityByIdentity(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        var old = RandomChangeSet.randomList(using: &rng, nextID: &nextID)
        for round in 0..<PropertyTestScale.cases(500) {
            let random = RandomChangeSet(old: old, using: &rng, nextID: &nextID)
            Self.expectEqual(Self.edited(old, to: random.new, by: random.changes), random.new, "round \(round)")
            old = random.new
        }
    }

    /// `rewritesMostRows(for:)` counts, without making them, the rows the
    /// edits write: the same count as the edits made, so that the adapter
    /// builds a snapshot afresh exactly when editing would rewrite at
    /// least half of it.
    @Test(arguments: [4, 5])
    func rewritingMostRowsIsCountedAsTheEditsWouldWrite(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var nextID = 0
        var old = RandomChangeSet.randomList(using: &rng, nextID: &nextID)
        var answers: Set<Bool> = []
        for round in 0..<PropertyTestScale.cases(300) {
            let random = RandomChangeSet(old: old, using: &rng, nextID: &nextID)
            let edits = DiffableSnapshotEdits(old: old, new: random.new)
            let written = edits.edits(for: random.changes).reduce(0) { count, edit in
                switch edit {
                case .replaceItems(_, let items), .appendItems(let items, _), .insertItems(let items, _): count + items.count
                default: count
                }
            }
            let total = random.new.reduce(0) { $0 + $1.items.count }
            let answer = edits.rewritesMostRows(for: random.changes)
            #expect(answer == (written > 0 && written * 2 >= total), "round \(round)")
            answers.insert(answer)
            old = random.new
        }
        #expect(answers == [false, true])
    }

    @Test func oneInsertIsOneInsertBeforeTheRowThatFollowsIt() {
        let old = [ListSection(name: .text("A"), items: (0..<5).map { Entry(id: $0, version: 0) })]
        var new = old
        new[0].items.insert(Entry(id: 9, version: 0), at: 2)
        let changes = ChangeSet<Entry>(insertedRows: [.init(indexPath: IndexPath(item: 2, section: 0), item: Entry(id: 9, version: 0))])
        let edits = DiffableSnapshotEdits(old: old, new: new).edits(for: changes)
        #expect(edits == [.insertItems([9], beforeItem: 2)])
        Self.expectEqual(Self.edited(old, to: new, by: changes), new)
    }

    @Test func runsOfInsertsAtTheEndAppendAndSectionsInsertBeforeTheirSuccessor() {
        let old = [ListSection(name: .text("B"), items: [Entry(id: 0, version: 0)])]
        let new = [ListSection(name: .text("A"), items: [Entry(id: 5, version: 0)]),
                   ListSection(name: .text("B"), items: (0..<3).map { Entry(id: $0, version: 0) })]
        let changes = ChangeSet<Entry>(
            insertedSections: [.init(index: 0, section: new[0])],
            insertedRows: [1, 2].map { .init(indexPath: IndexPath(item: $0, section: 1), item: Entry(id: $0, version: 0)) })
        #expect(DiffableSnapshotEdits(old: old, new: new).edits(for: changes) == [
            .insertSections([.text("A")], beforeSection: .text("B")), .appendItems([5], toSection: .text("A")),
            .appendItems([1, 2], toSection: .text("B")),
        ])
        Self.expectEqual(Self.edited(old, to: new, by: changes), new)
    }

    @Test func aSectionWithManyScatteredInsertsIsRebuiltWhole() {
        let old = [ListSection(name: .text("A"), items: (0..<200).map { Entry(id: $0, version: 0) })]
        var new = old
        var changes = ChangeSet<Entry>()
        for row in stride(from: 0, to: 240, by: 4) {  // 60 runs of one row
            let entry = Entry(id: 1_000 + row, version: 0)
            new[0].items.insert(entry, at: row)
            changes.insertedRows.append(.init(indexPath: IndexPath(item: row, section: 0), item: entry))
        }
        let edits = DiffableSnapshotEdits(old: old, new: new).edits(for: changes)
        #expect(edits == [.replaceItems(inSection: .text("A"), with: new[0].items.map(\.id))])
        Self.expectEqual(Self.edited(old, to: new, by: changes), new)
    }
}
