import Testing

/// Databases in UTF-16 print as in `sqlite3`: blobs keep their bytes in
/// `.dump`, `insert` and `quote` modes (the modes that never read a blob
/// as text), and come out as `sqlite3` converts them elsewhere.
@Suite struct REPLEncodingTests {
    static let rows = """
        CREATE TABLE t(a, b, c);
        INSERT INTO t VALUES (x'00ff10', 'héllo', 1), (x'', 'x', 2.5), (1.5, x'61', NULL), (x'3d00', x'd8', 'ü' || char(10));
        """

    static let scripts = [
        ".dump", ".dump t", ".mode insert\nSELECT * FROM t;", ".mode insert other\nSELECT a, b FROM t;", ".mode quote\nSELECT * FROM t;",
        ".mode csv\nSELECT * FROM t;", ".mode json\nSELECT * FROM t;", ".mode line\nSELECT * FROM t;", ".mode list\nSELECT * FROM t;",
        ".mode box\nSELECT * FROM t;", ".mode html\nSELECT * FROM t;", ".mode tcl\nSELECT * FROM t;",
        "SELECT hex(a), quote(b) FROM t;", ".mode quote\nSELECT a, a FROM t;", ".mode insert\nSELECT a, hex(a) FROM t;",
    ]

    static let cases: [ShellFunctionComparison.Case] = ["UTF-16le", "UTF-16be", "UTF-8"].flatMap { encoding in
        scripts.map { script in
            ShellFunctionComparison.Case(script + "\n", setup: "PRAGMA encoding='\(encoding)';\n" + rows,
                                         name: encoding + ": " + script.replacingOccurrences(of: "\n", with: " "))
        }
    }

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: ShellFunctionComparison.Case) throws {
        try ShellFunctionComparison.expectSame(testCase)
    }
}
