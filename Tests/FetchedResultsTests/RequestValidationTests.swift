import Foundation
import Persistence
import Testing
import FetchedResults

/// A structured request is validated when it starts, through the public
/// API only: an unknown table, sort, identity or section column is an
/// error naming it, with the names there are and the likely one.
@Suite struct RequestValidationTests {
    @Test func requestErrorLeavesThePreviousFetchInPlace() async throws {
        try await TestDatabase.withItems(rows: 3) { writer, _ in
            let controller = FetchedResultsController<Row>(database: writer, request: FetchRequest(table: "item"), queue: DispatchQueue(label: "d"))
            try await controller.performFetch()
            try await writer.write { db in try db.execute(sql: "ALTER TABLE item RENAME TO renamed") }
            let error = await #expect(throws: FetchedResultsError.self) { try await controller.performFetch() }
            #expect(error?.code == .noSuchTable)
            #expect(error?.description.contains("no such table or view \"item\" (did you mean") == false)
            #expect(error?.description.contains("the database has: renamed") == true)
            #expect(controller.count == 3)
        }
    }

    /// A structured request's names are checked before it runs: a sort
    /// column that does not exist is not a string that sorts nothing.
    @Test(arguments: [
        (FetchRequest(table: "item", sortedBy: [.ascending("Score_")]), FetchedResultsError.Code.missingSortColumn, "did you mean \"score\"?"),
        (FetchRequest(table: "item", sortedBy: [.ascending("dueDate")]), .missingSortColumn, "the table has: id, section, name, score"),
        (FetchRequest(table: "itme"), .noSuchTable, "did you mean \"item\"?"),
        (FetchRequest(table: "item", identityColumn: "ID_"), .missingIdentityColumn, "did you mean \"id\"?"),
        (FetchRequest(table: "item", sortedBy: [.ascending("sectoin")], sectionColumn: "sectoin"), .missingSortColumn, "did you mean \"section\"?"),
        (FetchRequest(sql: "SELECT id, name FROM item ORDER BY name", sectionColumn: "nmae"), .missingSectionColumn, "did you mean \"name\"?"),
    ] as [(FetchRequest, FetchedResultsError.Code, String)])
    func unknownNamesAreErrorsThatSuggestTheLikelyOne(request: FetchRequest, code: FetchedResultsError.Code, text: String) async throws {
        let error = try await ControllerErrorTests.resultsError(request)
        #expect(error.code == code)
        #expect(error.description.contains(text), "\(error)")
    }

    /// The table of a structured request is looked for as SQL finds it:
    /// in `temp` and in attached databases too.
    @Test(arguments: ["CREATE TEMP TABLE scratch (id INTEGER PRIMARY KEY, name TEXT)",
                      "ATTACH DATABASE ':memory:' AS archive; CREATE TABLE archive.scratch (id INTEGER PRIMARY KEY, name TEXT)"])
    func aTableOutsideMainIsFound(creation: String) async throws {
        let queue = try DatabaseQueue()
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: creation)
            try db.execute(sql: "INSERT INTO scratch (name) VALUES ('b'), ('a')")
        }
        let controller = FetchedResultsController<Row>(database: queue, request: FetchRequest(table: "scratch", sortedBy: [.ascending("name")]),
                                                       queue: DispatchQueue(label: "scratch"))
        try await controller.performFetch()
        #expect(try controller.fetchedObjects.map { $0["name"] } == ["a", "b"])
        controller.stopObserving()
        try queue.close()
    }
}
