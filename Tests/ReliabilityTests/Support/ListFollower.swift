import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// A controller following `item` by rating, as a list would show it.
final class ListFollower: Sendable {
    static let request = FetchRequest(table: "item", sortedBy: [.ascending("rating"), .ascending("name")],
                                       sectionColumn: "rating")
    let controller: FetchedResultsController<Row>

    init(_ writer: any DatabaseWriter) throws {
        controller = FetchedResultsController<Row>(database: writer, request: Self.request,
                                                   queue: DispatchQueue(label: "follower"))
        try controller.performFetchAndWait()
    }

    func stop() { controller.stopObserving() }

    /// Expects the controller's list to reach what the file holds now, as
    /// read by a connection of its own (without faults). The deadline
    /// bounds something that must happen; it is not a timing assertion.
    func expectShowsWhatTheDatabaseHolds(path: String) async throws {
        let expected = try Self.freshList(path: path)
        let deadline = ContinuousClock.now + .seconds(30)
        var shown = try Self.text(controller.snapshot.listSections())
        while shown != expected && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
            shown = try Self.text(controller.snapshot.listSections())
        }
        #expect(shown == expected, "the live list differs from a fresh query of \(path)")
    }

    private static func freshList(path: String) throws -> [String] {
        let db = try Database(path: path, configuration: FaultSweep.plainConfiguration())
        defer { try? db.close() }
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM item ORDER BY rating, name")
        return rows.map { "\($0)" }
    }

    private static func text(_ sections: [ListSection<Row>]) -> [String] {
        sections.flatMap(\.items).map { "\($0)" }
    }
}
