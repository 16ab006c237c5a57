import Foundation
import Persistence
import Testing
@testable import PlumeCLI

/// The migrations `plume demo` carries as text are the repository's
/// `Migrations/` files, byte for byte, and parse as those files do.
@Suite struct DemoMigrationsTests {
    @Test func theEmbeddedTextsAreTheMigrationFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: demoMigrationsURL.path)
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(DemoMigrations.files.map(\.name) == names)
        for (name, text) in DemoMigrations.files {
            let file = try Data(contentsOf: demoMigrationsURL.appendingPathComponent(name))
            #expect(Array(text.utf8) == Array(file), "\(name) differs from Migrations/\(name)")
        }
    }

    @Test func theEmbeddedMigrationsHaveTheFilesChecksumsAndScripts() throws {
        let embedded = try DemoMigrations.migrations()
        let read = try Migrator(directory: demoMigrationsURL).migrations
        #expect(embedded.map(\.version) == read.map(\.version))
        #expect(embedded.map(\.name) == read.map(\.name))
        #expect(embedded.map(\.checksum) == read.map(\.checksum))
        #expect(embedded.map(\.up.sql) == read.map(\.up.sql))
        #expect(embedded.map { $0.down?.sql } == read.map { $0.down?.sql })
    }
}
