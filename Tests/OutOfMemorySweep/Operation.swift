import FetchedResults
import Foundation
import Persistence

/// An operation swept for allocation failures: how to prepare its files,
/// what runs while allocations fail, and what must hold once memory is
/// back.
final class Operation: @unchecked Sendable {
    let name: String
    let prepare: @Sendable (ScratchDirectory) async throws -> Void
    private let body: @Sendable (ScratchDirectory, Operation) async throws -> Void
    /// A controller left running by `body`, checked once memory is back.
    /// (One sweep at a time touches it.)
    var live: (queue: DatabaseQueue, controller: FetchedResultsController<Row>)?

    init(name: String, prepare: @escaping @Sendable (ScratchDirectory) async throws -> Void,
         run body: @escaping @Sendable (ScratchDirectory, Operation) async throws -> Void) {
        (self.name, self.prepare, self.body) = (name, prepare, body)
    }

    func run(_ directory: ScratchDirectory) async throws {
        try await body(directory, self)
    }

    /// Once memory is back: a controller left running must reach what a
    /// fresh query returns (the deadline bounds what must happen).
    func checkAfterMemoryIsBack(_ directory: ScratchDirectory) async throws {
        guard let live else { return }
        defer {
            live.controller.stopObserving()
            try? live.queue.close()
            self.live = nil
        }
        let fresh = try Self.freshList(directory)
        let deadline = ContinuousClock.now + .seconds(30)
        while try Self.text(live.controller) != fresh {
            guard ContinuousClock.now < deadline else {
                throw SweepProblem("the live list never reached what a fresh query returns")
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    static let request = FetchRequest(table: "item", sortedBy: [.ascending("rating"), .ascending("name")], sectionColumn: "rating")

    private static func freshList(_ directory: ScratchDirectory) throws -> [String] {
        let db = try Database(path: directory.databasePath)
        defer { try? db.close() }
        return try Row.fetchAll(db, sql: "SELECT * FROM item ORDER BY rating, name").map { "\($0)" }
    }

    private static func text(_ controller: FetchedResultsController<Row>) throws -> [String] {
        try controller.snapshot.listSections().flatMap(\.items).map { "\($0)" }
    }
}

extension Operation {
    /// Opening a database, a fetch with a controller, a commit under a
    /// live controller, and a migration.
    static let all: [Operation] = [opening, controllerFetch, incrementalUpdate, migration]

    static let opening = Operation(name: "opening a database and reading", prepare: makeItems) { directory, _ in
        let db = try Database(path: directory.databasePath)
        defer { try? db.close() }
        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM item")
    }

    static let controllerFetch = Operation(name: "a controller's first fetch", prepare: makeItems) { directory, _ in
        let queue = try DatabaseQueue(path: directory.databasePath)
        defer { try? queue.close() }
        let controller = FetchedResultsController<Row>(database: queue, request: request, queue: DispatchQueue(label: "oom"))
        defer { controller.stopObserving() }
        try controller.performFetchAndWait()
    }

    static let incrementalUpdate = Operation(name: "a commit under a live controller", prepare: makeItems) { directory, operation in
        let queue = try DatabaseQueue(path: directory.databasePath)
        let controller = FetchedResultsController<Row>(database: queue, request: request, queue: DispatchQueue(label: "oom"))
        do {
            try controller.performFetchAndWait()
        } catch {
            // No list was shown: nothing to keep up to date.
            controller.stopObserving()
            try? queue.close()
            throw error
        }
        operation.live = (queue, controller)
        try await queue.write { db in
            try db.execute(sql: """
                UPDATE item SET rating = rating + 1 WHERE id % 4 = 0;
                DELETE FROM item WHERE id % 9 = 0;
                INSERT INTO item (name, rating) VALUES ('added one', 2), ('added two', 0);
                """)
        }
    }

    static let migration = Operation(name: "a migration", prepare: writeMigration) { directory, _ in
        let migrator = try Migrator(directory: directory.url.appendingPathComponent("Migrations"))
        let queue = try DatabaseQueue(path: directory.databasePath)
        defer { try? queue.close() }
        try await migrator.migrate(queue)
    }

    private static func makeItems(_ directory: ScratchDirectory) throws {
        let db = try Database(path: directory.databasePath)
        defer { try? db.close() }
        try db.execute(sql: """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, rating INTEGER NOT NULL);
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 60)
            INSERT INTO item (name, rating) SELECT printf('item %03d', x), x % 4 FROM n;
            """)
    }

    private static func writeMigration(_ directory: ScratchDirectory) throws {
        let folder = directory.url.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
            -- migrate:up
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, rating INTEGER NOT NULL);
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 60)
            INSERT INTO item (name, rating) SELECT printf('item %03d', x), x % 4 FROM n;
            CREATE INDEX item_rating ON item(rating);
            -- migrate:down
            DROP TABLE item;
            """.utf8).write(to: folder.appendingPathComponent("0001_items.sql"))
        try Database(path: directory.databasePath).close()
    }
}
