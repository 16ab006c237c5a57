import Testing

/// `.dump` prints what `sqlite3` prints: `--preserve-rowids` keeps every
/// rowid that is not an alias of an INTEGER PRIMARY KEY.
@Suite struct DumpCommandTests {
    typealias Case = ShellFunctionComparison.Case

    static let tables = """
        CREATE TABLE plain(a, b);
        INSERT INTO plain(rowid, a, b) VALUES (5, 'x', 1), (9, 'y', NULL);
        CREATE TABLE alias(id INTEGER PRIMARY KEY, v);
        INSERT INTO alias VALUES (3, 'three');
        CREATE TABLE descending(id INTEGER PRIMARY KEY DESC, v);
        INSERT INTO descending(rowid, id, v) VALUES (40, 2, 'two'), (41, 1, 'one');
        CREATE TABLE lowercase(id integer primary key, v);
        INSERT INTO lowercase VALUES (8, 'eight');
        CREATE TABLE textkey(id TEXT PRIMARY KEY, v);
        INSERT INTO textkey(rowid, id, v) VALUES (12, 'k', 'v');
        CREATE TABLE composite(a INTEGER, b INTEGER, PRIMARY KEY(a, b));
        INSERT INTO composite(rowid, a, b) VALUES (77, 1, 2);
        CREATE TABLE named(rowid, a);
        INSERT INTO named(_rowid_, rowid, a) VALUES (7, 100, 'z');
        CREATE TABLE allnames(rowid, _rowid_, oid, a);
        INSERT INTO allnames VALUES (1, 2, 3, 'all');
        CREATE TABLE norowid(rowid TEXT PRIMARY KEY, v) WITHOUT ROWID;
        INSERT INTO norowid VALUES ('r', 'v');
        CREATE TABLE norowid2(k INTEGER PRIMARY KEY, v) WITHOUT ROWID;
        INSERT INTO norowid2 VALUES (4, 'four');
        CREATE TABLE "odd name"(x);
        INSERT INTO "odd name"(rowid, x) VALUES (-3, 'neg');
        """

    static let cases: [Case] = [
        ".dump --preserve-rowids", "--.dump", ".dump --preserve-rowids descending", ".dump --preserve-rowids --data-only",
        ".dump -preserve-rowids named allnames", ".dump --preserve-rowids norowid%", ".dump --preserve-rowids \"odd name\"",
        ".dump --preserve-rowids --newlines textkey composite lowercase",
    ].map { Case($0.replacingOccurrences(of: "--.dump", with: ".dump") + "\n", setup: tables, name: $0) }

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: Case) throws {
        try ShellFunctionComparison.expectSame(testCase)
    }

    /// 1,024-byte pages: 1 the schema, 2 the root of `t` over leaves 3 to
    /// 14, 15 `u`, 16 `big` with overflow pages 17 to 20, 21 to 32 the
    /// index `ti`.
    static let damagedTables = """
        PRAGMA page_size=1024;
        CREATE TABLE t(a INTEGER PRIMARY KEY, b);
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<200)
          INSERT INTO t SELECT x, printf('row %d %.40c', x, 'x') FROM c;
        CREATE TABLE u(v); INSERT INTO u VALUES ('after');
        CREATE TABLE big(id INTEGER PRIMARY KEY, data); INSERT INTO big VALUES (1, zeroblob(5000)), (2, 'small');
        CREATE INDEX ti ON t(b);
        CREATE VIEW vv AS SELECT * FROM u;
        CREATE TRIGGER tr AFTER INSERT ON u BEGIN SELECT 1; END;
        """

    static func page(_ number: Int, bytes: Range<Int> = 0..<1024) -> Range<Int> {
        ((number - 1) * 1024 + bytes.lowerBound)..<((number - 1) * 1024 + bytes.upperBound)
    }

    /// A corrupt database dumps what can be read, with the errors as
    /// comments: a damaged table is read forwards, then backwards.
    static func corrupt(_ name: String, _ overwrites: [(range: Range<Int>, byte: UInt8)], _ script: String = ".dump") -> Case {
        var testCase = Case(script + "\n", setup: damagedTables, name: name)
        testCase.overwrites = overwrites
        return testCase
    }

    static let corruptCases: [Case] = [
        corrupt("a leaf of t", [(page(6), 0xFF)]),
        corrupt("the first leaf of t zeroed", [(page(3), 0x00)]),
        corrupt("the header of a leaf of t", [(page(9, bytes: 0..<8), 0x0D)]),
        corrupt("the root of t", [(page(2), 0xFF)]),
        corrupt("the only page of u", [(page(15), 0xFF)]),
        corrupt("an overflow page of big", [(page(18, bytes: 0..<4), 0xFF)]),
        corrupt("a page of the index", [(page(22), 0xFF)]),
        corrupt("a leaf of t, data only", [(page(6), 0xFF)], ".dump --data-only"),
        corrupt("a leaf of t, one table", [(page(6), 0xFF)], ".dump t"),
        corrupt("a leaf of t, rowids kept", [(page(6), 0xFF)], ".dump --preserve-rowids t"),
        corrupt("two leaves of t", [(page(5), 0xFF), (page(12), 0x00)]),
        corrupt("a leaf of t, then a query", [(page(6), 0xFF)], ".dump u\nSELECT count(*) FROM t;\nSELECT 'next';"),
        corrupt("the schema page", [(page(1, bytes: 100..<1024), 0xFF)]),
        corrupt("the schema page, then statements", [(page(1, bytes: 100..<1024), 0xFF)],
                ".dump\nSELECT 1;\n.tables\nSELECT count(*) FROM t;"),
        corrupt("part of the schema page", [(page(1, bytes: 600..<1024), 0x00)]),
        corrupt("the file header", [(0..<16, 0x78)]),
        corrupt("the file header, data only", [(0..<16, 0x78)], ".dump --data-only\nSELECT 'next';"),
    ]

    @Test(arguments: corruptCases)
    func corruptDatabaseMatchesSQLite3(_ testCase: Case) throws {
        try ShellFunctionComparison.expectSame(testCase)
    }
}
