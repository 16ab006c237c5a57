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
