import Foundation
import Persistence

/// Three migrations: a table, 200 rows, a column and an index.
enum MigrationFiles {
    static let files: [String: String] = [
        "0001_create_item.sql": """
            -- migrate:up
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            -- migrate:down
            DROP TABLE item;
            """,
        "0002_fill_item.sql": """
            -- migrate:up
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 200)
            INSERT INTO item (name) SELECT printf('item %04d with some text to fill pages', x) FROM n;
            -- migrate:down
            DELETE FROM item;
            """,
        "0003_add_rating.sql": """
            -- migrate:up
            ALTER TABLE item ADD COLUMN rating INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX item_rating ON item(rating, name);
            -- migrate:down
            DROP INDEX item_rating;
            ALTER TABLE item DROP COLUMN rating;
            """,
    ]

    static func write(into directory: TemporaryFolder) throws -> URL {
        let url = directory.url.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }
}

/// Running every migration up on a new database.
struct MigrateUpScenario: FaultScenario {
    func prepare(in directory: TemporaryFolder) throws {
        _ = try MigrationFiles.write(into: directory)
        try Database(path: directory.path("db.sqlite")).close()
    }

    func run(in directory: TemporaryFolder, configuration: Database.Configuration, fault: InjectedFault?) async throws {
        let migrator = try Migrator(directory: directory.url.appendingPathComponent("Migrations"))
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"), configuration: configuration)
        defer { try? queue.close() }
        try await migrator.migrate(queue)
    }

    /// Each migration is a transaction of its own.
    func intermediateSteps() -> [@Sendable (TemporaryFolder) async throws -> Void] {
        [1, 2].map { version in { directory in try await migrate(directory, to: version) } }
    }
}

/// Migrates the prepared database to `version`, without faults.
func migrate(_ directory: TemporaryFolder, to version: Int64) async throws {
    let migrator = try Migrator(directory: directory.url.appendingPathComponent("Migrations"))
    let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
    defer { try? queue.close() }
    try await migrator.migrate(queue, upTo: version)
}

/// Rolling every migration back to the first.
struct MigrateDownScenario: FaultScenario {
    func prepare(in directory: TemporaryFolder) throws {
        let migrator = try Migrator(directory: try MigrationFiles.write(into: directory))
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
        try migrator.migrate(queue)
        try queue.close()
    }

    func run(in directory: TemporaryFolder, configuration: Database.Configuration, fault: InjectedFault?) async throws {
        let migrator = try Migrator(directory: directory.url.appendingPathComponent("Migrations"))
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"), configuration: configuration)
        defer { try? queue.close() }
        try migrator.rollback(queue, to: 1)
    }

    /// Each migration is rolled back in a transaction of its own.
    func intermediateSteps() -> [@Sendable (TemporaryFolder) async throws -> Void] {
        [{ directory in
            let migrator = try Migrator(directory: directory.url.appendingPathComponent("Migrations"))
            let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
            defer { try? queue.close() }
            try migrator.rollback(queue, to: 2)
        }]
    }
}

/// A table of `count` rows with a text column, made without faults.
func makeItems(at path: String, count: Int, journalMode: Database.JournalMode = .wal) throws {
    var configuration = Database.Configuration()
    configuration.journalMode = journalMode
    let db = try Database(path: path, configuration: configuration)
    defer { try? db.close() }
    try db.execute(sql: """
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, rating INTEGER NOT NULL DEFAULT 0);
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < \(count))
        INSERT INTO item (name, rating) SELECT printf('item %05d', x), x % 5 FROM n;
        """)
}

/// Enabling the change history, recording a transaction, and pruning it.
struct ChangeHistoryScenario: FaultScenario {
    func prepare(in directory: TemporaryFolder) throws {
        try makeItems(at: directory.path("db.sqlite"), count: 50)
    }

    func run(in directory: TemporaryFolder, configuration: Database.Configuration, fault: InjectedFault?) async throws {
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"), configuration: configuration)
        defer { try? queue.close() }
        for step in Self.steps { try await step(queue) }
    }

