@testable import PlumeShell
import Testing

extension InProcessShellTests {
    /// Each output mode, run through the shell in this process, prints the
    /// bytes `sqlite3` 3.40 prints: text that is not ASCII, quotes, tabs,
    /// newlines, NULL, blobs and numbers at the edges of their formats.
    @Suite struct OutputModeTests {
        static let values = #"""
            CREATE TABLE t(a, b TEXT, c REAL);
            INSERT INTO t VALUES (1, 'x', 1.5), (NULL, 'héllo wörld', 0.1), (3, 'a"b''c', 1e300), (4, X'00ff41', -0.0),
              (5, 'two
            lines', 100.0), (6, 'tab' || char(9) || 'x', 3.14159265358979), (7, '', 2.5e-7);
            """#

        @Test(arguments: ["list", "csv", "tabs", "line", "column", "table", "box", "markdown", "json", "quote", "html",
                          "insert", "tcl", "ascii", "qbox"])
        func matchesSQLite3(mode: String) throws {
            let shell = try InProcessShell(setup: Self.values)
            let script = """
                .mode \(mode)
                SELECT * FROM t;
                .headers on
                SELECT a AS "first", b, c FROM t WHERE a > 2;
                .nullvalue NULL
                SELECT NULL, 1, 'x';

                """
            #expect(try shell.run(script) == shell.expected(script))
        }

        @Test func widthsWrapAndSeparators() throws {
            let shell = try InProcessShell(setup: Self.values)
            let script = """
                .mode column --wrap 6 --wordwrap on
                SELECT b, c FROM t;
                .width 3 -8
                SELECT a, b FROM t;
                .mode list
                .separator ";" "~"
                SELECT * FROM t;

                """
            #expect(try shell.run(script) == shell.expected(script))
        }
    }
}
