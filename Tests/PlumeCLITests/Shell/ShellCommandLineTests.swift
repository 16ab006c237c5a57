import Foundation
import PlumeCLI
import PlumeTestSupport
import Testing

/// `plume [OPTIONS] FILENAME [SQL...]` against `sqlite3` 3.40.1: the same
/// arguments and standard input print the same standard output and
/// standard error, byte for byte (the program's own name aside), exit with
/// the same status and leave the same files.
@Suite struct ShellCommandLineTests {
    @Test(arguments: ShellCommandLineCases.all)
    func matchesSQLite3(_ testCase: CommandLineComparison.Case) throws {
        let outcome = try CommandLineComparison.run(testCase)
        #expect(outcome.plume.stdout == outcome.sqlite.stdout)
        #expect(outcome.plume.stderr == outcome.sqlite.stderr)
        #expect(outcome.plume.status == outcome.sqlite.status)
        #expect(outcome.plume.files == outcome.sqlite.files)
    }

    /// `~/.sqliterc` runs before everything else. `sqlite3` 3.40.1 finds
    /// the home directory in the password database, not in `$HOME`, so it
    /// is given the same file with `-init`; `plume` is given `HOME`.
    @Test(arguments: [
        (["test.db", "SELECT a, b FROM t"], ""),
        (["-csv", "test.db", "SELECT a, b FROM t"], ""),
        (["test.db"], "SELECT a, b FROM t;\n"),
        (["-bail", "test.db", "SELECT 1"], ""),
    ])
    func sqlitercRunsFirst(arguments: [String], stdin: String) throws {
        let sqliterc = ".mode line\n.print from-sqliterc\nSELEC;\n"
        let plume = try CommandLineComparison.run(.init(name: "~/.sqliterc", arguments: arguments, stdin: stdin),
                                                  plumeHome: [".sqliterc": sqliterc]).plume
        let sqlite = try CommandLineComparison.run(.init(name: "-init", arguments: ["-init", "../home/.sqliterc"] + arguments,
                                                         stdin: stdin),
                                                   plumeHome: [".sqliterc": sqliterc]).sqlite
        #expect(plume == sqlite)
        #expect(plume.stdout.hasPrefix("from-sqliterc\n"))
    }

    @Test func initReplacesSqliterc() throws {
        let outcome = try CommandLineComparison.run(.init(name: "-init", arguments: ["-init", "init.sql", "test.db", "SELECT 1"],
                                                          files: ["init.sql": ".print from-init\n"]),
                                                    plumeHome: [".sqliterc": ".print from-sqliterc\n"])
        #expect(outcome.plume.stdout == "from-init\n1\n")
        #expect(outcome.plume == outcome.sqlite)
    }

    /// `-memtrace` reports SQLite's allocations on standard error; Plume
    /// allocates differently, so only the form of the lines is compared.
    @Test func memtraceReportsAllocations() throws {
        let outcome = try CommandLineComparison.run(.init(name: "-memtrace", arguments: ["-memtrace", "-bogus", "test.db", "SELECT 1"],
                                                          masksNumbers: true))
        #expect(outcome.plume.stdout == "N\n")
        #expect(outcome.plume.stdout == outcome.sqlite.stdout)
        #expect(outcome.plume.status == 0)
        let kinds = { (stderr: String) in Set(stderr.split(separator: "\n").map(String.init)) }
        #expect(kinds(outcome.plume.stderr).isSubset(of: ["MEMTRACE: allocate N bytes", "MEMTRACE: free N bytes",
                                                         "MEMTRACE: resize N -> N bytes"]))
        #expect(kinds(outcome.plume.stderr).contains("MEMTRACE: allocate N bytes"))
    }

    /// `-A`, `-append` and `-zip` need `.archive`, the `apndvfs` VFS and
    /// the `zipfile` module, which `sqlite3` builds in and the SQLite
    /// library has not: Plume says what it cannot do where `sqlite3` acts.
    @Test func archiveOptionsNeedSQLite3sBuiltIns() throws {
        let archive = try CommandLineComparison.run(.init(name: "-A", arguments: ["-Atf", "test.zip"], setup: nil)).plume
        #expect(archive.stderr == "Error: -Atf is not supported: plume has no .archive command\n")
        #expect(archive.status == 1)
        let append = try CommandLineComparison.run(.init(name: "-append", arguments: ["-append", "test.db", "SELECT 1"])).plume
        #expect(append.stderr == "Error: unable to open database \"test.db\": no such vfs: apndvfs\n")
        #expect(append.status == 1)
        let zip = try CommandLineComparison.run(.init(name: "-zip", arguments: ["-zip", "test.zip", "SELECT * FROM zip"], setup: nil)).plume
        #expect(zip.stderr.hasPrefix("Error: in prepare, no such table: zip"))
        #expect(zip.status == 1)
    }

    @Test func createIsANoOp() throws {
        let outcome = try CommandLineComparison.run(.init(name: "--create", arguments: ["--create", "new.db", "CREATE TABLE x(y)", ".tables"],
                                                          setup: nil))
        #expect(outcome.plume.stdout == "x\n")
        #expect(outcome.plume.status == 0)
        #expect(outcome.plume.files == ["new.db 8192"])
    }

    /// A database named like a subcommand is reached with `--` or `repl`.
    @Test func databaseNamedLikeASubcommand() throws {
        let directory = try TemporaryDirectory()
        for arguments in [["--", "query", "CREATE TABLE x(y)", ".tables"], ["repl", "query", ".tables"]] {
            let result = try PlumeProcess.plume(arguments, currentDirectory: directory.url)
            #expect(result.stdout == "x\n", "\(arguments)")
            #expect(result.status == 0)
        }
        #expect(FileManager.default.fileExists(atPath: directory.path("query")))
    }

    /// plume's own parser keeps `--help`, `-h`, `help` and `--version`
    /// as the first argument, and the subcommands.
    @Test func plumesOwnHelpAndVersion() throws {
        for arguments in [["--help"], ["-h"], ["help"], ["repl", "--help"], ["query", "--help"]] {
            let result = try PlumeProcess.plume(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.hasPrefix("OVERVIEW: "), "\(arguments)")
        }
        let version = try PlumeProcess.plume(["--version"])
        #expect(version.stdout == PlumeVersion.current + "\n")
        let sqliteVersion = try PlumeProcess.plume(["-version"])
        #expect(sqliteVersion.stdout == (try PlumeProcess.sqlite3(["-version"])).stdout)
    }
}
