import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// `ChangeSet.difference(from:to:identity:contentHash:)` on plain list sections.
@Suite struct PublicDifferenceTests {
    struct Item: Hashable, Sendable {
        var id: Int
        var version: Int
    }

    @Test(arguments: 0..<2)
    func randomListsKeepTheRules(batch: Int) throws {
        for index in 0..<PropertyTestScale.cases(5_000) {
            let seed = UInt64(300_000_000 + batch * 1_000_000 + index)
            var generator = SeededGenerator(seed: seed)
            var nextID = 0
            let old = TestList.random(using: &generator, nextID: &nextID)
            let new = old.mutated(using: &generator, nextID: &nextID)
            func sections(_ list: TestList) -> [ListSection<Item>] {
                list.sections.map { ListSection(name: .integer(Int64($0.name)), items: $0.rows.map { Item(id: $0.id, version: $0.version) }) }
            }
            let changes = try ChangeSet.difference(from: sections(old), to: sections(new), identity: { .integer(Int64($0.id)) }, contentHash: \.hashValue)
            try ListUpdateRules.validate(changes, from: old.idSections, to: new.idSections, id: \.id,
                                         changedIDs: TestList.changedIDs(from: old, to: new))
            #expect(try changes.applied(to: sections(old)) == sections(new), "seed \(seed)")
        }
    }

    @Test func duplicateIdentityInTheNewListThrows() {
        let old = [ListSection(name: .null, items: [Item(id: 1, version: 0)])]
        let new = [ListSection(name: .null, items: [Item(id: 1, version: 0), Item(id: 1, version: 1)])]
        #expect(throws: FetchedResultsError.self) {
            try ChangeSet.difference(from: old, to: new, identity: { .integer(Int64($0.id)) }, contentHash: \.hashValue)
        }
    }

    /// Every item hashes alike: only `==` tells content apart.
    struct CollidingItem: Hashable, Sendable {
        var id: Int
        var version: Int
        func hash(into hasher: inout Hasher) {}
    }

    /// With hashes that always collide, the `Hashable` difference still
    /// reports every changed row (confirmed by `==`).
    @Test func hashCollisionsHideNoUpdate() throws {
        for index in 0..<PropertyTestScale.cases(2_000) {
            var generator = SeededGenerator(seed: UInt64(400_000_000 + index))
            var nextID = 0
            let old = TestList.random(using: &generator, nextID: &nextID)
            let new = old.mutated(using: &generator, nextID: &nextID)
            func sections(_ list: TestList) -> [ListSection<CollidingItem>] {
                list.sections.map { ListSection(name: .integer(Int64($0.name)), items: $0.rows.map { CollidingItem(id: $0.id, version: $0.version) }) }
            }
            let changes = try ChangeSet.difference(from: sections(old), to: sections(new), identity: { .integer(Int64($0.id)) })
            try ListUpdateRules.validate(changes, from: old.idSections, to: new.idSections, id: \.id,
                                         changedIDs: TestList.changedIDs(from: old, to: new))
            #expect(try changes.applied(to: sections(old)) == sections(new), "case \(index)")
        }
    }
}
