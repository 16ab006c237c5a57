import Foundation
import Testing
@testable import Persistence

@Suite struct MigratorValidationTests {
    @Test func anEditedAppliedFileFailsValidateAndUp() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        try directory.migrator().migrate(db, upTo: 2)
        try directory.write("0001_create_album.sql", PhotoSchema.files["0001_create_album.sql"]! + "\n-- edited\n")
        let migrator = try directory.migrator()
        for error in [try migrationError { try migrator.validate(db) }, try migrationError { try migrator.migrate(db) }] {
            #expect(error.code == .checksumMismatch)
            #expect(error.file == directory.path("0001_create_album.sql"))
            #expect(error.versions == [1])
            #expect(error.isValidationFailure)
            #expect(error.description.contains("0001_create_album.sql: migration 1 was edited after it was applied"))
        }
        #expect(try db.appliedVersions() == [1, 2]) // up refused: 3 not applied
    }

    @Test func lineEndingChangesAreNotEdits() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        try directory.migrator().migrate(db)
        let text = PhotoSchema.files["0002_create_photo.sql"]!
        try directory.write("0002_create_photo.sql", "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n"))
        try directory.migrator().validate(db)
    }

    @Test func anAppliedMigrationWithoutAFileIsAnErrorUnlessIgnored() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        try directory.migrator().migrate(db)
        try directory.remove("0002_create_photo.sql")
        var migrator = try directory.migrator()
        let error = try migrationError { try migrator.migrate(db) }
        #expect(error.code == .missingMigration)
        #expect(error.versions == [2])
        #expect(error.message.contains("migration 2 (create_photo) is applied but is not among the migrations"))
        migrator.ignoresMissingMigrations = true
        try migrator.validate(db)
        #expect(try migrator.migrate(db).isEmpty)
    }

    @Test func aDatabaseWithUnknownHigherVersionsIsNewerThanTheCode() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        try directory.migrator().migrate(db)
        try directory.remove("0003_add_caption.sql")
        var migrator = try directory.migrator()
        migrator.ignoresMissingMigrations = true // newer is not "missing"
        let error = try migrationError { try migrator.migrate(db) }
        #expect(error.code == .databaseNewer)
        #expect(error.versions == [3])
        #expect(error.message == "the database is newer than the migrations: it has version(s) 3 (add_caption) above the highest known version 2")
        let status = try migrator.status(db)
        #expect(status.problems.map(\.code) == [.databaseNewer])
        #expect(status.currentVersion == 3)
        #expect(throws: MigrationError.self) { try migrator.rollback(db, to: 0) }
        #expect(try db.appliedVersions() == [1, 2, 3])
    }

    @Test func aLatePendingMigrationIsAnErrorUnlessOutOfOrderIsAllowed() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.remove("0002_create_photo.sql")
        try directory.write("0003_add_caption.sql", "-- migrate:up\nCREATE TABLE tag (id);\n")
        let db = try Database(location: .inMemory)
        try directory.migrator().migrate(db)
        // A branch merged late brings version 2.
        try directory.write("0002_create_photo.sql", PhotoSchema.files["0002_create_photo.sql"]!)
        try directory.write("0004_more.sql", "-- migrate:up\nCREATE TABLE more (id);\n")
        var migrator = try directory.migrator()
        let error = try migrationError { try migrator.migrate(db) }
        #expect(error.code == .outOfOrder)
        #expect(error.versions == [2])
        #expect(error.message.contains("0002_create_photo.sql") && error.message.contains("highest applied version 3"))
        #expect(try db.appliedVersions() == [1, 3])
        // Up to a version below the late one, there is nothing out of order.
        #expect(try migrator.migrate(db, upTo: 1).isEmpty)
        migrator.allowsOutOfOrder = true
        #expect(try migrator.migrate(db).map(\.version) == [2, 4])
        #expect(try migrator.appliedMigrations(db).map(\.order) == [1, 3, 2, 4])
    }

    @Test func severalProblemsAreReportedTogether() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        try directory.migrator().migrate(db)
        try directory.write("0001_create_album.sql", "-- migrate:up\nCREATE TABLE album (id);\n")
        try directory.remove("0002_create_photo.sql")
        let error = try migrationError { try directory.migrator().validate(db) }
        #expect(error.code == .severalProblems)
        #expect(error.problems.map(\.code) == [.checksumMismatch, .missingMigration])
        #expect(error.isValidationFailure)
        #expect(error.description.contains("- \(directory.path("0001_create_album.sql")): migration 1 was edited"))
    }

    @Test func aForeignKeyViolationAbortsTheMigrationAndNamesTableAndRow() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.write("0004_orphan.sql", """
            -- migrate:up
            INSERT INTO album (id, name) VALUES (1, 'Holidays');
            INSERT INTO photo (id, name, created, album_id) VALUES (7, 'Beach', 0, 1);
            INSERT INTO photo (id, name, created, album_id) VALUES (8, 'Lost', 0, 42);
            """)
        let db = try Database(location: .inMemory)
        let error = try migrationError { try directory.migrator().migrate(db) }
        #expect(error.code == .foreignKeyViolation)
        #expect(error.file == directory.path("0004_orphan.sql"))
        #expect(error.message.contains("row 8 of table `photo` references a row of `album` that does not exist"))
        #expect(!error.isValidationFailure)
        #expect(try db.appliedVersions() == [1, 2, 3])
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") == 0)
        #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true) // restored
    }

    /// SQLite's documented 12-step table change: drop and rename a parent
    /// table while children reference it.
    @Test func tableRebuildsWorkWithForeignKeys() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.write("0004_seed.sql", """
            -- migrate:up
            INSERT INTO album (id, name) VALUES (1, 'Holidays');
            INSERT INTO photo (name, created, album_id) VALUES ('Beach', 0, 1);
            """)
        try directory.write("0005_album_strict_name.sql", """
            -- migrate:up
            CREATE TABLE new_album (id INTEGER PRIMARY KEY, name TEXT NOT NULL CHECK (name <> ''));
            INSERT INTO new_album SELECT id, name FROM album;
            DROP TABLE album;
            ALTER TABLE new_album RENAME TO album;
            """)
        let db = try Database(location: .inMemory)
        try directory.migrator().migrate(db)
        #expect(try db.appliedVersions() == [1, 2, 3, 4, 5])
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo JOIN album ON album.id = photo.album_id") == 1)
        #expect(try db.schema().contains { $0.contains("CHECK (name <> '')") })
    }

    /// With enforcement merely deferred, dropping the old parent table would
    /// cascade-delete its children: the migrator turns enforcement off.
    @Test func tableRebuildsKeepCascadingChildren() throws {
        let directory = try MigrationDirectory([
            "0001_schema.sql": """
                -- migrate:up
                CREATE TABLE album (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE photo (id INTEGER PRIMARY KEY, album_id INTEGER NOT NULL REFERENCES album(id) ON DELETE CASCADE);
                INSERT INTO album VALUES (1, 'Holidays');
                INSERT INTO photo VALUES (1, 1), (2, 1);
                """,
            "0002_rebuild_album.sql": """
                -- migrate:up
                CREATE TABLE new_album (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
                INSERT INTO new_album SELECT id, coalesce(name, '') FROM album;
                DROP TABLE album;
                ALTER TABLE new_album RENAME TO album;
                """,
        ])
        let db = try Database(location: .inMemory)
        try directory.migrator().migrate(db)
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") == 2)
        try db.execute(sql: "DELETE FROM album") // enforcement is back on afterwards
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") == 0)
    }
}
