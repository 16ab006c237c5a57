/// Cases for `ShellFunctionTests`, one SQL statement (or a short script)
/// each: every function's ordinary results, NULLs, wrong argument counts,
/// blobs, huge and negative numbers, invalid UTF-8 and NUL bytes.
enum ShellFunctionCases {
    typealias Case = ShellFunctionComparison.Case

    /// Every case, named after its family.
    static var all: [Case] {
        let families: [(String, [Case])] = [
            ("registry", registry), ("sha3", sha3), ("ieee754", ieee754), ("decimal", decimal), ("collation", collations),
            ("regexp", regexp), ("generate_series", series), ("completion", completion), ("files", files),
            ("helpers", helpers), ("edit", edit),
        ]
        return families.flatMap { family, cases in
            cases.map { testCase in
                var named = testCase
                named.name = family + ": " + testCase.name
                return named
            }
        }
    }

    // sqlite3's zipfile, sqlar and dbdata extensions (zlib, and the
    // sqlite_dbpage table the library lacks) are not in plume: the README
    // lists them among the differences. edit() is direct-only in plume
    // (SQLITE_DIRECTONLY, 0x80000: no view or trigger may start a program),
    // so its flags are compared without that bit.
    static let registry: [Case] = ShellFunctionComparison.statements([
        "SELECT name, narg, type, CASE WHEN name = 'edit' THEN flags & ~0x80000 ELSE flags END FROM pragma_function_list WHERE builtin = 0 AND name NOT GLOB 'zip*' AND name NOT GLOB 'sqlar*' ORDER BY 1, 2;",
        "SELECT * FROM pragma_module_list WHERE name NOT IN ('zipfile', 'sqlite_dbdata', 'sqlite_dbptr') ORDER BY 1;",
        "SELECT * FROM pragma_collation_list;",
        "CREATE VIRTUAL TABLE s USING generate_series;",
        "CREATE VIRTUAL TABLE f USING fsdir;",
        "CREATE VIRTUAL TABLE c USING completion;",
        "CREATE VIEW v AS SELECT * FROM fsdir('.'); SELECT count(*) FROM v;",
        "CREATE VIEW v AS SELECT value FROM generate_series(1, 3); SELECT * FROM v;",
        "CREATE TABLE t(x); CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT readfile('x'); END; INSERT INTO t VALUES (1);",
    ])

    static let sha3: [Case] = ShellFunctionComparison.statements([
        "SELECT hex(sha3('abc'));",
        "SELECT hex(sha3('abc', 224)), hex(sha3('abc', 256)), hex(sha3('abc', 384)), hex(sha3('abc', 512));",
        "SELECT hex(sha3(''));",
        "SELECT hex(sha3(x''));",
        "SELECT hex(sha3(x'00ff10'));",
        "SELECT hex(sha3(NULL)), typeof(sha3(NULL));",
        "SELECT sha3(NULL, 100);",
        "SELECT hex(sha3(12345)), hex(sha3(-1.5)), hex(sha3(1e300));",
        "SELECT hex(sha3(9223372036854775807)), hex(sha3(-9223372036854775808));",
        "SELECT hex(sha3('abc', 0));",
        "SELECT hex(sha3('abc', 128));",
        "SELECT hex(sha3('abc', -256));",
        "SELECT hex(sha3('abc', NULL));",
        "SELECT hex(sha3('abc', '384'));",
        "SELECT hex(sha3('abc', 256.9));",
        "SELECT hex(sha3('abc', 4294967552));",
        "SELECT sha3();",
        "SELECT sha3(1, 2, 3);",
        "SELECT hex(sha3(cast(x'610062' AS TEXT)));",
        "SELECT hex(sha3(cast(x'ff fe 80' AS TEXT)));",
        "SELECT hex(sha3(zeroblob(100000), 512));",
        "SELECT hex(sha3(printf('%.*c', 135, 'x'))), hex(sha3(printf('%.*c', 136, 'x'))), hex(sha3(printf('%.*c', 137, 'x')));",
        "SELECT hex(sha3(printf('%.*c', 71, 'x'), 512)), hex(sha3(printf('%.*c', 72, 'x'), 512));",
        "SELECT hex(sha3_query('SELECT 1'));",
        "SELECT hex(sha3_query('SELECT 1, 2.5, ''x'', x''01'', NULL'));",
        "SELECT hex(sha3_query('SELECT 1; SELECT 2;'));",
        "SELECT hex(sha3_query('SELECT 1', 512)), hex(sha3_query('SELECT 1', 224));",
        "SELECT sha3_query('SELECT 1', 7);",
        "SELECT sha3_query(NULL), sha3_query(NULL, 384);",
        "SELECT sha3_query(NULL, 1);",
        "SELECT hex(sha3_query(''));",
        "SELECT hex(sha3_query('   '));",
        "SELECT hex(sha3_query('-- only a comment'));",
        "SELECT sha3_query('SELEC 1');",
        "SELECT sha3_query('SELECT 1; SELEC 2; SELECT 3');",
        "SELECT sha3_query('SELECT * FROM nowhere');",
        "SELECT sha3_query('CREATE TABLE x(a)');",
        "SELECT sha3_query('SELECT 1; DELETE FROM t');",
        "SELECT sha3_query();",
        "SELECT sha3_query(1, 2, 3);",
        "SELECT hex(sha3_query(12));",
        "SELECT hex(sha3_query('SELECT 1' || char(0) || 'junk'));",
        "SELECT hex(sha3_query('SELECT -9223372036854775808, 1e308, -0.0, ''é'', zeroblob(3)'));",
        "SELECT hex(sha3_query('SELECT value FROM generate_series(1, 1000)'));",
    ]) + [
        Case("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'x'), (2.5, x'00'), (NULL, 'é');\nSELECT hex(sha3_query('SELECT * FROM t ORDER BY rowid'));\n"),
        Case("SELECT hex(sha3_query('PRAGMA table_info(t)'));\n", setup: "CREATE TABLE t(a INT, b TEXT);"),
        Case(bytes: Array("SELECT hex(sha3('".utf8) + [0xC3, 0x28, 0xFF] + Array("'));\n".utf8), name: "sha3 of invalid UTF-8 typed in"),
    ]
}
