import Foundation
import Testing
@testable import Persistence

@Suite struct MigratorRollbackTests {
    @Test func downToZeroThenUpGivesTheSameSchema() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let db = try Database(location: .inMemory)
        let migrator = try directory.migrator()
        try migrator.migrate(db)
        let schema = try db.schema()
        #expect(try migrator.rollback(db, to: 0).map(\.version) == [3, 2, 1])
        #expect(try db.schema().isEmpty)
        #expect(try db.appliedVersions().isEmpty)
        try migrator.migrate(db)
        #expect(try db.schema() == schema)
    }

    /// The repository's own demo schema, as `plume demo` uses it.
    @Test func demoMigrationsGoDownAndUpAgain() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let migrator = try Migrator(directory: root.appendingPathComponent("Migrations"))
        #expect(migrator.migrations.count >= 3)
        let db = try Database(location: .inMemory)
        try migrator.migrate(db)
        let schema = try db.schema()
        let photoColumns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('photo')")
        #expect(Set(["id", "name", "created", "rating", "album_id", "caption", "favorite"]).isSubset(of: photoColumns))
        try migrator.rollback(db, to: 0)
        #expect(try db.schema().isEmpty)
        try migrator.migrate(db)
        #expect(try db.schema() == schema)
    }

    @Test func revertsInReverseOrderOfApplication() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.remove("0002_create_photo.sql")
        let db = try Database(location: .inMemory)
        var migrator = try directory.migrator()
        migrator.allowsOutOfOrder = true
        try migrator.migrate(db, upTo: 1)
        try directory.write("0003_add_caption.sql", "-- migrate:up\nCREATE TABLE c (id);\n-- migrate:down\nDROP TABLE c;\n")
        try directory.write("0002_create_photo.sql", PhotoSchema.files["0002_create_photo.sql"]!)
        migrator = try directory.migrator()
        migrator.allowsOutOfOrder = true
        try migrator.migrate(db, upTo: 1) // nothing
        try Migrator(migrations: [migrator.migrations[0], migrator.migrations[2]]).migrate(db)
        try migrator.migrate(db) // 2, late
        var order: [Int64] = []
        try migrator.rollback(db, to: 0) { event in
            if case .started(let migration, .down) = event { order.append(migration.version) }
        }
        #expect(order == [2, 3, 1])
    }

    @Test func aMigrationWithoutDownStopsTheRunBeforeAnythingChanges() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.write("0004_seed.sql", "-- migrate:up\nINSERT INTO album (name) VALUES ('a');\n")
        let db = try Database(location: .inMemory)
        let migrator = try directory.migrator()
        try migrator.migrate(db)
        let error = try migrationError { try migrator.rollback(db, to: 1) }
        #expect(error.code == .irreversible)
        #expect(error.file == directory.path("0004_seed.sql"))
        #expect(error.message.contains("0004_seed.sql has no `-- migrate:down` section"))
        #expect(error.isValidationFailure)
        #expect(try db.appliedVersions() == [1, 2, 3, 4])
        #expect(try migrator.rollback(db, to: 4).isEmpty) // nothing above 4
    }

    @Test func aFailingDownIsRolledBackAndNamesItsFileLine() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.write("0004_view.sql", "-- migrate:up\nCREATE VIEW v AS SELECT 1;\n-- migrate:down\nDROP VIEW v;\nDROP TABLE ghost;\n")
        let db = try Database(location: .inMemory)
        let migrator = try directory.migrator()
        try migrator.migrate(db)
        let error = try migrationError { try migrator.rollback(db, to: 2) }
        #expect(error.code == .migrationFailed)
        #expect(error.line == 5)
        #expect(error.sql == "DROP TABLE ghost")
        #expect(error.message == "no such table: ghost")
        #expect(try db.appliedVersions() == [1, 2, 3, 4])
        #expect(try db.schema().contains { $0.hasPrefix("view v") })
    }

    @Test func invalidTarget() throws {
        let error = try migrationError { try Migrator().rollback(Database(location: .inMemory), to: -2) }
        #expect(error.code == .invalidTarget)
    }
}
