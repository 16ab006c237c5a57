import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// The incremental update (changed rows placed in the old order) against
/// the rules of `Sources/FetchedResults/FetchedResults.docc/ChangeSets.md` and the state a refetch would give.
@Suite struct IncrementalDiffPropertyTests {
    /// A row of a sorted, sectioned query: ordered by section, sort key, id.
    struct SortedRow: Hashable {
        var id: Int
        var section: Int
        var sortKey: Int
        var version = 0

        static func < (lhs: SortedRow, rhs: SortedRow) -> Bool {
            (lhs.section, lhs.sortKey, lhs.id) < (rhs.section, rhs.sortKey, rhs.id)
        }
    }

    static func list(_ rows: [SortedRow]) -> TestList {
        var sections: [(name: Int, rows: [TestList.Row])] = []
        for row in rows.sorted(by: <) {
            if sections.last?.name != row.section { sections.append((row.section, [])) }
            sections[sections.count - 1].rows.append(.init(id: row.id, version: row.version))
        }
        return TestList(sections: sections)
    }

    /// Runs one random case: old rows, then a commit touching a few.
    static func runCase(seed: UInt64, rowCount: Int, sectionCount: Int, touchCount: Int) throws {
        var generator = SeededGenerator(seed: seed)
        var rows = (0..<Int.random(in: 0...rowCount, using: &generator)).map { id in
            SortedRow(id: id, section: Int.random(in: 0..<sectionCount, using: &generator),
                      sortKey: Int.random(in: 0..<(rowCount / 2 + 1), using: &generator))
        }
        let oldRows = rows.sorted(by: <)
        var touchedIDs: Set<Int> = []
        var nextID = rowCount
        for _ in 0..<Int.random(in: 1...touchCount, using: &generator) {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !rows.isEmpty: // delete
                let index = Int.random(in: 0..<rows.count, using: &generator)
                touchedIDs.insert(rows.remove(at: index).id)
            case 1 where !rows.isEmpty: // update: content, sort key and/or section
                let index = Int.random(in: 0..<rows.count, using: &generator)
                if generator.chance(60) { rows[index].version += 1 }
                if generator.chance(50) { rows[index].sortKey = Int.random(in: 0..<(rowCount / 2 + 1), using: &generator) }
                if generator.chance(25) { rows[index].section = Int.random(in: 0..<(sectionCount + 2), using: &generator) }
                touchedIDs.insert(rows[index].id)
            default: // insert
                rows.append(SortedRow(id: nextID, section: Int.random(in: 0..<(sectionCount + 2), using: &generator),
                                      sortKey: Int.random(in: 0..<(rowCount / 2 + 1), using: &generator)))
                touchedIDs.insert(nextID)
                nextID += 1
            }
        }
        let newRows = rows.sorted(by: <)
        let old = list(oldRows)
        let new = list(newRows)

        // What the updater computes from the database: touched old indices
        // and the touched new rows placed before the next untouched old row.
        let touched = oldRows.indices.filter { touchedIDs.contains(oldRows[$0].id) }
        var oldIndexByID: [Int: Int] = [:]
        for (index, row) in oldRows.enumerated() { oldIndexByID[row.id] = index }
        var placed: [PlacedRow<Int>] = []
        var pending: [SortedRow] = []
        func flush(gap: Int) {
            for row in pending {
                placed.append(PlacedRow(key: RowKey(id: .integer(Int64(row.id)), contentHash: row.version),
                                        section: .integer(Int64(row.section)), item: row.id, gap: gap))
            }
            pending = []
        }
        for row in newRows {
            if touchedIDs.contains(row.id) { pending.append(row) } else { flush(gap: oldIndexByID[row.id]!) }
        }
        flush(gap: oldRows.count)

        let result = try #require(IncrementalDiff.apply(old: old.storage, touched: touched, placed: placed),
                                  "seed \(seed): the update found the rows inconsistent")
        let storage = result.storage
        #expect(storage.identitySectionsForTest == new.idSections, "seed \(seed)")
        let changes = result.changes.changeSet(newSections: storage.sections) { storage.items![$0] }
        try TestList.expectRules(changes, from: old, to: new, seed: seed)
    }

    @Test(arguments: 0..<4)
    func fewRowsManySections(batch: Int) throws {
        for index in 0..<PropertyTestScale.cases(10_000) {
            try Self.runCase(seed: UInt64(batch * 1_000_000 + index), rowCount: 12, sectionCount: 4, touchCount: 4)
        }
    }

    @Test(arguments: 0..<4)
    func moreRowsFewChanges(batch: Int) throws {
        for index in 0..<PropertyTestScale.cases(1_000) {
            try Self.runCase(seed: UInt64(90_000_000 + batch * 1_000_000 + index), rowCount: 300, sectionCount: 3, touchCount: 6)
        }
    }

    @Test func largeResultKeepsChunksConsistent() throws {
        // Enough rows to split and drop chunks.
        for index in 0..<20 {
            try Self.runCase(seed: UInt64(7_000_000 + index), rowCount: 6_000, sectionCount: 2, touchCount: 40)
        }
    }
}

extension ResultsStorage where Item == Int {
    var identitySectionsForTest: [ListSection<Int>] {
        sections.map { section in ListSection(name: section.name, items: items!.elements(in: section.range)) }
    }
}
