import Foundation
import Testing
@testable import Persistence

@Suite struct MigratorLoadingTests {
    @Test func loadsFilesInVersionOrderAndIgnoresHiddenFiles() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.write(".gitkeep", "")
        try directory.write("10_late.sql", "-- migrate:up\nSELECT 1;")
        let migrator = try directory.migrator()
        #expect(migrator.migrations.map(\.version) == [1, 2, 3, 10])
        #expect(migrator.migrations.map(\.name) == ["create_album", "create_photo", "add_caption", "late"])
        #expect(migrator.migrations[0].file == directory.path("0001_create_album.sql"))
        #expect(migrator.migration(version: 10)?.name == "late")
        #expect(migrator.migration(version: 4) == nil)
    }

    @Test func fileWithAnInvalidNameIsAnError() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.write("README.md", "notes")
        let error = try migrationError { _ = try directory.migrator() }
        #expect(error.code == .invalidFileName)
        #expect(error.file == directory.path("README.md"))
        #expect(error.description.contains("README.md: file name does not fit NNNN_description.sql"))
    }

    @Test func versionZeroIsAnError() throws {
        let directory = try MigrationDirectory(["0000_init.sql": "-- migrate:up\n"])
        let error = try migrationError { _ = try directory.migrator() }
        #expect(error.code == .invalidFileName)
        #expect(error.message.contains("start at 1"))
    }

    @Test func duplicateVersionsNameBothFiles() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.write("02_other_photo.sql", "-- migrate:up\nSELECT 1;")
        let error = try migrationError { _ = try directory.migrator() }
        #expect(error.code == .duplicateVersion)
        #expect(error.versions == [2])
        #expect(error.message.contains("0002_create_photo.sql") && error.message.contains("02_other_photo.sql"))
    }

    @Test func severalBadFilesAreAllReported() throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        try directory.write("notes.txt", "")
        try directory.write("0004_empty.sql", "SELECT 1;")
        let error = try migrationError { _ = try directory.migrator() }
        #expect(error.code == .severalProblems)
        #expect(Set(error.problems.map(\.code)) == [.invalidFileName, .invalidFile])
        #expect(error.description.contains("notes.txt") && error.description.contains("0004_empty.sql"))
    }

    @Test func missingDirectory() throws {
        let error = try migrationError { _ = try Migrator(directory: URL(fileURLWithPath: "/nonexistent/Migrations")) }
        #expect(error.code == .directoryNotFound)
        #expect(error.file == "/nonexistent/Migrations")
    }

    @Test func loadsFromABundleSubdirectory() throws {
        let directory = try MigrationDirectory()
        let resources = directory.url.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        for (name, text) in PhotoSchema.files {
            try Data(text.utf8).write(to: resources.appendingPathComponent(name))
        }
        let bundle = try #require(Bundle(path: directory.url.path))
        let migrator = try Migrator(bundle: bundle, subdirectory: "Migrations")
        #expect(migrator.migrations.map(\.version) == [1, 2, 3])
        let error = try migrationError { _ = try Migrator(bundle: bundle, subdirectory: "Nope") }
        #expect(error.code == .directoryNotFound)
        #expect(error.message.contains("Nope"))
    }

    @Test func registeringInCode() throws {
        var migrator = Migrator()
        try migrator.register(Migration(version: 2, name: "second", up: "CREATE TABLE b (id)"))
        try migrator.register(Migration(version: 1, name: "first", up: { db in try db.execute(sql: "CREATE TABLE a (id)") }))
        #expect(migrator.migrations.map(\.description) == ["1_first", "2_second"])
        #expect(migrator.migrations[0].checksum == nil)
        #expect(migrator.migrations[1].checksum?.count == 64)
        let duplicate = try migrationError { try migrator.register(Migration(version: 2, name: "again", up: "SELECT 1")) }
        #expect(duplicate.code == .duplicateVersion)
        #expect(duplicate.message.contains("2_second") && duplicate.message.contains("2_again"))
        let zero = try migrationError { try migrator.register(Migration(version: 0, name: "zero", up: "SELECT 1")) }
        #expect(zero.code == .invalidFileName)
    }
}
