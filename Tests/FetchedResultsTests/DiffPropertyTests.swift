import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// The keyed diff against the rules of `Sources/FetchedResults/FetchedResults.docc/ChangeSets.md`, on random
/// sectioned lists.
@Suite struct DiffPropertyTests {
    /// Diffs `old` to `new`, checks every rule and the rebuild, and that
    /// a refetch's shortcut (the scan's unchanged rows) changes nothing.
    static func check(_ old: TestList, _ new: TestList, seed: UInt64) throws {
        let newStorage = new.storage
        let positional = try ResultsDiff.changes(from: old.storage.keyed, to: newStorage.keyed)
        let changes = positional.changeSet(newSections: newStorage.sections) { newStorage.items![$0] }
        try TestList.expectRules(changes, from: old, to: new, seed: seed)
        let shortcut = try ResultsDiff.changes(from: old.storage.keyed, to: newStorage.keyed,
                                               unchanged: unchanged(old.storage.keyed, newStorage.keyed))
        #expect(shortcut == positional, "seed \(seed)")
    }

    /// What a refetch's scan finds: for each new row, the old row with
    /// the same identity and content hash, if any.
    static func unchanged(_ old: KeyedRows, _ new: KeyedRows) -> UnchangedRows {
        var oldIndex: [DatabaseValue: Int] = [:]
        for (index, key) in old.keys.enumerated() { oldIndex[key.id] = index }
        let oldKeys = Array(old.keys)
        var unchanged = UnchangedRows()
        for key in new.keys {
            if let index = oldIndex[key.id], oldKeys[index].contentHash == key.contentHash {
                unchanged.appendUnchanged(oldRow: index)
            } else {
                unchanged.appendChanged()
            }
        }
        return unchanged
    }

    @Test(arguments: 0..<8)
    func randomSmallLists(batch: Int) throws {
        for index in 0..<PropertyTestScale.cases(10_000) {
            let seed = UInt64(batch * 1_000_000 + index)
            var generator = SeededGenerator(seed: seed)
            var nextID = 0
            let old = TestList.random(using: &generator, nextID: &nextID)
            let new = old.mutated(using: &generator, nextID: &nextID)
            try Self.check(old, new, seed: seed)
        }
    }

    @Test(arguments: 0..<4)
    func randomLargerLists(batch: Int) throws {
        for index in 0..<PropertyTestScale.cases(500) {
            let seed = UInt64(50_000_000 + batch * 1_000_000 + index)
            var generator = SeededGenerator(seed: seed)
            var nextID = 0
            let old = TestList.random(using: &generator, maxSections: 12, maxRows: 60, nextID: &nextID)
            let new = old.mutated(using: &generator, nextID: &nextID)
            try Self.check(old, new, seed: seed)
        }
    }

    /// A refetch takes the rows its scan found unchanged in runs: one row
    /// moved across a long section (the rows it passed form one run), runs
    /// that would span two old sections merged into one, and runs out of a
    /// deleted section. Each diff must equal the one that reads the keys.
    @Test func unchangedRunsGiveTheDiffOfTheKeys() throws {
        let rows = (0..<600).map { TestList.Row(id: $0, version: 0) }
        var moved = rows
        moved.insert(moved.remove(at: 20), at: 580)
        moved[300].version = 1
        try Self.check(TestList(sections: [(1, rows)]), TestList(sections: [(1, moved)]), seed: 0)
        var backwards = rows
        backwards.insert(backwards.remove(at: 590), at: 3)
        try Self.check(TestList(sections: [(1, rows)]), TestList(sections: [(1, backwards)]), seed: 0)
        // Sections 2 and 3 end up in section 1, in their old order: the
        // unchanged old rows run on across the old sections' boundaries.
        let split = TestList(sections: [(1, Array(rows[0..<200])), (2, Array(rows[200..<400])), (3, Array(rows[400...]))])
        try Self.check(split, TestList(sections: [(1, rows)]), seed: 0)
        try Self.check(split, TestList(sections: [(1, Array(rows[0..<200])), (3, Array(rows[200...]))]), seed: 0)
        try Self.check(TestList(sections: [(1, rows)]), split, seed: 0)
        // In the middle of a surviving section, a run of old rows that
        // crosses into another surviving section: those rows move.
        let twoSections = TestList(sections: [(1, Array(rows[0..<10])), (2, Array(rows[10..<20]))])
        let crossing = TestList(sections: [(1, [.init(id: 1000, version: 0)] + Array(rows[5..<15]) + [.init(id: 1001, version: 0)]),
                                           (2, Array(rows[15..<20]))])
        try Self.check(twoSections, crossing, seed: 0)
        // Every row of a section swapped with its neighbour: runs of one.
        var swapped = rows
        for index in stride(from: 0, to: 598, by: 2) { swapped.swapAt(index, index + 1) }
        try Self.check(TestList(sections: [(1, rows)]), TestList(sections: [(1, swapped)]), seed: 0)
        let positional = try ResultsDiff.changes(from: TestList(sections: [(1, rows)]).storage.keyed,
                                                 to: TestList(sections: [(1, moved)]).storage.keyed)
        #expect(positional.movedRows.map(\.newGlobal) == [580])
        #expect(positional.updatedRows.map(\.newGlobal) == [300])
    }

