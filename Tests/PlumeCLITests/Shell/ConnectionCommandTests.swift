import Foundation
import PlumeTestSupport
import Testing

/// `.databases`, `.timeout`, `.stats`, `.fullschema` and `.prompt` behave
/// as in `sqlite3` 3.40.1.
@Suite struct ConnectionCommandTests {
    typealias Case = ScriptComparison.Case

    static let cases: [Case] = [
        .init("databases: attached, temp, transactions", setup: "CREATE TABLE t(a);", """
        .databases
        ATTACH ':memory:' AS aux1;
        ATTACH 'other.db' AS "we ird";
        .databases
        BEGIN;
        SELECT * FROM t;
        .databases
        INSERT INTO t VALUES (1);
        .databases
        COMMIT;
        CREATE TEMP TABLE tt(x);
        .databases
        .da
        .databases extra arguments
        """),
        .init("databases: read-only", setup: "CREATE TABLE t(a);", arguments: ["-readonly", "test.db"], ".databases\n"),
        .init("databases: in memory", arguments: [], ".databases\n"),
        .init("timeout", """
        .timeout 250
        PRAGMA busy_timeout;
        .timeout
        PRAGMA busy_timeout;
        .timeout abc
        PRAGMA busy_timeout;
        .timeout 0x10 extra
        PRAGMA busy_timeout;
        .timeo 5
        PRAGMA busy_timeout;
        .timeout -7
        PRAGMA busy_timeout;
        .time 5
        .tim 5
        PRAGMA busy_timeout;
        """),
        .init("stats off, on, stmt, vmstep, numbers", setup: "CREATE TABLE t(a INT, b); INSERT INTO t VALUES (1, 2);",
              masks: [.numbers], """
        .show
        .stats on
        .show
        SELECT * FROM t;
        .stats stmt
        .show
        SELECT a, b AS x, 1 FROM t;
        .stats vmstep
        .show
        SELECT * FROM t;
        .stats
        .stats 2
        .show
        .stats
        .stats 4
        .show
        .stats 259
        .show
        .stats bogus
        .show
        .stats off
        SELECT 1;
        .stats on off
        .st
        """),
        .init("fullschema", setup: "CREATE TABLE t(a); CREATE TABLE \"s p\"(x, y DEFAULT 'a''b');", """
        .fullschema
        CREATE INDEX ti ON t(a);
        CREATE VIEW v AS SELECT * FROM t;
        CREATE TEMP TABLE tt(z);
        INSERT INTO t VALUES (1), (2), (1);
        .fullschema --indent
        ANALYZE;
        .fullschema
        .fullschema -indent
        .fu
        """),
        .init("fullschema with sqlite_stat4 only", setup: """
        CREATE TABLE t(a); PRAGMA writable_schema = ON; CREATE TABLE sqlite_stat4(tbl, idx, neq, nlt, ndlt, sample);
        INSERT INTO sqlite_stat4 VALUES ('t', 'ti', '1', '0', '0', X'0201');
        """, ".fullschema\n.headers on\n.mode box\n.fullschema\n"),
        .init("fullschema errors", ".fullschema --indent x\n.fullschema x\n.fullschema --nosys\n"),
        .init("fullschema with sqlite_stat4 rows", setup: """
        CREATE TABLE t(a); CREATE INDEX ti ON t(a); INSERT INTO t VALUES (1), (2);
        ANALYZE; PRAGMA writable_schema = ON; CREATE TABLE sqlite_stat4(tbl, idx, neq, nlt, ndlt, sample);
        INSERT INTO sqlite_stat4 VALUES ('t', 'ti', '1', '0', '0', X'0201');
        """, ".fullschema\n"),
        .init("prompt is silent without a terminal", ".prompt a b\n.prompt\n.prompt x y z\n.p\nSELECT 1;\n"),
    ]

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: Case) throws {
        let (plume, sqlite) = try ScriptComparison.run(testCase)
        #expect(plume == sqlite)
    }

    /// On a terminal the prompts change; each keeps 19 bytes.
    @Test func promptChangesTheTerminalPrompts() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("p.sqlite")
        let result = try REPLTerminalTests.session(database: path, home: directory.url.path, steps: [
            ("plume> ", ".prompt 'db> ' '.. '\r"),
            ("db> ", "SELECT\r"),
            (".. ", "1;\r"),
            ("db> ", ".prompt 12345678901234567890123\r"),
            ("1234567890123456789", "SELECT\r"),
            (".. ", "2;\r"),
            ("2\r\n", ".quit\r"),
        ])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("db> SELECT\r\n.. 1;\r\n1\r\n"), "\(result.stdout)")
        #expect(result.stdout.contains("\r\n1234567890123456789SELECT\r\n"), "\(result.stdout)")
    }
}
