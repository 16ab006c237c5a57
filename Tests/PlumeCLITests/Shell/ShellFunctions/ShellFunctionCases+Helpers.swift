extension ShellFunctionCases {
    static let helpers: [Case] = ShellFunctionComparison.statements([
        "SELECT shell_escape_crnl(quote('a' || char(10) || 'b'));",
        "SELECT shell_escape_crnl(quote('a' || char(13) || 'b'));",
        "SELECT shell_escape_crnl(quote('a' || char(13, 10) || 'b' || char(10)));",
        "SELECT shell_escape_crnl(quote('has \\n and \\012' || char(10)));",
        "SELECT shell_escape_crnl(quote('has \\n \\012 (\\n0) (\\n1)' || char(10) || '\\r' || char(13)));",
        "SELECT shell_escape_crnl('no quote' || char(10)), shell_escape_crnl(quote('plain')), shell_escape_crnl(''), shell_escape_crnl(NULL);",
        "SELECT shell_escape_crnl(12), typeof(shell_escape_crnl(12)), shell_escape_crnl(x'270a27'), typeof(shell_escape_crnl(x'270a27'));",
        "SELECT shell_escape_crnl(cast(x'270a00270a' AS TEXT));",
        "SELECT shell_escape_crnl();",
        "SELECT shell_idquote('abc'), shell_idquote('a\"b'), shell_idquote(''), shell_idquote(NULL), shell_idquote(5), shell_idquote(x'41');",
        "SELECT shell_idquote('a', 'b');",
        "SELECT shell_int32(x'0000000100000002', 0), shell_int32(x'0000000100000002', 1), shell_int32(x'0000000100000002', 2);",
        "SELECT shell_int32(x'ffffffff', 0), shell_int32(x'01020304', -1), shell_int32(NULL, 0), shell_int32('abcd', 0), shell_int32(x'010203', 0);",
        "SELECT shell_int32(x'0102030405060708', '1'), shell_int32(x'0102030405060708', 1.9), shell_int32(x'01020304', NULL);",
        "SELECT shell_int32(x'01');",
        "SELECT shell_putsnl('printed'), shell_putsnl(NULL), shell_putsnl(42);",
        "SELECT shell_putsnl(cast(x'61006263' AS TEXT));",
        "SELECT shell_putsnl('a' || char(10) || 'b') AS x;",
        "SELECT usleep(0), usleep(1500), usleep(-5), usleep(NULL), usleep('abc');",
        "SELECT usleep();",
        "SELECT shell_add_schema('CREATE TABLE t(a)', 'aux', 't'), shell_add_schema(NULL, NULL, NULL), shell_add_schema(1, 2, 3);",
        "SELECT shell_module_schema('fsdir'), shell_module_schema('generate_series'), shell_module_schema('nope'), shell_module_schema(NULL);",
    ])

    /// `edit()` runs `$VISUAL` (not `$EDITOR`) through the shell on a
    /// temporary file.
    static let edit: [Case] = [
        ("SELECT edit('abc');", ["VISUAL": "sed -i s/b/X/"]),
        ("SELECT edit('abc', 'sed -i s/c/Y/');", [:]),
        ("SELECT edit('abc');", ["EDITOR": "sed -i s/b/X/"]),
        ("SELECT edit('abc');", [:]),
        ("SELECT edit(NULL, 'true');", [:]),
        ("SELECT edit(NULL);", ["VISUAL": "true"]),
        ("SELECT edit('x', NULL);", ["VISUAL": "true"]),
        ("SELECT edit('x', 'false');", [:]),
        ("SELECT edit('x', 'exit 3;');", [:]),
        ("SELECT edit('x', 'rm');", [:]),
        ("SELECT hex(edit(x'00ff0d0a', 'true')), typeof(edit(x'00', 'true'));", [:]),
        ("SELECT typeof(edit(12, 'true')), edit(12, 'true'), edit(1.5, 'true');", [:]),
        ("SELECT hex(edit('a' || char(13, 10) || 'b', 'true'));", [:]),
        ("SELECT hex(edit('a' || char(10) || 'b', 'sed -i s/\\$/\\\\r/'));", [:]),
        ("SELECT hex(edit('a' || char(13, 10) || 'b', 'sed -i s/a/c/'));", [:]),
        ("SELECT hex(edit('x', 'printf \"1\\r\\n2\\r\" >'));", [:]),
        ("SELECT hex(edit(cast(x'610062' AS TEXT), 'true'));", [:]),
        ("SELECT edit('x', 'echo from-editor; true');", [:]),
        ("SELECT edit('x', 'sed -i s/x/y/');", ["VISUAL": "false"]),
        ("SELECT edit();", [:]),
        ("SELECT edit(1, 2, 3);", [:]),
    ].map { sql, environment in
        Case(sql + "\nSELECT 'next';\n", environment: environment,
             name: sql + " " + environment.map { "\($0)=\($1)" }.joined(separator: " "))
    }
}
