import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// Reading a controller's results: sections, titles, index paths, typed
/// records, batches.
@Suite struct ControllerAccessTests {
    struct Item: FetchableRecord, Sendable, Equatable {
        var id: Int64
        var section: String?
        var name: String

        init(row: RowView) throws {
            id = try row.decode(column: "id")
            section = try row.decode(column: "section")
            name = try row.decode(column: "name")
        }
    }

    static func controller<T>(_ writer: any DatabaseWriter, _ request: FetchRequest, as type: T.Type = Row.self) -> FetchedResultsController<T> {
        FetchedResultsController<T>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
    }

    @Test func sectionsTitlesAndIndexPaths() async throws {
        try await TestDatabase.withItems(rows: 9) { writer, _ in
            try await writer.write { db in try db.execute(sql: "UPDATE item SET section = 'beta' WHERE section = 's1'") }
            let request = FetchRequest(table: "item", sortedBy: [.ascending("section"), .descending("name")], sectionColumn: "section")
            let controller = Self.controller(writer, request, as: Item.self)
            try await controller.performFetch()
            #expect(controller.sections.map(\.name) == ["beta", "s0", "s2"])
            #expect(controller.sections.map(\.numberOfObjects) == [3, 3, 3])
            #expect(controller.sections.map(\.title) == ["beta", "s0", "s2"])
            #expect(controller.sectionIndexTitles == ["B", "S"])
            #expect(controller.section(forSectionIndexTitle: "S", at: 1) == 1)
            #expect(controller.count == 9)
            let first = try controller.object(at: IndexPath(item: 0, section: 1))
            #expect(first.name == "n6" && first.section == "s0")
            #expect(controller.indexPath(forID: first.id) == IndexPath(item: 0, section: 1))
            #expect(controller.indexPath(forID: 999) == nil)
            #expect(controller.snapshot.id(at: IndexPath(item: 0, section: 1)) == .integer(first.id))
            #expect(try controller.fetchedObjects.map(\.name) == ["n7", "n4", "n1", "n6", "n3", "n0", "n8", "n5", "n2"])
            #expect(try controller.sections[2].objects.map(\.name) == ["n8", "n5", "n2"])
            #expect(controller.sections[2].ids == [.integer(9), .integer(6), .integer(3)])
        }
    }

    @Test func withoutSectionColumnOneNullSectionOrNone() async throws {
        try await TestDatabase.withItems(rows: 3) { writer, _ in
            let controller = Self.controller(writer, FetchRequest(table: "item", sortedBy: [.descending("id")]))
            try await controller.performFetch()
            #expect(controller.numberOfSections == 1)
            #expect(controller.sections[0].name == .null && controller.sections[0].title == nil)
            #expect(try controller.fetchedObjects.map { $0["id"] } == [3, 2, 1])
            #expect(controller.snapshot.columnNames == ["id", "section", "name", "score"])
            let empty = Self.controller(writer, FetchRequest(table: "item", filter: "id > 100"))
            try await empty.performFetch()
            #expect(empty.numberOfSections == 0 && empty.snapshot.isEmpty)
            #expect(empty.snapshot.columnNames == ["id", "section", "name", "score"])
        }
    }

    @Test func rowidIdentityAndRawSQL() async throws {
        try await TestDatabase.withItems(rows: 4) { writer, _ in
            let byRowID = Self.controller(writer, FetchRequest(table: "item", sortedBy: [.descending("name")], identityColumn: "rowid"))
            try await byRowID.performFetch()
            #expect(try byRowID.fetchedObjects.map { $0["rowid"] } == [4, 3, 2, 1])
            let raw = Self.controller(writer, FetchRequest(sql: "SELECT name AS id, score FROM item WHERE score > ? ORDER BY name", arguments: [1]))
            try await raw.performFetch()
            #expect(try raw.fetchedObjects.map { $0["id"] } == ["n2", "n3"])
        }
    }

    @Test func batchedResultsLoadPagesOnAccess() async throws {
        try await TestDatabase.withItems(rows: 95) { writer, _ in
            let plain = Self.controller(writer, FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("name")], sectionColumn: "section"), as: Item.self)
            let batched = Self.controller(writer, FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("name")], sectionColumn: "section", batchSize: 10), as: Item.self)
            try await plain.performFetch()
            try await batched.performFetch()
            #expect(batched.snapshot.storage.items == nil)
            #expect(batched.snapshot.pages?.cachedCount == 0)
            var generator = SeededGenerator(seed: 3)
            for _ in 0..<300 {
                let section = Int.random(in: 0..<plain.numberOfSections, using: &generator)
                let path = IndexPath(item: Int.random(in: 0..<plain.sections[section].numberOfObjects, using: &generator), section: section)
                #expect(try batched.object(at: path) == plain.object(at: path))
            }
            #expect(try batched.fetchedObjects == plain.fetchedObjects)
            #expect((batched.snapshot.pages?.cachedCount ?? 0) <= 160)
        }
    }
}