    @Test func allRowsReversedKeepsALongestRun() throws {
        let old = TestList(sections: [(1, (0..<50).map { .init(id: $0, version: 0) })])
        let new = TestList(sections: [(1, (0..<50).reversed().map { .init(id: $0, version: 0) })])
        try Self.check(old, new, seed: 0)
        let positional = try ResultsDiff.changes(from: old.storage.keyed, to: new.storage.keyed)
        #expect(positional.movedRows.count == 49)
    }

    @Test func emptyToEmptyAndBack() throws {
        let empty = TestList(sections: [])
        let full = TestList(sections: [(1, [.init(id: 1, version: 0)]), (2, [.init(id: 2, version: 0)])])
        try Self.check(empty, empty, seed: 0)
        try Self.check(empty, full, seed: 0)
        try Self.check(full, empty, seed: 0)
        let positional = try ResultsDiff.changes(from: empty.storage.keyed, to: full.storage.keyed)
        #expect(positional.insertedSections == [0, 1])
    }

    @Test func renamedSectionIsDeletedAndInserted() throws {
        let old = TestList(sections: [(1, [.init(id: 1, version: 0), .init(id: 2, version: 0)])])
        let new = TestList(sections: [(9, [.init(id: 1, version: 0), .init(id: 2, version: 0)])])
        let positional = try ResultsDiff.changes(from: old.storage.keyed, to: new.storage.keyed)
        #expect(positional.deletedSections == [0])
        #expect(positional.insertedSections == [0])
        #expect(positional.movedRows.isEmpty && positional.deletedRows.isEmpty)
    }

    @Test func changedRowThatMovesIsAMoveWithContent() throws {
        let old = TestList(sections: [(1, [.init(id: 1, version: 0), .init(id: 2, version: 0), .init(id: 3, version: 0)])])
        let new = TestList(sections: [(1, [.init(id: 2, version: 0), .init(id: 3, version: 0), .init(id: 1, version: 1)])])
        let positional = try ResultsDiff.changes(from: old.storage.keyed, to: new.storage.keyed)
        #expect(positional.updatedRows.isEmpty)
        #expect(positional.movedRows.count == 1)
        #expect(positional.movedRows.first?.isContentChanged == true)
    }

    @Test func duplicateIdentityIsAnError() throws {
        let old = TestList(sections: [(1, [.init(id: 1, version: 0)])])
        let new = TestList(sections: [(1, [.init(id: 1, version: 0), .init(id: 1, version: 1)])])
        #expect(throws: DuplicateIdentity.self) {
            try ResultsDiff.changes(from: old.storage.keyed, to: new.storage.keyed)
        }
        // The duplicate of a row left in place at the end of its section.
        let oldTwo = TestList(sections: [(1, [.init(id: 1, version: 0), .init(id: 2, version: 0)])])
        let newTwo = TestList(sections: [(1, [.init(id: 2, version: 1), .init(id: 2, version: 0)])])
        #expect(throws: DuplicateIdentity.self) {
            try ResultsDiff.changes(from: oldTwo.storage.keyed, to: newTwo.storage.keyed)
        }
        let unchanged = Self.unchanged(oldTwo.storage.keyed, newTwo.storage.keyed)
        #expect((0..<2).map(unchanged.oldRow(ofNewRow:)) == [nil, 1])
        #expect(throws: DuplicateIdentity.self) {
            try ResultsDiff.changes(from: oldTwo.storage.keyed, to: newTwo.storage.keyed, unchanged: unchanged)
        }
    }
}
