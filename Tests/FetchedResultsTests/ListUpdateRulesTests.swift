import Foundation
import Testing
import Persistence
@testable import FetchedResults

/// Checks the oracle itself on hand-made change sets, so the diff's
/// property tests stand on a validator that is known to catch violations.
@Suite struct ListUpdateRulesTests {
    typealias Sections = [ListSection<String>]

    static func sections(_ spec: [(String, [String])]) -> Sections {
        spec.map { ListSection(name: .text($0.0), items: $0.1) }
    }

    let old = sections([("A", ["a1", "a2", "a3"]), ("B", ["b1", "b2"]), ("C", ["c1"])])

    func check(_ changes: ChangeSet<String>, to new: Sections, changed: Set<String> = []) throws(ListUpdateViolation) {
        try ListUpdateRules.validate(changes, from: old, to: new, id: { $0 }, changedIDs: changed)
    }

    func violation(_ changes: ChangeSet<String>, to new: Sections, changed: Set<String> = []) -> Int? {
        do {
            try check(changes, to: new, changed: changed)
            return nil
        } catch {
            return error.rule
        }
    }

    @Test func acceptsAMixedValidBatch() throws {
        // Delete a2, move b2 to the top of A, delete section C, insert section D,
        // update a3 in place, insert a4.
        let new = Self.sections([("A", ["b2", "a1", "a3", "a4"]), ("B", ["b1"]), ("D", ["d1"])])
        let changes = ChangeSet<String>(
            deletedSections: [2],
            insertedSections: [.init(index: 2, section: ListSection(name: .text("D"), items: ["d1"]))],
            deletedRows: [IndexPath(item: 1, section: 0)],
            insertedRows: [.init(indexPath: IndexPath(item: 3, section: 0), item: "a4")],
            movedRows: [.init(from: IndexPath(item: 1, section: 1), to: IndexPath(item: 0, section: 0), item: "b2", isContentChanged: false)],
            updatedRows: [.init(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 2, section: 0), item: "a3")])
        try check(changes, to: new, changed: ["a3"])
        let rebuilt = try changes.applied(to: old)
        #expect(rebuilt.map(\.items) == new.map(\.items))
    }

    @Test func rejectsOutOfBoundsDelete() {
        let changes = ChangeSet<String>(deletedRows: [IndexPath(item: 9, section: 0)])
        #expect(violation(changes, to: old) == 1)
    }

    @Test func rejectsRowOperationInDeletedSection() {
        let new = Self.sections([("A", ["a1", "a2", "a3"]), ("B", ["b1", "b2"])])
        let changes = ChangeSet<String>(deletedSections: [2], deletedRows: [IndexPath(item: 0, section: 2)])
        #expect(violation(changes, to: new) == 4)
    }

    @Test func rejectsMissingDelete() {
        let new = Self.sections([("A", ["a1", "a3"]), ("B", ["b1", "b2"]), ("C", ["c1"])])
        #expect(violation(ChangeSet<String>(), to: new) != nil)
    }

    @Test func rejectsNoOpMove() {
        // Moving a1 to where it already is: an update at most, never a move.
        let changes = ChangeSet<String>(movedRows: [.init(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 0), item: "a1", isContentChanged: false)])
        #expect(violation(changes, to: old) == 9)
    }

    @Test func rejectsMoreMovesThanNeeded() {
        // a3 to the front: one move. Moving a1 and a2 down instead is valid
        // for the rebuild but not minimal.
        let new = Self.sections([("A", ["a3", "a1", "a2"]), ("B", ["b1", "b2"]), ("C", ["c1"])])
        let minimal = ChangeSet<String>(movedRows: [.init(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0), item: "a3", isContentChanged: false)])
        #expect(violation(minimal, to: new) == nil)
        let wasteful = ChangeSet<String>(movedRows: [
            .init(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0), item: "a1", isContentChanged: false),
            .init(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 2, section: 0), item: "a2", isContentChanged: false),
        ])
        #expect(violation(wasteful, to: new) == 9)
    }

    @Test func rejectsUnreportedChangeAndMoveWithoutContent() {
        #expect(violation(ChangeSet<String>(), to: old, changed: ["b1"]) == 8)
        let new = Self.sections([("A", ["a3", "a1", "a2"]), ("B", ["b1", "b2"]), ("C", ["c1"])])
        let moveWithoutContent = ChangeSet<String>(movedRows: [.init(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0), item: "a3", isContentChanged: false)])
        #expect(violation(moveWithoutContent, to: new, changed: ["a3"]) == 7)
    }

    @Test func rejectsDeleteAndInsertOfASurvivingRow() {
        let new = Self.sections([("A", ["a3", "a1", "a2"]), ("B", ["b1", "b2"]), ("C", ["c1"])])
        let changes = ChangeSet<String>(
            deletedRows: [IndexPath(item: 2, section: 0)],
            insertedRows: [.init(indexPath: IndexPath(item: 0, section: 0), item: "a3")])
        #expect(violation(changes, to: new) == 9)
    }

    @Test func rejectsSectionCountMismatch() {
        let changes = ChangeSet<String>(insertedSections: [.init(index: 5, section: ListSection(name: .text("Z"), items: []))])
        #expect(violation(changes, to: old) == 1)
    }

    @Test func longestIncreasingSubsequence() {
        #expect(ListUpdateRules.longestIncreasingSubsequenceLength([]) == 0)
        #expect(ListUpdateRules.longestIncreasingSubsequenceLength([3, 1, 2]) == 2)
        #expect(ListUpdateRules.longestIncreasingSubsequenceLength([0, 8, 4, 12, 2, 10, 6, 14, 1, 9]) == 4)
    }
}