    /// Three transactions: enabling, recording, pruning.
    static let steps: [@Sendable (DatabaseQueue) async throws -> Void] = [
        { queue in try await queue.write { db in try db.enableChangeHistory(for: ["item"]) } },
        { queue in
            try await queue.write { db in
                try db.execute(sql: "UPDATE item SET rating = rating + 1 WHERE id % 3 = 0; DELETE FROM item WHERE id % 7 = 0")
            }
        },
        { queue in
            _ = try await queue.write { db in try db.pruneChangeHistory(ChangeHistoryRetention(maximumAge: nil, maximumCount: 5)) }
        },
    ]

    func intermediateSteps() -> [@Sendable (TemporaryFolder) async throws -> Void] {
        Self.steps.dropLast().map { step in
            { directory in
                let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
                defer { try? queue.close() }
                try await step(queue)
            }
        }
    }

    /// The history's rows are part of the state, but not the clock's
    /// time-dependent columns: the tables, and the history's operations.
    func fingerprint(_ db: Database) throws -> String {
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM item ORDER BY id").map { "\($0)" }
        let triggers = try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
        let historyExists = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_schema WHERE name = 'plume_history'") ?? false
        let history = historyExists
            ? try String.fetchAll(db, sql: "SELECT quote(tbl) || ' ' || quote(op) || ' ' || quote(key) FROM plume_history ORDER BY seq")
            : []
        return (rows + triggers + history).joined(separator: "\n")
    }
}

/// A controller following a table while a 1,000-row transaction commits.
struct ObservedWriteScenario: FaultScenario {
    func prepare(in directory: TemporaryFolder) throws {
        try makeItems(at: directory.path("db.sqlite"), count: 100)
    }

    func run(in directory: TemporaryFolder, configuration: Database.Configuration, fault: InjectedFault?) async throws {
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"), configuration: configuration)
        defer { try? queue.close() }
        let follower = try ListFollower(queue)
        defer { follower.stop() }
        var writeError: (any Error)?
        do {
            try await queue.write { db in
                try db.execute(sql: """
                    WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000)
                    INSERT INTO item (name, rating) SELECT printf('new %05d', x), x % 7 FROM n;
                    UPDATE item SET rating = rating + 10 WHERE id <= 50;
                    """)
            }
        } catch {
            writeError = error
        }
        // After a power loss the process is gone: nothing to follow.
        if fault?.isCrash != true {
            try await follower.expectShowsWhatTheDatabaseHolds(path: directory.path("db.sqlite"))
        }
        if let writeError { throw writeError }
    }
}

/// A backup of a 2,000-row database over an older copy.
struct BackupScenario: FaultScenario {
    func prepare(in directory: TemporaryFolder) throws {
        try makeItems(at: directory.path("source.sqlite"), count: 2_000)
        try makeItems(at: directory.path("db.sqlite"), count: 3)
    }

    func run(in directory: TemporaryFolder, configuration: Database.Configuration, fault: InjectedFault?) async throws {
        let source = try DatabaseQueue(path: directory.path("source.sqlite"), configuration: configuration)
        defer { try? source.close() }
        let destination = try DatabaseQueue(path: directory.path("db.sqlite"), configuration: configuration)
        defer { try? destination.close() }
        try source.backup(to: destination)
    }

    func databasePaths(in directory: TemporaryFolder) -> [String] {
        [directory.path("db.sqlite"), directory.path("source.sqlite")]
    }
}

/// A pool's writer committing, then checkpointing the WAL into the
/// database while a reader reads.
struct PoolCheckpointScenario: FaultScenario {
    func prepare(in directory: TemporaryFolder) throws {
        try makeItems(at: directory.path("db.sqlite"), count: 500)
    }

    func run(in directory: TemporaryFolder, configuration: Database.Configuration, fault: InjectedFault?) async throws {
        let pool = try DatabasePool(path: directory.path("db.sqlite"), configuration: configuration)
        defer { try? pool.close() }
        try await pool.write { db in try db.execute(sql: "UPDATE item SET rating = rating + 1 WHERE id % 2 = 0") }
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") }
        try await pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }
}
