import Testing

/// `.eqp` and `.explain` print query plans and bytecode listings as
/// `sqlite3` 3.40.1 does.
@Suite struct QueryPlanCommandTests {
    typealias Case = ScriptComparison.Case

    static let schema = """
    CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT);
    CREATE INDEX tb ON t(b);
    CREATE TABLE u(x, y);
    INSERT INTO t VALUES (1, 'x'), (2, 'y');
    INSERT INTO u VALUES (1, 'ü'), (2, NULL);
    """

    static let cases: [Case] = [
        .init("eqp on: plans before rows", setup: schema, """
        .eqp on
        SELECT * FROM t WHERE b = 'x';
        SELECT * FROM t WHERE a IN (SELECT x FROM u WHERE y > 'a') ORDER BY b;
        SELECT 1 UNION SELECT 2;
        SELECT a FROM t UNION ALL SELECT x FROM u ORDER BY 1;
        WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT * FROM c;
        SELECT (SELECT max(x) FROM u), * FROM t;
        CREATE TABLE v(z);
        INSERT INTO v SELECT b FROM t;
        UPDATE v SET z = 1;
        SELECT 1;
        """),
        .init("eqp full: plan and bytecode", setup: schema, ".eqp full\nSELECT * FROM t WHERE a = 1;\nSELECT count(*) FROM u;\n"),
        .init("eqp trigger: trigger plans", setup: schema, """
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE u SET y = 'z' WHERE x = new.a; END;
        .eqp trigger
        INSERT INTO t VALUES (3, 'q');
        .eqp on
        INSERT INTO t VALUES (4, 'r');
        """),
        .init("eqp skips EXPLAIN statements", setup: schema, ".eqp on\nEXPLAIN QUERY PLAN SELECT * FROM t;\nEXPLAIN SELECT 1;\n"),
        .init("eqp with a statement that fails", setup: schema, ".eqp on\nSELECT * FROM nope;\nSELECT 1;\n"),
        .init("eqp in other modes", setup: schema, ".eqp on\n.mode box\nSELECT * FROM t;\n.mode json\nSELECT * FROM u;\n"),
        .init("eqp values and errors", """
        .eqp
        .eqp on off
        .eqp 5
        .show
        .eqp 2
        .show
        .eqp 256
        .show
        .eqp yes
        .show
        .eqp trace
        .show
        .eqp test
        .eqp FULL
        .show
        .eq full
        .show
        """),
        .init("-eqp and -eqpfull on the command line", setup: schema, arguments: ["-eqp", "test.db", "SELECT * FROM t WHERE a = 2"], ""),
        .init("-eqpfull", setup: schema, arguments: ["-eqpfull", "test.db"], "SELECT * FROM t;\n"),
        .init("explain auto: listings and plans", setup: schema, """
        EXPLAIN SELECT * FROM t ORDER BY b;
        EXPLAIN QUERY PLAN SELECT * FROM t ORDER BY b;
        explain select count(*) from u;
        EXPLAIN SELECT * FROM t WHERE a IN (SELECT x FROM u);
        EXPLAIN UPDATE u SET y = 1 WHERE x > 1;
        EXPLAIN SELECT * FROM t WHERE 0;
        """),
        .init("a comment before EXPLAIN: the mode's layout", setup: schema, "/* c */ EXPLAIN SELECT 1;\n  \n\tEXPLAIN SELECT 2;\n"),
        .init("explain off: results in the mode", setup: schema, """
        .explain off
        EXPLAIN SELECT 1;
        EXPLAIN QUERY PLAN SELECT * FROM t;
        .mode box
        EXPLAIN QUERY PLAN SELECT * FROM t;
        .show
        """),
        .init("explain on: every result in explain layout", setup: schema, """
        .explain on
        SELECT * FROM t;
        SELECT 1 AS averyveryverylongname, 'ü' AS b, NULL, 4, 5, 6, 7, 8, 9, 10;
        SELECT * FROM u;
        EXPLAIN SELECT * FROM t;
        EXPLAIN QUERY PLAN SELECT * FROM t;
        SELECT 'a' WHERE 0;
        .nullvalue NULL
        SELECT NULL, 'abcdefghijklmnopqrstuvwxyz', NULL;
        .show
        .mode
        """),
        .init("explain on then off returns to the mode", """
        .mode csv
        .explain on
        .show
        .explain off
        .show
        .explain on
        .mode box
        .explain off
        .show
        """),
        .init("explain values", """
        .explain
        .show
        .explain auto
        .show
        .explain 2
        .show
        .explain 99
        .show
        .explain no
        .show
        .explain bogus
        .show
        .explain on
        .explain on
        .explain auto
        .show
        .exp off
        .show
        """),
        .init("explain on with eqp full", setup: schema, ".explain on\n.eqp full\nSELECT * FROM t;\n"),
        // sqlite3 counts the listing's rows as the statement's: no header,
        // json without its opening bracket, line mode's blank line first.
        .init("eqp full counts the listing's rows", setup: schema, """
        .eqp full
        .headers on
        SELECT * FROM t;
        .mode json
        SELECT * FROM t;
        .mode line
        SELECT * FROM t;
        .mode csv
        SELECT * FROM t;
        .mode box
        SELECT * FROM t;
        .mode count
        SELECT * FROM t;
        """),
    ]

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: Case) throws {
        let (plume, sqlite) = try ScriptComparison.run(testCase)
        #expect(plume == sqlite)
    }
}
