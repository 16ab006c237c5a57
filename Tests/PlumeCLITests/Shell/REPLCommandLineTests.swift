import Foundation
import PlumeTestSupport
import Testing

/// How `plume repl` and `plume DATABASE` start.
@Suite struct REPLCommandLineTests {
    @Test func bareDatabasePathOpensTheREPL() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        _ = try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE photo(id); INSERT INTO photo VALUES (7);")
        let result = try PlumeProcess.plume([path], stdin: "SELECT id FROM photo;\n")
        #expect(result.status == 0)
        #expect(result.stdout == "7\n") // no banner, no prompt on a pipe
        #expect(result.stderr.isEmpty)
    }

    /// As in `sqlite3`: a missing database is created when a command first
    /// needs it, and a command that does not leaves no file behind.
    @Test func missingDatabaseIsCreatedWhenFirstUsed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing.sqlite")
        let unused = try PlumeProcess.plume(["repl", path], stdin: ".print nothing opened\n")
        #expect(unused.status == 0)
        #expect(unused.stdout == "nothing opened\n")
        #expect(!FileManager.default.fileExists(atPath: path))
        let result = try PlumeProcess.plume(["repl", path], stdin: "CREATE TABLE t(x);\n")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(try PlumeProcess.sqlite3([path, ".tables"]).stdout == "t\n")
    }

    @Test func databaseInAMissingDirectoryIsAnErrorWhenUsed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nowhere/missing.sqlite")
        let result = try PlumeProcess.plume(["repl", path], stdin: "SELECT 1;\n")
        #expect(result.status == 1)
        #expect(result.stderr == "Error: unable to open database \"\(path)\": unable to open database file\n")
    }

    /// `plume query` refuses a file that is not a database when it opens
    /// it; the REPL opens it as `sqlite3` does (see `OpenCommandTests`).
    @Test func fileThatIsNotADatabaseIsAOneLineError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try String(repeating: "not a database ", count: 20).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try PlumeProcess.plume(["query", path, "SELECT 1"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: cannot open \(path): file is not a database\n")
    }

    /// `--create` is kept for old scripts; it changes nothing.
    @Test func createFlagCreatesTheDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let result = try PlumeProcess.plume(["repl", "--create", path], stdin: "CREATE TABLE t(x);\n")
        #expect(result.status == 0)
        let tables = try PlumeProcess.sqlite3([path, ".tables"])
        #expect(tables.stdout == "t\n")
    }

    @Test func withoutDatabaseUsesMemory() throws {
        let result = try PlumeProcess.plume(["repl"], stdin: "CREATE TABLE t(x); INSERT INTO t VALUES (1); SELECT count(*) FROM t;\n")
        #expect(result.stdout == "1\n")
    }

    @Test func openCreatesMissingFiles() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other.sqlite")
        let result = try PlumeProcess.plume(["repl"], stdin: ".open \(path)\nCREATE TABLE t(x);\n.tables\n")
        #expect(result.stderr == "")
        #expect(result.stdout == "t\n")
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func helpListsPlumesDotCommands() throws {
        let result = try PlumeProcess.plume(["repl"], stdin: ".help\n.help sch\n")
        #expect(result.stdout.contains(".schema ?PATTERN?        Show the CREATE statements matching PATTERN\n"))
        #expect(result.stdout.contains(".schema ?PATTERN?        Show the CREATE statements matching PATTERN\n   Options:\n      --indent"))
        #expect(!result.stdout.contains(".indices"))
        #expect(result.stdout.contains(".migrate status|up       Show or apply schema migrations\n"))
        #expect(result.stdout.contains(".mode MODE ?OPTIONS?     Set output mode\n"))
    }

    @Test func helpShowsExamples() throws {
        let result = try PlumeProcess.plume(["repl", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("plume photos.sqlite"))
    }
}

/// `.migrate status|up` in the REPL, through the same migrator as
/// `plume migrate`.
@Suite struct REPLMigrateTests {
    @Test func statusThenUpThenStatus() throws {
        let directory = try TemporaryDirectory()
        let migrations = directory.url.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        try "-- migrate:up\nCREATE TABLE album(id INTEGER PRIMARY KEY, name TEXT);\n"
            .write(to: migrations.appendingPathComponent("0001_create_album.sql"), atomically: true, encoding: .utf8)
        try "-- migrate:up\nCREATE TABLE photo(id INTEGER PRIMARY KEY, album_id INTEGER REFERENCES album);\n"
            .write(to: migrations.appendingPathComponent("0002_create_photo.sql"), atomically: true, encoding: .utf8)
        let result = try PlumeProcess.plume(["repl", "--create", "app.sqlite"], stdin: """
            .migrate status
            .migrate up --to 1
            .tables
            .migrate up
            .migrate up
            .migrate status --dir nowhere
            .migrate sideways
            """, currentDirectory: directory.url)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(5)) == ["current version: 0", "applied: none", "pending:", "  1  create_album", "  2  create_photo"])
        #expect(lines.contains { $0.hasPrefix("applied 0001_create_album.sql (") })
        #expect(lines.contains("album             plume_migrations"))
        #expect(lines.contains { $0.hasPrefix("applied 0002_create_photo.sql (") })
        #expect(lines.contains("nothing to do: the database is at version 2"))
        #expect(result.stderr.contains("nowhere: no migrations directory"))
        #expect(result.stderr.contains("Usage: .migrate status|up"))
        #expect(result.status == 1)
    }
}

/// Ctrl-C (SIGINT) while a script runs: as in `sqlite3`, the running
/// statement is interrupted and the script stops.
@Suite struct REPLScriptInterruptTests {
    @Test func sigintInterruptsTheStatementAndStopsTheScript() throws {
        let process = Process()
        process.executableURL = try PlumeProcess.plumeURL
        process.arguments = ["repl"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data("""
            SELECT 'first';
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;
            SELECT 'after';

            """.utf8))
        // Once 'first' is out, the endless count is running.
        let first = output.fileHandleForReading.availableData
        #expect(String(decoding: first, as: UTF8.self) == "first\n")
        Thread.sleep(forTimeInterval: 0.2)
        process.interrupt()
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        #expect(rest.isEmpty, "nothing runs after the interrupted statement")
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            == "Runtime error near line 2: interrupted (9)\n")
        #expect(process.terminationStatus == 1)
    }
}
