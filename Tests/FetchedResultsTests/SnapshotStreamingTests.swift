import FetchedResults
import Foundation
import Persistence
import Testing

/// `FetchedResultsSnapshot.forEachObject(_:)`: every row, in order, with
/// its section, as `listSections()` gives them, with or without a batch
/// size, and nothing after `body` says stop.
@Suite struct SnapshotStreamingTests {
    static func streamed(_ snapshot: FetchedResultsSnapshot<Row>) throws -> [ListSection<Row>] {
        var sections = snapshot.sections.map { ListSection<Row>(name: $0.name, items: []) }
        try snapshot.forEachObject { section, row in
            sections[section].items.append(row)
            return true
        }
        return sections
    }

    @Test(arguments: [0, 7], [0, 1, 2, 5000])
    func everyRowComesInOrderWithItsSection(batchSize: Int, rows: Int) async throws {
        try await TestDatabase.withItems(rows: rows) { writer, _ in
            let request = FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("name")],
                                       sectionColumn: "section", batchSize: batchSize)
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "s"))
            try await controller.performFetch()
            let snapshot = controller.snapshot
            #expect(try Self.streamed(snapshot) == snapshot.listSections())
            #expect(snapshot.count == rows)
        }
    }

    @Test func falseStopsTheVisit() async throws {
        try await TestDatabase.withItems(rows: 30) { writer, _ in
            let request = FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("id")], sectionColumn: "section")
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "s"))
            try await controller.performFetch()
            var seen = 0
            let finished = try controller.snapshot.forEachObject { _, _ in
                seen += 1
                return seen < 12
            }
            #expect(!finished)
            #expect(seen == 12)
        }
    }
}
