import FetchedResults
import Foundation
import Persistence

/// `diff.100k.10pct`: the change set between two lists of 100,000 rows,
/// 10% changed (2.5% each deleted, inserted, moved, updated): Plume's keyed
/// diff against Swift's `CollectionDifference` + `inferringMoves()` on the
/// same identities.
struct DiffWorkload: Workload {
    var name: String { "diff.100k.10pct" }
    var rows: Int { 100_000 }

    struct Item: Hashable, Sendable {
        var id: Int64
        var version: Int
    }

    static func lists(count: Int) -> (old: [Item], new: [Item]) {
        var generator = SystemRandomNumberGenerator()
        let old = (0..<count).map { Item(id: Int64($0), version: 0) }
        var new = old
        let quarter = count / 40
        for _ in 0..<quarter { new.remove(at: Int.random(in: 0..<new.count, using: &generator)) }
        for index in 0..<quarter {
            new.insert(Item(id: Int64(count + index), version: 0), at: Int.random(in: 0...new.count, using: &generator))
        }
        for _ in 0..<quarter {
            let item = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
            new.insert(item, at: Int.random(in: 0...new.count, using: &generator))
        }
        for _ in 0..<quarter { new[Int.random(in: 0..<new.count, using: &generator)].version += 1 }
        return (old, new)
    }

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let (old, new) = Self.lists(count: rows)
        let oldSections = [ListSection(name: .null, items: old)]
        let newSections = [ListSection(name: .null, items: new)]
        let oldIDs = old.map(\.id), newIDs = new.map(\.id)
        // Checksum: rows leaving their place (deleted or moved). Both
        // algorithms are minimal, so they must agree.
        return [
            Contestant(contender: .plume) {
                Trial(run: {
                    let changes = try ChangeSet.difference(from: oldSections, to: newSections, identity: { .integer($0.id) }, contentHash: \.hashValue)
                    return changes.deletedRows.count + changes.movedRows.count
                })
            },
            Contestant(contender: .collectiondifference) {
                Trial(run: {
                    newIDs.difference(from: oldIDs).inferringMoves().removals.count
                })
            },
        ]
    }
}
