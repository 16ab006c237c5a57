import Foundation
import PlumeTestSupport
import Testing

/// `plume query DATABASE SQL` prints what `sqlite3 -MODE DATABASE SQL`
/// prints, and fails with one line.
@Suite struct QueryCommandTests {
    static let setup = """
        CREATE TABLE photo(id INTEGER PRIMARY KEY, name TEXT, rating REAL, data BLOB);
        INSERT INTO photo VALUES (1, 'Sunset, "Nice"', 4.5, x'01ff'), (2, NULL, 0.1, NULL), (3, '日本', 3.0, '');
        """
    static let select = "SELECT id, name, rating, data FROM photo ORDER BY id"

    static func database(in directory: borrowing TemporaryDirectory) throws -> String {
        let path = directory.path("photos.sqlite")
        let created = try PlumeProcess.sqlite3([path], stdin: setup)
        try #require(created.status == 0)
        return path
    }

    @Test(arguments: ["list", "tabs", "csv", "json", "line", "markdown", "box", "table", "column", "quote", "html"], [false, true])
    func matchesSQLite3(mode: String, header: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let plume = try PlumeProcess.plume(["query", path, Self.select, "--mode", mode] + (header ? ["--header"] : []))
        let sqlite = try PlumeProcess.sqlite3((header ? ["-header"] : []) + ["-\(mode)", path, Self.select])
        #expect(plume.status == 0)
        #expect(plume.stderr.isEmpty)
        #expect(!sqlite.stdout.isEmpty)
        if mode == "box" || mode == "table" || mode == "markdown" || mode == "column" {
            // '日本' is two characters but four columns wide: Plume pads by
            // display width, sqlite3 by characters. Other rows match exactly.
            let plumeLines = plume.stdout.split(separator: "\n").filter { !$0.contains("日本") }
            let sqliteLines = sqlite.stdout.split(separator: "\n").filter { !$0.contains("日本") }
            #expect(plumeLines == sqliteLines)
            #expect(plume.stdout.contains("日本"))
        } else {
            #expect(plume.stdout == sqlite.stdout)
        }
    }

    @Test func insertModeWritesInsertStatements() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let result = try PlumeProcess.plume(["query", path, "SELECT id, name FROM photo WHERE id = 1", "--mode", "insert"])
        #expect(result.stdout == "INSERT INTO \"table\" VALUES(1,'Sunset, \"Nice\"');\n")
    }

    @Test func writesAreCommitted() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let update = try PlumeProcess.plume(["query", path, "UPDATE photo SET rating = 5 WHERE id = 2"])
        #expect(update.status == 0)
        #expect(update.stdout.isEmpty)
        let check = try PlumeProcess.sqlite3([path, "SELECT rating FROM photo WHERE id = 2"])
        #expect(check.stdout == "5.0\n")
    }

    @Test func syntaxErrorIsOneLineAndFails() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let result = try PlumeProcess.plume(["query", path, "SELEC name FROM photo"])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: near \"SELEC\": syntax error in: SELEC name FROM photo\n")
    }

    @Test func runtimeErrorNamesTheStatement() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let result = try PlumeProcess.plume(["query", path, "INSERT INTO photo(id) VALUES (1)"])
        #expect(result.status != 0)
        #expect(result.stderr == "Error: UNIQUE constraint failed: photo.id in: INSERT INTO photo(id) VALUES (1)\n")
    }

    @Test func severalStatementsAreRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let result = try PlumeProcess.plume(["query", path, "DELETE FROM photo; SELECT 1"])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: expected one SQL statement"))
        let count = try PlumeProcess.sqlite3([path, "SELECT count(*) FROM photo"])
        #expect(count.stdout == "3\n") // nothing ran
    }

    @Test func missingDatabaseIsAnErrorAndIsNotCreated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing.sqlite")
        let result = try PlumeProcess.plume(["query", path, "SELECT 1"])
        #expect(result.status != 0)
        #expect(result.stderr == "Error: no database at \(path)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func unknownModeIsRejected() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let result = try PlumeProcess.plume(["query", path, "SELECT 1", "--mode", "yaml"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown mode 'yaml'"))
    }

    @Test func helpShowsExamples() throws {
        let result = try PlumeProcess.plume(["query", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("plume query photos.sqlite"))
    }
}
