import Foundation
import PlumeTestSupport
import Testing

/// Issue 33, class 4, through the built `plume`: `plume query` does not
/// trust a database's schema, is defensive and loads no extension; the
/// shell keeps `sqlite3`'s behaviour but never lets a view or trigger run
/// `edit()`; `-safe` refuses `fsdir`, `.trace FILE` and `.testcase`; `.dump`
/// leaves out text smuggled after a stored statement.
@Suite struct UntrustedSchemaCLITests {
    private func database(_ directory: borrowing TemporaryDirectory, _ sql: String) throws -> String {
        let path = directory.path("db.sqlite")
        let result = try PlumeProcess.sqlite3([path], stdin: sql)
        #expect(result.status == 0, "\(result.stderr)")
        return path
    }

    @Test func queryDoesNotTrustTheSchema() throws {
        let directory = try TemporaryDirectory()
        // lsmode() is the shell's, registered without SQLITE_INNOCUOUS, as
        // sqlite3 registers it.
        let path = try database(directory, "CREATE VIEW v AS SELECT lsmode(16877) AS x;")
        let query = try PlumeProcess.plume(["query", path, "SELECT x FROM v"])
        #expect(query.status != 0)
        #expect(query.stderr.contains("unsafe use of lsmode()"), "\(query.stderr)")
        // The shell trusts it, as sqlite3 does.
        let shell = try PlumeProcess.plume([path, "SELECT x FROM v"])
        #expect(shell.stdout == "drwxr-xr-x\n", "\(shell.stderr)")
        #expect(try PlumeProcess.sqlite3([path, "SELECT x FROM v"]).stdout == "drwxr-xr-x\n")
    }

    @Test func watchDoesNotTrustTheSchema() throws {
        let directory = try TemporaryDirectory()
        let path = try database(directory, "CREATE TABLE t(id INTEGER PRIMARY KEY); CREATE VIEW v AS SELECT id, lsmode(16877) AS x FROM t;")
        let watch = try PlumeProcess.plume(["watch", path, "SELECT id, x FROM v ORDER BY id", "--format", "jsonl"],
                                           timeout: .seconds(30))
        #expect(watch.status != 0)
        #expect(watch.stderr.contains("unsafe use of lsmode()"), "\(watch.stderr)")
    }

    @Test func queryLoadsNoExtensionAndIsDefensive() throws {
        let directory = try TemporaryDirectory()
        let path = try database(directory, "CREATE TABLE t(a);")
        let load = try PlumeProcess.plume(["query", path, "SELECT load_extension('/nonexistent/plume-extension')"])
        #expect(load.status != 0)
        #expect(load.stderr.contains("not authorized"), "\(load.stderr)")
        _ = try PlumeProcess.plume(["query", path, "PRAGMA writable_schema = ON"])
        let write = try PlumeProcess.plume(["query", path,
                                            "UPDATE sqlite_schema SET sql = 'CREATE TABLE t(a, b)' WHERE name = 't'"])
        #expect(write.status != 0, "\(write.stdout)")
        #expect(try PlumeProcess.sqlite3([path, "SELECT sql FROM sqlite_schema"]).stdout == "CREATE TABLE t(a)\n")
    }

    @Test func aViewOrTriggerCannotRunEdit() throws {
        let directory = try TemporaryDirectory()
        let marker = directory.path("edited")
        let path = try database(directory, """
            CREATE VIEW v AS SELECT edit('x', 'touch \(marker); true') AS x;
            CREATE TABLE t(a);
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT edit('x', 'touch \(marker); true'); END;
            """)
        let view = try PlumeProcess.plume([path, "SELECT x FROM v"])
        #expect(view.stderr.contains("unsafe use of edit()"), "\(view.stderr)")
        let trigger = try PlumeProcess.plume([path, "INSERT INTO t VALUES (1)"])
        #expect(trigger.stderr.contains("unsafe use of edit()"), "\(trigger.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "no program ran")
    }

    @Test(arguments: [
        ("SELECT count(*) FROM fsdir('.');", "cannot use the fsdir table in safe mode", nil),
        (".trace trace-out.txt\nSELECT 1;", "cannot run .trace FILE in safe mode", "trace-out.txt"),
        (".testcase one\nSELECT 1;", "cannot run .testcase in safe mode", "testcase-out.txt"),
    ] as [(String, String, String?)])
    func safeModeRefusesReadsAndWritesOfFiles(script: String, message: String, file: String?) throws {
        let directory = try TemporaryDirectory()
        let result = try PlumeProcess.plume(["-safe", ":memory:"], stdin: script + "\n", currentDirectory: directory.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        if let file { #expect(!FileManager.default.fileExists(atPath: directory.path(file))) }
        // Outside safe mode, they run.
        #expect(try PlumeProcess.plume([":memory:"], stdin: script + "\n", currentDirectory: directory.url).status == 0)
    }

    @Test func dumpLeavesOutTextAfterAStoredStatement() throws {
        let directory = try TemporaryDirectory()
        let path = try database(directory, """
            CREATE TABLE t(a); INSERT INTO t VALUES (1);
            CREATE VIEW v AS SELECT a FROM t;
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;
            CREATE TABLE clean(b);
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = sql || ';' || char(10) || '.shell touch pwned-' || name WHERE name IN ('t', 'v', 'tr');
            """)
        let result = try PlumeProcess.plume([path, ".dump"], currentDirectory: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains(".shell"), "\(result.stdout)")
        #expect(result.stdout.contains("CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\n"), "\(result.stdout)")
        #expect(result.stdout.contains("CREATE VIEW v AS SELECT a FROM t;\n"))
        #expect(result.stdout.contains("CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;\n"))
        #expect(result.stderr.contains("holds text after its statement"), "\(result.stderr)")
        // The dump reads back, and replayed by sqlite3 runs nothing else.
        let copy = directory.path("copy.sqlite")
        let replay = try PlumeProcess.run(URL(fileURLWithPath: "/usr/bin/sqlite3"), [copy], stdin: result.stdout,
                                          currentDirectory: directory.url)
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("pwned-t")))
        #expect(try PlumeProcess.sqlite3([copy, "SELECT count(*) FROM sqlite_schema"]).stdout == "4\n")
    }

    @Test func aCleanDumpIsSQLite3s() throws {
        let directory = try TemporaryDirectory()
        let path = try database(directory, """
            CREATE TABLE t(a); INSERT INTO t VALUES (1);
            CREATE VIEW v AS SELECT a FROM t; -- a comment
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;
            """)
        let plume = try PlumeProcess.plume([path, ".dump"])
        let sqlite = try PlumeProcess.sqlite3([path, ".dump"])
        #expect(plume.stdout == sqlite.stdout)
        #expect(plume.stderr.isEmpty)
    }
}
