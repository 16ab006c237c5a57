import PlumeTestSupport
import Testing
@testable import Persistence

/// `mayAffect` looks the smaller side up in the larger: on random changes
/// and regions it answers as the plain definition does.
@Suite struct DatabaseChangesRegionTests {
    static let names = ["a", "b", "c", "d", "e", "f"]

    /// The definition: a region is affected when one of its tables is not
    /// described by an external commit's history, is untracked, or has row
    /// changes; or when the schema changed.
    static func definition(_ changes: DatabaseChanges, _ region: DatabaseRegion) -> Bool {
        if changes.schemaChanged { return true }
        return region.columnsByTable.keys.contains { table in
            (changes.origin == .external && changes.historyTables?.contains(table) != true)
                || changes.tablesWithUntrackedChanges.contains(table)
                || changes.tables[table].map { !$0.isEmpty } == true
        }
    }

    static func subset(_ generator: inout SeededGenerator, upTo count: Int) -> [String] {
        Array(names.shuffled(using: &generator).prefix(Int.random(in: 0...count, using: &generator)))
    }

    @Test func answersAsTheDefinitionOnRandomChangesAndRegions() {
        var generator = SeededGenerator(seed: 4_211)
        var affected = 0
        for _ in 0..<5_000 {
            var region = DatabaseRegion()
            for table in Self.subset(&generator, upTo: 4) {
                if Bool.random(using: &generator) { region.insert(table: table) } else { region.insert(table: table, column: "x") }
            }
            var changes = DatabaseChanges(origin: Int.random(in: 0..<4, using: &generator) == 0 ? .external : .local,
                                          schemaChanged: Int.random(in: 0..<20, using: &generator) == 0)
            for table in Self.subset(&generator, upTo: 3) {
                changes.tables[table] = Bool.random(using: &generator) ? TableChanges(updated: [1]) : TableChanges()
            }
            changes.tablesWithUntrackedChanges = Set(Self.subset(&generator, upTo: 2).filter { _ in Bool.random(using: &generator) })
            if changes.origin == .external, Bool.random(using: &generator) {
                changes.historyTables = Set(Self.subset(&generator, upTo: 6))
            }
            let expected = Self.definition(changes, region)
            #expect(changes.mayAffect(region) == expected, "\(changes) / \(region)")
            if expected { affected += 1 }
        }
        // Both answers occur often.
        #expect(affected > 1_000 && affected < 4_000)
    }
}
