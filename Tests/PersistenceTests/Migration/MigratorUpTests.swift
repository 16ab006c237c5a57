import Foundation
import Testing
@testable import Persistence

@Suite struct MigratorUpTests {
    @Test func appliesEveryMigrationInOrderAndRecordsIt() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        let migrator = try directory.migrator()
        let applied = try migrator.migrate(db)
        #expect(applied.map(\.version) == [1, 2, 3])
        #expect(try db.appliedVersions() == [1, 2, 3])
        let records = try migrator.appliedMigrations(db)
        #expect(records.map(\.name) == ["create_album", "create_photo", "add_caption"])
        #expect(records.map(\.order) == [1, 2, 3])
        #expect(records.map(\.checksum) == migrator.migrations.map(\.checksum))
        #expect(records.allSatisfy { $0.appliedAt.hasSuffix("Z") && $0.executionMilliseconds >= 0 })
        #expect(try db.schema().contains { $0.hasPrefix("table photo:") && $0.contains("caption TEXT") })
        #expect(try migrator.pendingMigrations(db).isEmpty)
        #expect(try migrator.status(db).currentVersion == 3)
    }

    @Test func nothingToDoIsSuccess() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        try directory.migrator().migrate(db)
        #expect(try directory.migrator().migrate(db).isEmpty)
        #expect(try Migrator().migrate(Database(location: .inMemory)).isEmpty)
    }

    @Test func stopsAtTheTargetVersion() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        let migrator = try directory.migrator()
        #expect(try migrator.migrate(db, upTo: 2).map(\.version) == [1, 2])
        #expect(try migrator.pendingMigrations(db).map(\.version) == [3])
        #expect(try migrator.migrate(db, upTo: 0).isEmpty)
        let negative = try migrationError { try migrator.migrate(db, upTo: -1) }
        #expect(negative.code == .invalidTarget)
    }

    @Test func aFailingMigrationIsRolledBackAndNamesFileLineStatementAndMessage() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.write("0004_tags.sql", """
            -- Tags for photos.
            -- migrate:up
            CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO tag (name) VALUES ('beach');

            INSERT INTO tag (name)
                SELECT name FROM labels;
            -- migrate:down
            DROP TABLE tag;
            """)
        try directory.write("0005_after.sql", "-- migrate:up\nCREATE TABLE after (id);\n")
        let db = try Database(location: .inMemory)
        let error = try migrationError { try directory.migrator().migrate(db) }
        #expect(error.code == .migrationFailed)
        #expect(error.file == directory.path("0004_tags.sql"))
        #expect(error.line == 6)
        #expect(error.sql == "INSERT INTO tag (name)\n    SELECT name FROM labels")
        #expect(error.message == "no such table: labels")
        #expect(error.databaseError?.resultCode == .SQLITE_ERROR)
        #expect(error.description.hasPrefix("\(directory.path("0004_tags.sql")):6: no such table: labels\n  in statement: INSERT INTO tag (name)"))
        #expect(!error.isValidationFailure)
        // The migrations before it stay applied; nothing of it or after it remains.
        #expect(try db.appliedVersions() == [1, 2, 3])
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name IN ('tag', 'after')") == 0)
        #expect(!db.isInsideTransaction)
    }

    @Test func aStatementThatDoesNotCompileNamesItsFileLine() throws {
        let directory = try MigrationDirectory(["0001_typo.sql": "-- migrate:up\nCREATE TABLE a (id);\nCREAT TABLE b (id);\n"])
        let error = try migrationError { try directory.migrator().migrate(Database(location: .inMemory)) }
        #expect(error.line == 3)
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "CREAT TABLE b (id)")
    }

    @Test func aMigrationInCodeThatThrowsIsRolledBack() throws {
        let migrator = try Migrator(migrations: [
            Migration(version: 1, name: "code", up: { db in
                try db.execute(sql: "CREATE TABLE a (id)")
                try db.execute(sql: "INSERT INTO missing VALUES (1)")
            }),
        ])
        let db = try Database(location: .inMemory)
        let error = try migrationError { try migrator.migrate(db) }
        #expect(error.code == .migrationFailed)
        #expect(error.file == "1_code")
        #expect(error.message.contains("no such table: missing"))
        #expect(try db.schema().isEmpty)
    }

    /// A full database (`max_page_count` gives `SQLITE_FULL` at once) fails
    /// the migration, rolled back and named, like any failing statement.
    @Test func aFullDatabaseFailsTheMigrationAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("full.sqlite").path
        let db = try Database(path: path)
        try db.execute(sql: "CREATE TABLE kept (x); INSERT INTO kept VALUES (1)")
        let migrator = try Migrator(migrations: [
            Migration(version: 1, name: "fill", up: "CREATE TABLE big (x);\nINSERT INTO big VALUES (randomblob(200000));\n"),
        ])
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        try db.execute(sql: "PRAGMA max_page_count = \(pages + 2)")
        let error = try migrationError { try migrator.migrate(db) }
        #expect(error.code == .migrationFailed)
        #expect(error.message.contains("database or disk is full"), "\(error.message)")
        #expect(error.line == 2)
        #expect(try db.schema() == ["table kept: CREATE TABLE kept (x)"])
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM kept") == 1)
        #expect(!db.isInsideTransaction)
    }

    /// A database error after the migration's statements (recording it, or
    /// its COMMIT) fails that migration too, not the whole run as an
    /// unreadable database.
    @Test func anErrorAfterTheStatementsFailsTheMigration() throws {
        let migrator = try Migrator(migrations: [
            Migration(version: 1, name: "unrecordable", up: { db in
                try db.execute(sql: "CREATE TABLE a (id); DROP TABLE plume_migrations")
            }),
        ])
        let db = try Database(location: .inMemory)
        let error = try migrationError { try migrator.migrate(db) }
        #expect(error.code == .migrationFailed)
        #expect(error.file == "1_unrecordable")
        #expect(error.message.contains("the migration was rolled back"))
        #expect(try db.schema().isEmpty)
    }

    @Test func transactionStatementsAreRefusedInATransactionalMigration() throws {
        let directory = try MigrationDirectory(["0001_commit.sql": "-- migrate:up\nCREATE TABLE a (id);\nCOMMIT;\nCREATE TABLE b (id);\n"])
        let db = try Database(location: .inMemory)
        let error = try migrationError { try directory.migrator().migrate(db) }
        #expect(error.line == 3)
        #expect(error.sql == "COMMIT")
        #expect(error.message.contains("transaction:false"))
        #expect(try db.schema().isEmpty)
    }

    @Test func migrationsOutsideATransaction() throws {
        let directory = try MigrationDirectory([
            "0001_wal.sql": "-- migrate:up transaction:false\nPRAGMA journal_mode = WAL;\n-- migrate:down transaction:false\nPRAGMA journal_mode = DELETE;\n",
            "0002_table.sql": "-- migrate:up\nCREATE TABLE a (id);\n",
            "0003_vacuum.sql": "-- migrate:up transaction:false\nVACUUM;\n",
        ])
        let db = try Database(path: directory.databasePath(), configuration: { var c = Database.Configuration(); c.journalMode = .delete; return c }())
        defer { try? db.close() }
        let migrator = try directory.migrator()
        #expect(try migrator.migrate(db).map(\.version) == [1, 2, 3])
        #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
        #expect(try db.appliedVersions() == [1, 2, 3])
        // In a transaction, the same VACUUM fails with a hint.
        let inTransaction = try MigrationDirectory(["0001_vacuum.sql": "-- migrate:up\nVACUUM;\n"])
        let error = try migrationError { try inTransaction.migrator().migrate(Database(location: .inMemory)) }
        #expect(error.message.contains("cannot VACUUM from within a transaction"))
        #expect(error.message.contains("transaction:false"))
    }

    @Test func progressIsReported() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        var events: [String] = []
        try directory.migrator().migrate(Database(location: .inMemory), upTo: 2) { event in
            switch event {
            case .started(let migration, let direction): events.append("start \(migration.version) \(direction)")
            case .statement(let migration, _, let line): events.append("statement \(migration.version):\(line)")
            case .finished(let migration, _, let milliseconds): events.append("finish \(migration.version) \(milliseconds >= 0)")
            }
        }
        #expect(events == ["start 1 up", "statement 1:2", "finish 1 true",
                           "start 2 up", "statement 2:2", "statement 2:9", "finish 2 true"])
    }

    @Test func refusesToRunInsideATransaction() throws {
        let db = try Database(location: .inMemory)
        try db.inTransaction {
            #expect(throws: DatabaseError.self) { try Migrator().migrate(db) }
        }
    }

    @Test func dryRunChangesNothing() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        let migrator = try directory.migrator()
        #expect(try migrator.plannedMigrations(db, upTo: 2).map(\.version) == [1, 2])
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0)
    }

    @Test func migratesThroughAQueueBlocking() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let migrator = try directory.migrator()
        let queue = try DatabaseQueue(path: directory.databasePath("queue.sqlite"))
        #expect(try migrator.migrate(queue, upTo: 1).map(\.version) == [1])
        #expect(try migrator.migrate(queue).map(\.version) == [2, 3])
        #expect(try migrator.status(queue).currentVersion == 3)
        #expect(try migrator.rollback(queue, to: 1).map(\.version) == [3, 2])
        try queue.close()
    }

    @Test func migratesThroughAPoolAsynchronously() async throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let migrator = try directory.migrator()
        let pool = try DatabasePool(path: directory.databasePath("pool.sqlite"))
        #expect(try await migrator.migrate(pool, upTo: 2).map(\.version) == [1, 2])
        #expect(try await migrator.migrate(pool).map(\.version) == [3])
        #expect(try migrator.status(pool).currentVersion == 3)
        try pool.close()
    }
}
