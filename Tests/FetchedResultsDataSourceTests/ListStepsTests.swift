import FetchedResults
import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

/// The one-at-a-time path: the steps of a batch, applied in order to a
/// plain array model, give the same list as `applied(to:)`.
@Suite struct ListStepsTests {
    /// Moved rows with new content, reconfigured after the steps.
    static func reconfigure(_ batch: ListBatch<Entry>, _ model: inout [ListSection<Entry>]) {
        for move in batch.changes.movedRows where move.isContentChanged {
            model[move.to.section].items[move.to.item] = move.item
        }
    }

    @Test func stepsRebuildTheNewStateOnRandomChangeSets() throws {
        var rng = SeededGenerator(seed: 1)
        var nextID = 0
        for _ in 0..<3_000 {
            let old = RandomChangeSet.randomList(using: &rng, nextID: &nextID)
            let random = RandomChangeSet(old: old, using: &rng, nextID: &nextID)
            // The generator itself keeps rules 1–6.
            #expect(try random.changes.applied(to: old) == random.new)
            var model = old
            model = applyingSteps(random.batch.steps(), to: model)
            Self.reconfigure(random.batch, &model)
            #expect(model == random.new, "steps \(random.batch.steps()) on \(old.map(\.items))")
        }
    }

    @Test func flatStepsRebuildTheFlatNewState() {
        var rng = SeededGenerator(seed: 2)
        var nextID = 0
        for headers in [true, false] {
            for _ in 0..<2_000 {
                let old = RandomChangeSet.randomList(using: &rng, nextID: &nextID)
                let random = RandomChangeSet(old: old, using: &rng, nextID: &nextID)
                var flat = Self.flatten(old, headers: headers)
                for step in random.batch.flatSteps(showsSectionHeaders: headers) {
                    switch step {
                    case .reload(let index, let row): flat[index] = Self.text(row)
                    case .remove(let index): flat.remove(at: index)
                    case .insert(let index, let row): flat.insert(Self.text(row), at: index)
                    case .move(let from, let to): flat.insert(flat.remove(at: from), at: to)
                    }
                }
                let layout = FlatListLayout(rowCounts: random.new.map(\.items.count), showsSectionHeaders: headers)
                for move in random.changes.movedRows where move.isContentChanged {
                    flat[layout.index(of: move.to)] = Self.text(.item(move.item))
                }
                #expect(flat == Self.flatten(random.new, headers: headers))
                #expect(layout.count == flat.count)
            }
        }
    }

    @Test func flatLayoutMapsRowsBothWays() {
        let layout = FlatListLayout(rowCounts: [2, 0, 3], showsSectionHeaders: true)
        #expect(layout.count == 8)
        #expect(layout.index(of: IndexPath(item: 1, section: 0)) == 2)
        #expect(layout.index(of: IndexPath(item: 0, section: 2)) == 5)
        #expect(layout.location(ofFlatIndex: 0)! == (0, nil))
        #expect(layout.location(ofFlatIndex: 3)! == (1, nil))
        #expect(layout.location(ofFlatIndex: 4)! == (2, nil))
        #expect(layout.location(ofFlatIndex: 7)! == (2, 2))
        #expect(layout.location(ofFlatIndex: 8) == nil)
        let plain = FlatListLayout(rowCounts: [2, 0, 3], showsSectionHeaders: false)
        #expect(plain.location(ofFlatIndex: 2)! == (2, 0))
    }

    @Test func moveAcrossSectionsCorrectsIndexesForEarlierSteps() {
        // Old: A [a0 a1 a2], B [b0]. Delete a0, move a2 to the top of B,
        // insert x at A[0]: one at a time, a2 is at [0, 1] when it moves.
        let old = [ListSection(name: "A", items: [0, 1, 2].map { Entry(id: $0, version: 0) }),
                   ListSection(name: "B", items: [Entry(id: 10, version: 0)])]
        let changes = ChangeSet<Entry>(
            deletedRows: [IndexPath(item: 0, section: 0)],
            insertedRows: [.init(indexPath: IndexPath(item: 0, section: 0), item: Entry(id: 99, version: 0))],
            movedRows: [.init(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1), item: Entry(id: 2, version: 0), isContentChanged: false)])
        let batch = ListBatch(changes: changes, oldRowCounts: [3, 1], newRowCounts: [2, 2])
        #expect(batch.steps().map(\.description) == ["delete [0, 0]", "insert [0, 0] 99", "move [0, 2] → [1, 0]"])
        var model = old
        model = applyingSteps(batch.steps(), to: model)
        #expect(model.map { $0.items.map(\.id) } == [[99, 1], [2, 10]])
    }

    static func flatten(_ sections: [ListSection<Entry>], headers: Bool) -> [String] {
        sections.flatMap { (headers ? [text(.header($0.name))] : []) + $0.items.map { text(.item($0)) } }
    }

    static func text(_ row: FlatListRow<Entry>) -> String {
        switch row {
        case .header(let name): "# \(name)"
        case .item(let entry): entry.description
        }
    }
}
