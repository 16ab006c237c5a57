import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// A value tests move between commits, read by SQL through
/// `plume_test_threshold()`: a function registered without
/// `SQLITE_DETERMINISTIC`, whose result changes between commits as
/// `julianday('now')` does, but when the test says so.
final class MovingThreshold: Sendable {
    let value = Mutex<Int64>(0)
}

/// A controller on a queue over a temporary file with a schema of the
/// test's own, and the oracle of the fast path: the list a plain query of
/// the same SQL gives.
///
/// The queue runs the controller's engine on each local commit before the
/// write returns, so after ``write(_:)`` the controller's newest list
/// (``shown``) is the commit's: no waiting, no timing.
struct FastPathHarness {
    let writer: DatabaseQueue
    let path: String
    let controller: FetchedResultsController<Row>
    let request: FetchRequest

    /// Opens a queue with `plume_test_threshold()` (reading `threshold`),
    /// `plume_test_twice(x)` (registered deterministic) and `functions`,
    /// runs `schema`, starts a controller on `request`, runs `body`, and
    /// closes all on success and on error.
    static func run(schema: [String], request: FetchRequest, threshold: MovingThreshold = MovingThreshold(),
                    functions: [DatabaseFunction] = [], _ body: (FastPathHarness) async throws -> Void) async throws {
        try await TestDatabase.withTemporary { database in
            var configuration = Database.Configuration()
            configuration.externalChangePollInterval = .milliseconds(10)
            configuration.prepareDatabase = { db in
                try db.add(function: DatabaseFunction("plume_test_threshold", argumentCount: 0) { _ in
                    threshold.value.withLock { $0 }
                })
                try db.add(function: DatabaseFunction("plume_test_twice", argumentCount: 1, pure: true) { arguments in
                    guard case .integer(let value) = arguments[0] else { return nil }
                    return value * 2
                })
                for function in functions { try db.add(function: function) }
            }
            let writer = try DatabaseQueue(path: database.path, configuration: configuration)
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "fast-path"))
            do {
                try await writer.write { db in for sql in schema { try db.execute(sql: sql) } }
                try await controller.performFetch()
                try await body(FastPathHarness(writer: writer, path: database.path, controller: controller, request: request))
                controller.stopObserving()
                try writer.close()
            } catch {
                controller.stopObserving()
                try? writer.close()
                throw error
            }
        }
    }

    /// The controller's newest list, as identities in sections.
    var shown: [ListSection<DatabaseValue>] {
        controller.state.withLock { $0.latest }.identitySections()
    }

    /// The controller's failure, if any.
    var failure: (any Error)? {
        controller.state.withLock { $0.failure }
    }

    /// How the controller followed commits so far, and why it refetches.
    var statistics: EngineStatistics {
        controller.engineStatistics ?? EngineStatistics()
    }

    /// The list a plain query of the request's SQL gives: identities in
    /// query order, grouped in sections by consecutive section values.
    func expected() async throws -> [ListSection<DatabaseValue>] {
        let request = self.request
        let rows = try await writer.read { db in
            try Row.fetchAll(db, sql: request.sql, arguments: request.arguments)
        }
        var sections: [ListSection<DatabaseValue>] = []
        for row in rows {
            let name = request.sectionColumn.map { row[$0] ?? .null } ?? .null
            let id = row[request.identityColumn] ?? .null
            if let last = sections.indices.last, sections[last].name == name {
                sections[last].items.append(id)
            } else {
                sections.append(ListSection(name: name, items: [id]))
            }
        }
        return sections
    }

    /// Commits `statements` in one transaction.
    func write(_ statements: [String]) async throws {
        try await writer.write { db in
            for sql in statements { try db.execute(sql: sql) }
        }
    }

    /// Whether the controller shows what a plain query gives, recording
    /// the difference as an issue otherwise.
    @discardableResult
    func expectMatch(_ context: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Bool {
        if let failure {
            Issue.record("\(context()): the controller failed: \(failure)", sourceLocation: sourceLocation)
            return false
        }
        let expected = try await expected()
        let shown = self.shown
        guard shown != expected else { return true }
        Issue.record("\(context()): shown \(Self.describe(shown))\nexpected \(Self.describe(expected))\nSQL: \(request.sql)",
                     sourceLocation: sourceLocation)
        return false
    }

    /// Waits (polling, up to `timeout` seconds) until the controller shows
    /// what a plain query gives: for commits by another connection, which
    /// reach the controller later.
    func waitForMatch(timeout: Double = 60) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if failure == nil, try await shown == expected() { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    static func describe(_ sections: [ListSection<DatabaseValue>]) -> String {
        sections.map { "\($0.name): \($0.items.map { "\($0)" }.joined(separator: ","))" }.joined(separator: " | ")
    }
}
