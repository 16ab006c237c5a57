import Testing

/// `.open` and `ATTACH` create missing files, and a failed `.open` closes
/// the previous database and leaves a bare in-memory one, as in `sqlite3`.
@Suite struct OpenCommandTests {
    typealias Case = ShellFunctionComparison.Case

    static let setup = "CREATE TABLE t(a); INSERT INTO t VALUES (1);"

    static let cases: [Case] = [
        Case(".open x.db\n.show\n.quit\n", name: "a missing file is created empty"),
        Case(".open x.db\nCREATE TABLE n(b);\n.tables\n", name: "a missing file is written on first write"),
        Case(".open d/x.db\nSELECT 1;\n", name: "a file in a missing directory fails"),
        Case(".open /nonexistent/y.db\n.show\nSELECT sha3(1);\nSELECT * FROM t;\nCREATE TABLE u(b);\nINSERT INTO u VALUES (2);\n.tables\n.open test.db\n.tables\nSELECT count(*) FROM t;\n",
             setup: setup, name: "a failed open closes the previous database; later writes go to memory"),
        Case(".open --readonly missing.db\nSELECT 3;\nCREATE TABLE r(a);\nSELECT name FROM sqlite_schema;\n", name: "--readonly of a missing file fails"),
        Case(".open --readonly test.db\nINSERT INTO t VALUES (2);\nSELECT count(*) FROM t;\n", setup: setup, name: "--readonly refuses writes"),
        Case(".bail on\n.open /nonexistent/q\nSELECT 'after';\n", name: "a failed open is not an error for .bail"),
        Case(".open --new test.db\n.tables\nCREATE TABLE fresh(x);\n.open test.db\n.tables\n", setup: setup, name: "--new empties the file"),
        Case(".open --new made.db\nCREATE TABLE m(x);\n.open test.db\nATTACH 'made.db' AS m;\n.tables\n", name: "--new creates the file"),
        Case(".open\n.show\nCREATE TABLE mem(x);\n.tables\n", setup: setup, name: "no file opens an in-memory database"),
        Case(".open :memory:\n.tables\n.open test.db\n.tables\n", setup: setup, name: ":memory:"),
        Case(".open a.db b.db\n.tables\n", setup: setup, name: "an extra argument"),
        Case(".open --bogus a.db\n.tables\n", setup: setup, name: "an unknown option keeps the database"),
        Case(".open test.db\nATTACH 'new.db' AS x;\nCREATE TABLE x.t(a);\n.tables\n", setup: setup, name: "ATTACH creates a file after .open"),
        Case("ATTACH 'new2.db' AS y;\nCREATE TABLE y.t(a);\n.tables\n", setup: setup, name: "ATTACH creates a file"),
        Case(".open x.db\nATTACH 'sub/new.db' AS z;\n", name: "ATTACH in a missing directory fails"),
        Case(".open notadir/\n.show\n", name: "a directory name fails"),
        Case(".open --deserialize test.db\n.tables\nINSERT INTO t VALUES (2);\nSELECT count(*) FROM t;\n.open test.db\nSELECT count(*) FROM t;\n",
             setup: setup, name: "--deserialize reads the file into memory"),
        Case(".open -deserialize missing.db\n.tables\nSELECT 1;\n", name: "--deserialize of a missing file"),
        Case(".open --nofollow test.db\n.tables\n.open --maxsize 100 test.db\nSELECT count(*) FROM t;\n", setup: setup,
             name: "--nofollow and --maxsize change nothing"),
        Case(".open test.db --maxsize\n.tables\n", setup: setup, name: "--maxsize without a size"),
        Case(".open --new --readonly test.db\nSELECT 1;\n.show\n", setup: setup, name: "--new then --readonly"),
        Case(".open --readonly --new fresh.db\n.tables\n", name: "--readonly of a file --new removed"),
    ]

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: Case) throws {
        try ShellFunctionComparison.expectSame(testCase)
    }

    /// A file that is not a database opens, as in `sqlite3`: the first
    /// statement that reads it fails.
    static let notADatabase: [Case] = [
        "SELECT 1;\n.tables\nSELECT 2;", ".schema", "SELECT * FROM sqlite_schema;", ".dump", "CREATE TABLE t(a);",
        ".open test.db\nSELECT 3;\n.tables", ".open --readonly test.db\nSELECT 4;\nPRAGMA user_version;",
        "ATTACH 'test.db' AS other;\nSELECT 5;",
    ].map { script in
        var testCase = Case(script + "\n", setup: "CREATE TABLE t(a);", name: script)
        testCase.overwrites = [(0..<16, 0x78)]
        return testCase
    }

    @Test(arguments: notADatabase)
    func fileThatIsNotADatabaseMatchesSQLite3(_ testCase: Case) throws {
        try ShellFunctionComparison.expectSame(testCase)
    }
}
