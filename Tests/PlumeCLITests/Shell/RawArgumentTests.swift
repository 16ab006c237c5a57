import Testing

/// Dot-command arguments holding NUL bytes (`\000`, which ends a C
/// string) or bytes that are not UTF-8 reach files, messages and tables
/// as they reach them in `sqlite3` 3.40.1.
@Suite struct RawArgumentTests {
    typealias Case = ScriptComparison.Case

    static let cases: [Case] = [
        .init("a NUL ends an import file name", bytes: ["a": Array("x,y\n1,2\n".utf8)],
              ".import --csv \"a\\000b.csv\" t\nSELECT * FROM t;\n"),
        .init("a NUL ends a table name", bytes: ["a.csv": Array("x\n1\n".utf8)],
              ".import --csv a.csv \"t\\000u\"\n.tables\n"),
        .init("an import file name that is not UTF-8",
              script: Array(".import --csv nope".utf8) + [0xFF, 0xFE] + Array(".csv t\n".utf8)),
        .init("a table name that is not UTF-8", bytes: ["a.csv": Array("x\n1\n".utf8)],
              script: Array(".import --csv a.csv t".utf8) + [0xC3, 0x28] + Array("\nSELECT hex(name) FROM sqlite_schema;\n".utf8)),
        .init("parameter names and values that are not UTF-8",
              script: Array(".parameter set :k".utf8) + [0xFF] + Array(" v".utf8) + [0xFE]
                  + Array("\n.parameter list\nSELECT hex(key), hex(value) FROM temp.sqlite_parameters;\n".utf8)),
        .init("a NUL ends a parameter value", ".parameter set :k \"ab\\000cd\"\n.parameter list\n"),
        .init("an output pipe command that is not UTF-8",
              script: Array(".output |tr x y #".utf8) + [0xE9] + Array("\n.print x\n.show\n.output\n".utf8)),
        .init("a prompt with a NUL", ".prompt \"a\\000b\" c\n.print ok\n"),
        .init("separators with a NUL end at it", bytes: ["a.txt": Array("x;y\n1;2\n".utf8)],
              ".separator \";\\000,\"\n.import a.txt t\n.mode list\nSELECT * FROM t;\n"),
    ]

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: Case) throws {
        let (plume, sqlite) = try ScriptComparison.run(testCase)
        #expect(plume == sqlite)
    }
}
