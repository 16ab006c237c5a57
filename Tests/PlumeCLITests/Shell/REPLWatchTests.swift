import Foundation
@testable import PlumeCLI
@testable import PlumeShell
import PlumeTestSupport
import Testing

/// The REPL's `.watch`: in a script, the initial rows as plain lines and
/// the same errors as `plume watch`; on a terminal, the live table until
/// `q` or Ctrl-C, then the prompt again.
@Suite struct REPLWatchTests {
    /// Creates the photos of ``WatchTests`` in a directory.
    static func database(in directory: borrowing TemporaryDirectory) throws -> String {
        let path = directory.path("photos.sqlite")
        try sqlite3Script(path, WatchTests.schema)
        return path
    }

    @Test func aScriptPrintsTheInitialRowsAndGoesOn() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let script = """
            .watch --section album SELECT id, album, name FROM photo ORDER BY album, rating DESC, id;
            .watch --id name 'SELECT name, score FROM photo WHERE score > 0.1 ORDER BY name'
            SELECT 'next';

            """
        let result = try PlumeProcess.plume(["repl", path], stdin: script)
        #expect(result.stdout == """
            2 sections, 4 rows
            section 0 "Lisbon" (2 rows)
              [0, 0] 2  Lisbon  Bridge
              [0, 1] 1  Lisbon  Tram
            section 1 "Porto" (2 rows)
              [1, 0] 3  Porto  River "Douro"
              [1, 1] 4  Porto  Tiles
            1 sections, 2 rows
            section 0 (untitled) (2 rows)
              [0, 0] Tiles  2.25
              [0, 1] Tram  0.5
            next

            """)
        #expect(result.stderr.isEmpty)
        #expect(result.status == 0)
    }

    @Test(arguments: [
        (".watch SELECT name FROM photo ORDER BY name", "Error: missing identity column \"id\""),
        (".watch SELECT * FROM nowhere", "Error: SQLite error 1: no such table: nowhere"),
        (".watch --id album SELECT * FROM photo ORDER BY id", "Error: duplicate identity"),
        (".watch --section album SELECT * FROM photo ORDER BY rating", "not ordered by its section column \"album\""),
        (".watch --section nope SELECT * FROM photo ORDER BY id", "missing section column \"nope\""),
        (".watch --section", "Usage: .watch ?--section COLUMN? ?--id COLUMN? QUERY"),
        (".watch --sort id SELECT 1 AS id", "Usage: .watch"),
        (".watch", "Usage: .watch"),
    ])
    func badInputIsAnErrorAndTheShellGoesOn(command: String, message: String) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let before = try PlumeProcess.sqlite3([path, ".dump"]).stdout
        let result = try PlumeProcess.plume(["repl", path], stdin: command + "\nSELECT 'next';\n")
        #expect(result.stderr.hasPrefix(message.hasPrefix("Usage") ? "Usage: .watch" : "Error: "), "stderr: \(result.stderr)")
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(result.stdout == "next\n")
        #expect(result.status == 1, "a failed dot-command fails the script, as in sqlite3")
        #expect(try PlumeProcess.sqlite3([path, ".dump"]).stdout == before)
    }

    @Test func anInMemoryDatabaseCannotBeWatched() throws {
        let result = try PlumeProcess.plume(["repl"], stdin: ".watch SELECT 1 AS id\nSELECT 'next';\n")
        #expect(result.stderr == "Error: .watch follows a database file, not an in-memory database; use .open FILE first\n")
        #expect(result.stdout == "next\n")
        #expect(result.status == 1)
    }

    @Test func helpAndCompletionKnowWatch() throws {
        let result = try PlumeProcess.plume(["repl"], stdin: ".help\n.help watch\n")
        #expect(result.stdout.contains(".watch ?OPTIONS? QUERY   Show a query's rows live until q or Ctrl-C\n"))
        #expect(result.stdout.contains("returns at once, so that scripts end."))
        let commands = Shell.dotCommands(adding: ShellHost.plume.dotCommands)
        #expect(SQLCompletion.candidates(for: ".wa", isCommand: true, commands: commands) == [".watch"])
        #expect(SQLCompletion.candidates(for: ".w", isCommand: true, commands: commands) == [".watch", ".width"])
    }

    @Test func aTerminalShowsTheLiveTableUntilQThenThePrompt() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(in: directory)
        let insert = ["/usr/bin/sqlite3", "-cmd", ".timeout 10000", path,
                      "INSERT INTO photo (album, name, rating) VALUES ('Porto', 'Ribeira 河', 9);"]
        let result = try REPLTerminalTests.session(database: path, home: directory.url.path, steps: [
            ("plume> ", ".watch --section album SELECT * FROM photo ORDER BY album, rating DESC\r"),
            ("▸ Porto (2)", ""),
            ("\u{1B}[1;32m+ 5", "q"),
            ("\u{1B}[?1049l", ""),
            ("plume> ", "SELECT 'back';\r"),
            ("back\r\n", ".watch SELECT id, name FROM photo ORDER BY id\r"),
            ("Ribeira 河", "\u{3}"),
            ("\u{1B}[?1049l", ""),
            ("plume> ", "SELECT 'again';\r"),
            ("again\r\n", ".quit\r"),
        ], commands: [1: insert], size: (rows: 12, columns: 100))
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("\u{1B}[?1049h"), "the alternate screen")
        #expect(result.stdout.contains("▸ Lisbon (2)"))
        #expect(result.stdout.contains("▸ Porto (3)"))
        #expect(result.stdout.components(separatedBy: "\u{1B}[?25h\u{1B}[?1049l").count == 3,
                "the terminal is restored after q and after Ctrl-C")
    }
}
