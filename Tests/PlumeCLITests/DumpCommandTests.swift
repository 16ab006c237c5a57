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
}
