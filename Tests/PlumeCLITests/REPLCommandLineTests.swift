import Foundation
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

    @Test func missingDatabaseIsAnErrorWithAHint() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing.sqlite")
        let result = try PlumeProcess.plume(["repl", path], stdin: "SELECT 1;\n")
        #expect(result.status != 0)
        #expect(result.stderr == "Error: no database at \(path) (pass --create to create it)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

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

    @Test func openRefusesMissingFilesUnlessNew() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other.sqlite")
        let result = try PlumeProcess.plume(["repl"], stdin: ".open \(path)\n.open --new \(path)\nCREATE TABLE t(x);\n.tables\n")
        #expect(result.stderr == "Error: no database at \(path) (use \".open --new \(path)\" to create one)\n")
        #expect(result.stdout == "t\n")
        #expect(result.status == 1)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func helpListsPlumesDotCommands() throws {
        let result = try PlumeProcess.plume(["repl"], stdin: ".help\n.help sch\n")
        #expect(result.stdout.contains(".schema ?PATTERN?        Show the CREATE statements matching PATTERN\n"))
        #expect(result.stdout.hasSuffix(".schema ?PATTERN?        Show the CREATE statements matching PATTERN\n"))
        #expect(result.stdout.contains(".mode MODE ?OPTIONS?     Set output mode\n"))
    }

    @Test func helpShowsExamples() throws {
        let result = try PlumeProcess.plume(["repl", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("plume photos.sqlite"))
    }
}
