import Testing

/// `.import` reads files and command output into tables, and reports
/// errors, as `sqlite3` 3.40.1 does.
@Suite struct ImportCommandTests {
    typealias Case = ScriptComparison.Case

    static let people = "name,age\nAda,36\n\"Lovelace, Ada\",37\n"
    static let show = "\n.mode list\n.headers on\n.nullvalue NULL\nSELECT * FROM t;\n"

    static let cases: [Case] = [
        .init("CSV mode creates the table from the header", files: ["p.csv": people],
              ".mode csv\n.import p.csv t\n.schema t\n" + show),
        .init("an existing table takes the header as a row", setup: "CREATE TABLE t(a, b);", files: ["p.csv": people],
              ".mode csv\n.import p.csv t" + show),
        .init("list mode reads |-separated text", files: ["p.txt": "a|b\n1|2\n\"x|y\"|3\n"], ".import p.txt t" + show),
        .init("tabs mode", files: ["p.tsv": "a\tb\n1\t2\n"], ".mode tabs\n.import p.tsv t" + show),
        .init("a custom separator", files: ["p.txt": "a;b\n1;2\n"], ".separator ;\n.import p.txt t" + show),
        .init("--csv whatever the mode", files: ["p.csv": people], ".mode box\n.import --csv p.csv t" + show),
        .init("-csv and ---csv", files: ["p.csv": people], ".import -csv p.csv t\n.import ---csv p.csv u\n"),
        .init("too few and too many fields", files: ["r.csv": "a,b,c\n1\n1,2\n1,2,3\n1,2,3,4\n1,2,3,4,5,6\n"],
              ".import --csv r.csv t" + show),
        .init("too few fields at the end without a newline", files: ["r.csv": "a,b,c\n1,2"], ".import --csv r.csv t" + show),
        .init("a trailing separator at the end of input", files: ["r.csv": "a,b,c\n1,2,"], ".import --csv r.csv t" + show),
        .init("quoted fields: separators, newlines, doubled quotes", files: ["q.csv": #"""
        a,b
        "x,y","line one
        line two"
        "say ""hi""",""
        "",plain
        bad,"ends
        """#], ".import --csv q.csv t" + show),
        .init("line numbers count lines inside quotes", files: ["q.csv": "a,b\n\"1\n2\n3\",x\nshort\n\"4\",y,extra\n"],
              ".import --csv q.csv t" + show),
        .init("unescaped and unterminated quotes", files: ["q.csv": "a,b\n\"x\"y,1\n\"p\"\"q\"r\"s,2\n\"open,3\n"],
              ".import --csv q.csv t" + show),
        .init("a quote inside an unquoted field is kept", files: ["q.csv": "a,b\nx\"y,1\n"], ".import --csv q.csv t" + show),
        .init("CRLF line endings", files: ["c.csv": "a,b\r\n1,2\r\n\"3\",\"4\"\r\n\"5\r\n6\",7\r\n"], ".import --csv c.csv t" + show),
        .init("CSV mode's row separator \\r\\n becomes \\n for good", files: ["c.csv": "a,b\n1,2\n"],
              ".mode csv\n.show\n.import c.csv t\n.show\n"),
        .init("multi-character and empty separators", files: ["p.csv": people], """
        .separator ,,
        .import p.csv t
        .separator , ab
        .import p.csv t
        .separator ""
        .import p.csv t
        .separator , ""
        .import p.csv t
        .separator "\\000"
        .import p.csv t
        """),
        .init("ASCII mode and --ascii", files: ["a.txt": "a\u{1F}b\u{1E}1\u{1F}2\u{1E}\"q\"\u{1F}x,y\u{1E}"],
              ".mode ascii\n.import a.txt t\n.mode list\n.import --ascii a.txt u\nSELECT * FROM t;\nSELECT * FROM u;\n"),
        .init("ASCII mode stops at an empty first field", files: ["a.txt": "a\u{1F}b\u{1E}1\u{1F}2\u{1E}\u{1E}3\u{1F}4\u{1E}"],
              ".mode ascii\n.import a.txt t\n.mode list\nSELECT * FROM t;\n"),
        .init("--ascii in list mode does not stop at an empty field", files: ["a.txt": "a\u{1F}b\u{1E}1\u{1F}2\u{1E}\u{1E}3\u{1F}4\u{1E}"],
              ".import --ascii a.txt t" + show),
        .init("--skip", files: ["s.csv": "junk\nmore junk\na,b\n1,2\n"], ".import --csv --skip 2 s.csv t" + show),
        .init("--skip past the end, negative, not a number", files: ["s.csv": "a,b\n1,2\n"], """
        .import --csv --skip 5 s.csv t
        .import --csv --skip -3 s.csv u
        .import --csv --skip x s.csv v
        .import --csv -skip 0x1 s.csv w
        .tables
        """),
        .init("--skip counts rows, not lines", files: ["s.csv": "\"a\nb\",c\nx,y\n1,2\n"], ".import --csv --skip 1 s.csv t" + show),
        .init("--schema", files: ["p.csv": people], """
        .import --csv --schema temp p.csv t
        .import --csv --schema main p.csv t
        .import --csv --schema nope p.csv t
        SELECT 'temp', * FROM temp.t;
        SELECT 'main', * FROM main.t;
        """),
        .init("-v and -v -v", files: ["p.csv": people], """
        .import -v p.csv t
        .import -v --csv p.csv u
        .import -v -v --csv p.csv w
        .mode ascii
        .import -v p.csv x
        .import -v -v p.csv y
        """),
        .init("a file that is not there", ".import nope.csv t\n.import --csv nope.csv t\n"),
        .init("a directory", ".import . t\n"),
        .init("an empty file", files: ["e.csv": ""], ".import --csv e.csv t\n.tables\n"),
        .init("an empty file into an existing table", setup: "CREATE TABLE t(a);", files: ["e.csv": ""],
              ".import --csv e.csv t\nSELECT count(*) FROM t;\n"),
        .init("a file of one newline", files: ["n.csv": "\n"], ".import --csv n.csv t\n.schema t\n"),
        .init("a header only", files: ["h.csv": "a,b,c\n"], ".import --csv h.csv t\n.schema t\nSELECT count(*) FROM t;\n"),
        .init("blank lines are rows of one empty field", files: ["b.csv": "a,b\n\n1,2\n\n"], ".import --csv b.csv t" + show),
        .init("a byte-order mark is skipped", bytes: ["b.csv": [0xEF, 0xBB, 0xBF] + Array("a,b\n1,2\n".utf8)],
              ".import --csv b.csv t\n.schema t\n" + show),
        .init("a byte-order mark before a quoted header", bytes: ["b.csv": [0xEF, 0xBB, 0xBF] + Array("\"a\",b\n1,2\n".utf8)],
              ".import --csv b.csv t\n.schema t\n"),
        .init("a byte-order mark into an existing table", setup: "CREATE TABLE t(a, b);",
              bytes: ["b.csv": [0xEF, 0xBB, 0xBF] + Array("x,y\n".utf8)], ".import --csv b.csv t\nSELECT hex(a), b FROM t;\n"),
        .init("a broken byte-order mark is kept", bytes: ["b.csv": [0xEF, 0xBB, 0x41] + Array(",b\n1,2\n".utf8)],
              ".import --csv b.csv t\nSELECT hex(name) FROM pragma_table_info('t');\n"),
        .init("a byte-order mark later in the file is kept", setup: "CREATE TABLE t(a, b);",
              bytes: ["b.csv": Array("x,y\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("z,w\n".utf8)],
              ".import --csv b.csv t\nSELECT hex(a), b FROM t;\n"),
        .init("ASCII mode keeps a byte-order mark", bytes: ["b.txt": [0xEF, 0xBB, 0xBF] + Array("a\u{1F}b\u{1E}".utf8)],
              ".import --ascii b.txt t\nSELECT hex(name) FROM pragma_table_info('t');\n"),
        .init("NUL bytes end a field's text", setup: "CREATE TABLE t(a, b);",
              bytes: ["z.csv": Array("ab".utf8) + [0] + Array("cd,e\n".utf8)], ".import --csv z.csv t\nSELECT a, length(a), b FROM t;\n"),
        .init("invalid UTF-8 is kept byte for byte", bytes: ["u.csv": [0xFF, 0x41, 0x2C, 0x62, 0x0A, 0xC3, 0x28, 0x2C, 0x80, 0x0A]],
              ".import --csv u.csv t\nSELECT hex(name) FROM pragma_table_info('t');\nSELECT hex(\"\u{FFFD}A\") FROM t;\nSELECT hex(b) FROM t;\n"),
        .init("a command's output", ".import --csv '|printf \"a,b\\\\n1,2\\\\n3\\\\n\"' t" + show),
        .init("a command that prints nothing", ".import --csv '|true' t\n"),
        .init("a command that fails", ".import --csv '|no_such_command_here' t\n"),
        .init("duplicate column names are renamed", files: ["d.csv": "a,A,b,,,c\n1,2,3,4,5,6\n"],
              ".import --csv d.csv t\n.schema t\n"),
        .init("ten or more columns: padding only for the check", files: ["d.csv": "a,A,b,,,a_1,c,d,e,f\n1,2,3,4,5,6,7,8,9,10\n"],
              ".import --csv d.csv t\n.tables\n"),
        .init("a renamed column clashing with another", files: ["d.csv": "a,a,a_1\n1,2,3\n"], ".import --csv d.csv t\n.schema t\n"),
        .init("eleven equal names", files: ["d.csv": String(repeating: "x,", count: 10) + "x\n"], ".import --csv d.csv t\n.schema t\n"),
        .init("names needing quotes", files: ["d.csv": "\"a\"\"b\",select,\"c d\",1\n1,2,3,4\n"],
              ".import --csv d.csv t\n.schema t\n" + show),
        .init("missing arguments", ".import\n.import f.csv\n.import -v\n"),
        .init("extra argument and unknown options", ".import a b c\n.import -x a b\n.import --foo a b\n.import - a b\n"),
        .init("an option missing its value is unknown", ".import a b --skip\n.import a b --schema\n"),
        .init("an abbreviation", files: ["p.csv": people], ".i --csv p.csv t\n.im --csv p.csv t\nSELECT count(*) FROM t;\n"),
        .init("INSERT failures name their lines", setup: "CREATE TABLE t(a UNIQUE, b NOT NULL);",
              files: ["f.csv": "1,x\n1,y\n2,\n3\n4,z\n"], ".import --csv f.csv t" + show),
        .init("a failure on the last row fails the command", setup: "CREATE TABLE t(a UNIQUE);",
              files: ["f.csv": "1\n1\n"], ".import --csv f.csv t\nSELECT count(*) FROM t;\n"),
        .init("-bail stops after a failed import", setup: "CREATE TABLE t(a UNIQUE);",
              files: ["f.csv": "1\n1\n"], arguments: ["-bail", "test.db"], ".import --csv f.csv t\nSELECT 'not reached';\n"),
        .init("inside a transaction", files: ["p.csv": people], "BEGIN;\n.import --csv p.csv t\nROLLBACK;\n.tables\n"),
        .init("into a view", setup: "CREATE VIEW v AS SELECT 1 AS a;", files: ["p.csv": "1\n"], ".import --csv p.csv v\n"),
        .init("a table name with quotes", files: ["p.csv": people], ".import --csv p.csv 'my \"table\"'\n.tables\n"),
        .init("into a read-only database", setup: "CREATE TABLE t(a);",
              files: ["p.csv": "1\n"], arguments: ["-readonly", "test.db"], ".import --csv p.csv t\n.import --csv p.csv u\n"),
        .init("safe mode refuses it", arguments: ["-safe", "test.db"], "SELECT 1;\n.import x.csv t\nSELECT 2;\n"),
    ]

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: Case) throws {
        let (plume, sqlite) = try ScriptComparison.run(testCase)
        #expect(plume == sqlite)
    }
}
