import PlumeTestSupport
import Foundation
import Persistence
@testable import FetchedResults

/// A database file in a fresh temporary directory, removed afterwards.
struct TestDatabase {
    let directory: URL
    var path: String { directory.appendingPathComponent("test.sqlite").path }

    /// Runs `body` with a new directory, removing it on success and error.
    static func withTemporary<T>(_ body: (TestDatabase) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-frc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(TestDatabase(directory: directory))
    }

    /// Opens a queue on the file, creates the `item` table, runs `body`,
    /// closes the queue on success and on error.
    static func withItems<T>(
        pool: Bool = false, rows: Int = 0,
        _ body: (any DatabaseWriter, TestDatabase) async throws -> T
    ) async throws -> T {
        try await withTemporary { database in
            var configuration = Database.Configuration()
            configuration.externalChangePollInterval = .milliseconds(10)
            let writer: any DatabaseWriter = pool
                ? try DatabasePool(path: database.path, configuration: configuration)
                : try DatabaseQueue(path: database.path, configuration: configuration)
            do {
                try await writer.write { db in
                    try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, section TEXT, name TEXT, score INTEGER)")
                    for index in 0..<rows {
                        try db.execute(sql: "INSERT INTO item (section, name, score) VALUES (?, ?, ?)",
                                       arguments: ["s\(index % 3)", "n\(index)", index % 7])
                    }
                }
                let result = try await body(writer, database)
                try writer.close()
                return result
            } catch {
                try? writer.close()
                throw error
            }
        }
    }
}

/// Random writes to the `item` table.
struct RandomWrites {
    var generator: SeededGenerator

    /// SQL for one transaction of 1–4 random statements.
    mutating func transaction() -> [String] {
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in statement() }
    }

    mutating func statement() -> String {
        let section = ["'s0'", "'s1'", "'s2'", "'s3'", "NULL"].randomElement(using: &generator)!
        let score = Int.random(in: 0..<8, using: &generator)
        let id = Int.random(in: 1...60, using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0, 1:
            return "INSERT INTO item (section, name, score) VALUES (\(section), 'n\(Int.random(in: 0..<1000, using: &generator))', \(score))"
        case 2:
            return "DELETE FROM item WHERE id = \(id)"
        case 3:
            return "UPDATE item SET score = \(score) WHERE id = \(id)"
        case 4:
            return "UPDATE item SET section = \(section) WHERE id = \(id)"
        default:
            return "UPDATE item SET name = 'r\(Int.random(in: 0..<1000, using: &generator))', score = \(score) WHERE id % 5 = \(id % 5)"
        }
    }
}

extension FetchRequest {
    /// The requests live tests run: incremental ones and refetched ones.
    static let liveCases: [FetchRequest] = [
        FetchRequest(table: "item", sortedBy: [.ascending("score")]),
        FetchRequest(table: "item", sortedBy: [.ascending("section"), .descending("score")], sectionColumn: "section"),
        FetchRequest(table: "item", filter: "score >= ?", arguments: [3], sortedBy: [.ascending("section"), .ascending("name")],
                     sectionColumn: "section", batchSize: 7),
        FetchRequest(table: "item", sortedBy: [.ascending("section"), .ascending("score")], limit: 20, sectionColumn: "section"),
        FetchRequest(sql: "SELECT id, section, name, score FROM item WHERE score < 6 ORDER BY section, name, id", sectionColumn: "section"),
        // Text identities (matched by hashing, not by a dense index).
        FetchRequest(sql: "SELECT 'item-' || id AS key, section, name, score FROM item ORDER BY score, name, key",
                     identityColumn: "key"),
    ]
}
