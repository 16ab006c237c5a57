import Foundation
@testable import Persistence

/// A directory removed when the test is done with it.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("plume-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file in the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

/// Opens a connection, runs `body`, and closes the connection whether
/// `body` succeeds or throws.
func withDatabase<T>(
    _ location: Database.Location = .inMemory,
    configuration: Database.Configuration = Database.Configuration(),
    _ body: (Database) throws -> T
) throws -> T {
    let db = try Database(location: location, configuration: configuration)
    defer { try? db.close() }
    return try body(db)
}

/// A table `photo` with three rows, the fixture of most tests.
func makePhotoTable(_ db: Database) throws {
    try db.execute(sql: """
        CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, rating INTEGER, album TEXT);
        INSERT INTO photo (name, rating, album) VALUES ('Sunset', 5, 'Holidays'), ('Dog', NULL, 'Home'), ('Harbor', 3, NULL);
        """)
}

/// Everything in the photo table, to check that a failed call changed nothing.
func photoDump(_ db: Database) throws -> [Row] {
    try Row.fetchAll(db, sql: "SELECT * FROM photo ORDER BY id")
}

/// Calls `body` and returns the error it throws as `E`, or nil when it
/// throws nothing or another type.
func caught<E: Error>(_ type: E.Type, _ body: () throws -> Void) -> E? {
    do {
        try body()
        return nil
    } catch {
        return error as? E
    }
}
