@testable import PlumeShell
import Testing

extension InProcessShellTests {
    /// Dot-commands run through the shell in this process: the same bytes as
    /// `sqlite3` 3.40 for its commands, and a host's own commands listed and
    /// run beside them.
    @Suite struct DotCommandTests {
        static let schema = """
            CREATE TABLE album(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE photo(id INTEGER PRIMARY KEY, album INTEGER REFERENCES album(id), name TEXT, rating INT);
            CREATE INDEX photo_album ON photo(album);
            CREATE VIEW rated AS SELECT * FROM photo WHERE rating > 3;
            INSERT INTO album VALUES (1, 'Lisbon'), (2, 'Porto');
            INSERT INTO photo VALUES (1, 1, 'Tram', 5), (2, 1, 'Sunset', 2), (3, 2, 'Bridge', 4);
            """

        @Test(arguments: [
            ".tables\n.tables p%\n.indexes\n.indexes photo\n",
            ".schema\n.schema --indent photo\n.schema nothing\n",
            ".dump\n.dump album\n.dump --data-only photo\n",
            ".print a 'b c' \"d\\te\"\n.echo on\nSELECT 1;\n.echo off\n",
            ".limits length\n.limits\n.dbconfig defensive\n",
            ".help .tab\n.help dump\n.help sess\n.help limit\n",
            ".once stdout\nSELECT 1;\nSELECT 2;\n.output stdout\nSELECT 3;\n",
            ".sha3sum\n.sha3sum --sha3-256 photo\n.sha3sum --schema\n",
            ".parameter set $x 42\nSELECT $x;\n.parameter list\n.parameter clear\n",
        ])
        func matchesSQLite3(script: String) throws {
            let shell = try InProcessShell(setup: Self.schema)
            #expect(try shell.run(script) == shell.expected(script))
        }

        @Test func aHostsDotCommandIsListedAndRuns() throws {
            let greet = DotCommand(name: "greet", minimumLength: 2, usage: ".greet NAME", summary: "Say hello",
                                   details: "   NAME is anyone\n") { shell, command in
                shell.output.write("hello \(command.string(1))\n")
                return .succeeded
            }
            let shell = try InProcessShell(setup: Self.schema, host: ShellHost(name: "Test", version: "1.0", dotCommands: [greet]))
            let output = String(decoding: try shell.run(".gr world\n.help greet\n.help gr\n"), as: UTF8.self)
            #expect(output == """
                hello world
                .greet NAME              Say hello
                   NAME is anyone
                .greet NAME              Say hello
                   NAME is anyone

                """)
            let help = String(decoding: try shell.run(".help\n"), as: UTF8.self).split(separator: "\n")
            #expect(help.contains(".greet NAME              Say hello"))
            #expect(help.firstIndex(of: ".fullschema ?--indent?   Show schema and the content of sqlite_stat tables")!
                        < help.firstIndex(of: ".greet NAME              Say hello")!)
        }
    }
}
