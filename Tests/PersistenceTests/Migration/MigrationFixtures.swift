import Foundation
import Testing
@testable import Persistence

/// A scratch directory of migration files and databases, removed at the
/// end of the test.
struct MigrationDirectory: ~Copyable {
    /// Where databases go.
    let root: URL
    /// The migrations directory, inside `root`.
    let url: URL

    init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("plume-migrations-\(UUID().uuidString)")
        url = root.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A database path beside the migrations directory.
    func databasePath(_ name: String = "db.sqlite") -> String { root.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(at: url.appendingPathComponent(name))
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func migrator() throws -> Migrator { try Migrator(directory: url) }
}

/// The photo library schema used across the migration tests.
enum PhotoSchema {
    static let files: [String: String] = [
        "0001_create_album.sql": """
            -- migrate:up
            CREATE TABLE album (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            -- migrate:down
            DROP TABLE album;
            """,
        "0002_create_photo.sql": """
            -- migrate:up
            CREATE TABLE photo (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                created REAL NOT NULL,
                rating INTEGER NOT NULL DEFAULT 0,
                album_id INTEGER NOT NULL REFERENCES album(id)
            );
            CREATE INDEX photo_album ON photo(album_id);
            -- migrate:down
            DROP TABLE photo;
            """,
        "0003_add_caption.sql": """
            -- migrate:up
            ALTER TABLE photo ADD COLUMN caption TEXT;
            -- migrate:down
            ALTER TABLE photo DROP COLUMN caption;
            """,
    ]
}

extension Database {
    /// The schema, without the migrations table, for comparisons.
    func schema() throws -> [String] {
        try String.fetchAll(self, sql: """
            SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master
            WHERE name <> 'plume_migrations' ORDER BY type, name
            """)
    }

    func appliedVersions() throws -> [Int64] {
        try Int64.fetchAll(self, sql: "SELECT version FROM plume_migrations ORDER BY version")
    }
}

/// The error `body` throws, as a MigrationError.
func migrationError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws -> MigrationError {
    do {
        try body()
    } catch let error as MigrationError {
        return error
    }
    Issue.record("expected a MigrationError", sourceLocation: sourceLocation)
    throw CancellationError()
}
