import Foundation
import Persistence
@testable import PlumeCLI
import PlumeShell
import PlumeTestSupport
import Testing

/// `plume watch`, `.watch` and `plume query` run queries with the SQL
/// functions and collations of the REPL (`uint`, `decimal`, `regexp`,
/// `sha3`, `ieee754`…), as `sqlite3` has them on every connection.
@Suite struct WatchShellFunctionsTests {
    static let schema = """
        CREATE TABLE file (id INTEGER PRIMARY KEY, name TEXT NOT NULL, size TEXT NOT NULL);
        INSERT INTO file (name, size) VALUES ('img10', '1.50'), ('img2', '0.25'), ('img1', '10'), ('doc3', '7');
        """

    /// Creates the files table in a directory.
    static func database(in directory: borrowing TemporaryDirectory) throws -> String {
        let path = directory.path("files.sqlite")
        try sqlite3Script(path, schema)
        return path
    }

    /// What `plume watch` shows for `sql` without a section column, from
    /// the rows `sqlite3 -json` prints.
    static func sqlite3List(_ path: String, _ sql: String) throws -> WatchedList {
        let result = try PlumeProcess.sqlite3(["-json", path, sql])
        try #require(result.status == 0, "sqlite3: \(result.stderr)")
        guard !result.stdout.isEmpty else { return WatchedList(sections: []) }
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any])
        return WatchedList(sections: [("null", rows.map(WatchedList.canonical))])
    }

    /// The `name` of each row, in order.
    static func names(_ list: WatchedList) throws -> [String] {
        try list.sections.flatMap(\.rows).map { row in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
            return try #require(object["name"] as? String)
        }
    }

    @Test func watchOrdersByTheUIntCollation() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let query = "SELECT id, name FROM file WHERE name LIKE 'img%' ORDER BY name COLLATE uint"
        let watch = try StreamingPlume(["watch", path, query])
        var list = try WatchedList(initial: watch.nextLine())
        #expect(try Self.names(list) == ["img1", "img2", "img10"])
        #expect(list == (try Self.sqlite3List(path, query)))

        try sqlite3Script(path, "INSERT INTO file (name, size) VALUES ('img9', '3');")
        try list.apply(change: watch.nextLine())
        #expect(try Self.names(list) == ["img1", "img2", "img9", "img10"])
        try sqlite3Script(path, "UPDATE file SET name = 'img20' WHERE name = 'img1';")
        try list.apply(change: watch.nextLine())
        #expect(try Self.names(list) == ["img2", "img9", "img10", "img20"])
        #expect(list == (try Self.sqlite3List(path, query)))

        let end = try watch.stop(signal: SIGINT)
        #expect(end.status == 0)
        #expect(end.stderr.isEmpty)
    }

    @Test func watchCallsTheREPLsFunctions() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let query = """
            SELECT id, name, decimal_add(size, '0.1') AS size, substr(hex(sha3(name)), 1, 8) AS digest,
                   ieee754(id + 0.5) AS bits
            FROM file WHERE name REGEXP '^img[0-9]+$' ORDER BY decimal(size) COLLATE decimal
            """
        let watch = try StreamingPlume(["watch", path, query])
        var list = try WatchedList(initial: watch.nextLine())
        #expect(try Self.names(list) == ["img2", "img10", "img1"])
        #expect(list == (try Self.sqlite3List(path, query)))

        try sqlite3Script(path, "INSERT INTO file (name, size) VALUES ('img4', '0.5'), ('imgX', '0');")
        try list.apply(change: watch.nextLine())
        #expect(try Self.names(list) == ["img2", "img4", "img10", "img1"])
        #expect(list == (try Self.sqlite3List(path, query)))

        let end = try watch.stop(signal: SIGTERM)
        #expect(end.status == 0)
        #expect(end.stderr.isEmpty)
    }

    @Test func dotWatchOrdersByTheUIntCollation() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let script = ".watch SELECT id, name FROM file WHERE regexp('^img', name) ORDER BY name COLLATE uint\n"
        let result = try PlumeProcess.plume(["repl", path], stdin: script)
        #expect(result.stdout == """
            1 sections, 3 rows
            section 0 (untitled) (3 rows)
              [0, 0] 3  img1
              [0, 1] 2  img2
              [0, 2] 1  img10

            """)
        #expect(result.stderr.isEmpty)
        #expect(result.status == 0)
    }

    @Test func queryUsesTheREPLsFunctionsAsSQLite3Does() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let sql = "SELECT name, decimal_mul(size, '3') FROM file WHERE name REGEXP 'img' ORDER BY name COLLATE uint"
        let plume = try PlumeProcess.plume(["query", path, sql])
        let sqlite = try PlumeProcess.sqlite3([path, sql])
        #expect(plume.status == 0)
        #expect(plume.stderr.isEmpty)
        #expect(plume.stdout == "img1|30\nimg2|0.75\nimg10|4.5\n")
        #expect(plume.stdout == sqlite.stdout)
    }

    /// Every connection of a pool prepared as `plume watch` prepares its
    /// queue: the writer and each reader.
    @Test func everyConnectionOfAPoolHasTheFunctions() async throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        var configuration = Database.Configuration()
        Shell.prepareConnections(of: &configuration)
        let pool = try DatabasePool(path: path, configuration: configuration)
        defer { try? pool.close() }
        let sql = "SELECT name FROM file WHERE regexp('^img', name) ORDER BY name COLLATE uint"
        let expected = ["img1", "img2", "img10"]
        #expect(try await pool.write { db in try String.fetchAll(db, sql: sql) } == expected)
        // Concurrent reads open more than one reader.
        let reads = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { try await pool.read { db in try String.fetchAll(db, sql: sql) } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(reads == Array(repeating: expected, count: 4))
    }
}
