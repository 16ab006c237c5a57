import Testing

/// `.trace` shows statements as they run, where and as `sqlite3` 3.40.1
/// shows them (its quirks included).
@Suite struct TraceCommandTests {
    typealias Case = ScriptComparison.Case

    static let cases: [Case] = [
        .init("to stdout, trailing semicolons dropped", setup: "CREATE TABLE t(a, b);", """
        .trace stdout
        INSERT INTO t VALUES (1, 'x');;;
        SELECT * FROM t;
        SELECT 'a;'   ;
        SELECT 1; SELECT 2;
        .trace off
        SELECT 3;
        """),
        .init("parameters: plain, then expanded", """
        .trace stdout
        .parameter set :p 5
        SELECT :p, ?2;
        .trace --expanded stdout
        SELECT :p, 'it''s', ?2;
        .trace --plain
        SELECT :p;
        """),
        .init("rows", setup: "CREATE TABLE t(a); INSERT INTO t VALUES (1), (2);",
              ".trace --row stdout\nSELECT * FROM t;\n.trace --row --stmt stdout\nSELECT * FROM t;\n"),
        .init("triggers", setup: "CREATE TABLE t(a); CREATE TABLE log(x);", """
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a); END;
        .trace stdout
        INSERT INTO t VALUES (1);
        """),
        .init("profile times", masks: [.numbers], ".trace --profile stdout\nSELECT 1;\nSELECT 2;\n"),
        .init("to stderr and to a file", """
        .trace stderr
        SELECT 1;
        .trace trace.txt
        SELECT 2;
        .trace other.txt
        SELECT 3;
        .trace off
        SELECT 4;
        """),
        .init("the first argument names the file", ".trace --stmt out.txt\nSELECT 1;\n.trace off\n"),
        .init("a file that cannot be opened turns tracing off", ".trace stdout\n.trace /nonexistent/x\nSELECT 1;\n"),
        .init("unknown options", ".trace --bogus\n.trace -normalized\n.trace --stmt --nope stdout\nSELECT 1;\n"),
        .init("options alone keep the destination", ".trace stdout\n.trace --row\nSELECT 1;\n.trace\nSELECT 2;\n"),
        .init("no destination: nothing", ".trace --stmt\nSELECT 1;\n.trace\nSELECT 2;\n"),
        .init("closing the connection", ".trace --close --stmt stdout\nSELECT 1;\n"),
        .init("closing at .open", ".trace --close stdout\n.open --new other.db\nSELECT 1;\n"),
        .init("beside .output", """
        .trace stdout
        .output o.txt
        SELECT 1;
        .output
        SELECT 2;
        .once o2.txt
        SELECT 3;
        """),
        .init("dot-commands' own statements", setup: "CREATE TABLE t(a);", """
        .trace stdout
        .tables
        .databases
        .parameter init
        .parameter list
        .indexes
        """),
        .init("import statements", files: ["d.csv": "a,b\n1,2\n"], ".trace stdout\n.import --csv d.csv t\n"),
        .init("abbreviation", ".t stdout\nSELECT 1;\n.tr off\nSELECT 2;\n"),
    ]

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: Case) throws {
        let (plume, sqlite) = try ScriptComparison.run(testCase)
        #expect(plume == sqlite)
    }
}
