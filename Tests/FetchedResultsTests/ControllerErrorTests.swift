import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// Every way a request can be wrong gets an error naming what is wrong.
@Suite struct ControllerErrorTests {
    static func fetchError(_ request: FetchRequest, setUp: String? = nil) async throws -> any Error {
        try await TestDatabase.withItems(rows: 6) { writer, _ in
            if let setUp { try await writer.write { db in try db.execute(sql: setUp) } }
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "delivery"))
            do {
                try await controller.performFetch()
            } catch {
                #expect(controller.snapshot.isEmpty)
                return error
            }
            Issue.record("no error for \(request)")
            return CancellationError()
        }
    }

    static func resultsError(_ request: FetchRequest, setUp: String? = nil) async throws -> FetchedResultsError {
        let error = try await fetchError(request, setUp: setUp)
        return try #require(error as? FetchedResultsError, "\(error)")
    }

    @Test func missingIdentityColumn() async throws {
        let error = try await Self.resultsError(FetchRequest(sql: "SELECT name, score FROM item ORDER BY name"))
        #expect(error.code == .missingIdentityColumn)
        #expect(error.column == "id")
        #expect(error.description.contains("\"id\"") && error.description.contains("name, score"))
        #expect(error.description.contains("SELECT name, score FROM item"))
    }

    @Test func duplicateIdentities() async throws {
        let integers = try await Self.resultsError(FetchRequest(sql: "SELECT score % 2 AS id FROM item ORDER BY 1"))
        #expect(integers.code == .duplicateIdentity)
        #expect(integers.column == "id" && integers.value != nil)
        #expect(integers.description.contains("duplicate identity: column \"id\" holds"))
        let texts = try await Self.resultsError(FetchRequest(sql: "SELECT section, name FROM item ORDER BY section", identityColumn: "section"))
        #expect(texts.code == .duplicateIdentity && texts.column == "section")
        #expect(texts.value == "s0")
    }

    @Test func rawQueryNotOrderedBySection() async throws {
        let error = try await Self.resultsError(FetchRequest(sql: "SELECT * FROM item ORDER BY id", sectionColumn: "section"))
        #expect(error.code == .sectionNotOrdered)
        #expect(error.column == "section" && error.value == "s0")
        #expect(error.description.contains("not ordered by its section column \"section\""))
    }

    @Test func structuredRequestWhoseFirstSortIsNotTheSection() async throws {
        let error = try await Self.resultsError(FetchRequest(table: "item", sortedBy: [.ascending("name")], sectionColumn: "section"))
        #expect(error.code == .sectionColumnNotFirstSort)
        #expect(error.description.contains("\"section\" must be the first sort column (it is \"name\")"))
        let unsorted = try await Self.resultsError(FetchRequest(table: "item", sectionColumn: "section"))
        #expect(unsorted.code == .sectionColumnNotFirstSort)
    }

    @Test func missingSectionColumn() async throws {
        let error = try await Self.resultsError(FetchRequest(sql: "SELECT id, name FROM item ORDER BY name", sectionColumn: "album"))
        #expect(error.code == .missingSectionColumn && error.column == "album")
        #expect(error.description.contains("id, name"))
    }

    @Test func invalidBatchSize() async throws {
        let error = try await Self.resultsError(FetchRequest(table: "item", batchSize: -1))
        #expect(error.code == .invalidBatchSize)
    }

    @Test func badSQLIsADatabaseError() async throws {
        let error = try await Self.fetchError(FetchRequest(sql: "SELECT * FROM nowhere"))
        #expect(error is DatabaseError)
        #expect("\(error)".contains("nowhere"))
        let badFilter = try await Self.fetchError(FetchRequest(table: "item", filter: "nope > 1"))
        #expect("\(badFilter)".contains("nope"))
    }

    @Test func recordDecodingErrorNamesTheQuery() async throws {
        struct Strict: FetchableRecord, Sendable {
            init(row: RowView) throws { _ = try row.decode(Int.self, column: "missing") }
        }
        try await TestDatabase.withItems(rows: 2) { writer, _ in
            let controller = FetchedResultsController<Strict>(database: writer, request: FetchRequest(table: "item"), queue: DispatchQueue(label: "d"))
            let error = await #expect(throws: RowDecodingError.self) { try await controller.performFetch() }
            #expect(error?.sql?.contains("FROM \"item\"") == true)
            #expect(error?.description.contains("missing") == true)
        }
    }

    @Test func droppingTheTableEndsObservationWithAnError() async throws {
        try await TestDatabase.withItems(rows: 3) { writer, _ in
            let controller = FetchedResultsController<Row>(database: writer, request: FetchRequest(table: "item"), queue: DispatchQueue(label: "d"))
            let delegate = RecordingDelegate()
            controller.delegate = delegate
            try await controller.performFetch()
            let consumer = LiveConsumer()
            await consumer.start(controller)
            try await writer.write { db in try db.execute(sql: "DROP TABLE item") }
            #expect(await consumer.wait(timeout: 60) { $0.failure != nil })
            #expect(await delegate.wait { $0.contains { $0.hasPrefix("fail") } })
            #expect(controller.count == 3) // the last snapshot stays
        }
    }
}
