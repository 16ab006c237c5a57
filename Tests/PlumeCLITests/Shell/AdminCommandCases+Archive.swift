/// `.archive` (`.ar`): its command line, dry runs, and SQL archives built
/// by sqlite3. ZIP archives (the `zipfile` table) and `--append` (the
/// `apndvfs` VFS) are built into sqlite3, not into the SQLite library:
/// they are not compared.
extension AdminCommandCases {
    static let sqlarSetup = """
        CREATE TABLE sqlar(name TEXT PRIMARY KEY, mode INT, mtime INT, sz INT, data BLOB);
        INSERT INTO sqlar VALUES ('a.txt', 33188, 1700000000, 5, 'hello'), ('dir', 16877, 1700000000, 0, NULL),
          ('dir/b.txt', 33188, 1700000000, 3, x'616263'), ('it''s', 33188, 1, 0, x''),
          ('big.bin', 33188, 1700000000, 4000, sqlar_compress(zeroblob(4000)));
        """

    static let archive: [CommandLineComparison.Case] = [
        script(".archive command-line errors", #"""
            .ar
            .archive
            .ar -x
            .ar -q
            .ar -ct
            .ar --bogus
            .ar --d
            .ar -f
            .ar --file
            .ar cf
            .ar zz
            .ar -C
            .a
            .ar --help
            .ar -h
            """#),
        script(".archive --dryrun prints the SQL it would run", #"""
            .ar -cn a b
            .ar -cvn -C dir a "it's"
            .ar --create --dryrun -- -a
            .ar -tn
            .ar -un x
            .ar -in x y
            .ar -rn
            .ar -rn x
            .ar -tgn "a*"
            .ar -cnf new.db x
            .ar -cnfnew2.db x
            .ar cnf new3.db x
            .ar -tnf new.db
            .ar -tf nosuch.db
            """#, setup: sqlarSetup),
        script(".archive lists and removes members", #"""
            .ar -t
            .ar -t dir
            .ar -t dir/
            .ar -tg "*.txt"
            .ar -t nosuch
            .ar -t a.txt nosuch
            .ar t it's
            .ar -r a.txt
            .ar -t
            .ar -r
            .ar -r nosuch
            .ar -u
            .ar --list --glob "d*"
            .ar --list --file test.db
            """#, setup: sqlarSetup),
        script(".archive without an sqlar table", ".ar -t\n.ar -x\n.ar -r x\n.ar -u x\n.ar -tf test.db\n"),
        script("sqlar_compress() and sqlar_uncompress()", #"""
            SELECT hex(sqlar_compress(zeroblob(100))), hex(sqlar_compress(x'0102')), sqlar_compress(1), sqlar_compress(NULL);
            SELECT hex(sqlar_uncompress(sqlar_compress(zeroblob(100)), 100)), sqlar_uncompress(x'00', 5);
            SELECT hex(sqlar_uncompress(x'00', 1)), sqlar_uncompress(3, 0), length(sqlar_uncompress(data, sz)) FROM sqlar;
            SELECT sqlar_compress();
            """#, setup: sqlarSetup),
        script("-safe: .archive", ".ar -t\n", arguments: ["-safe", "test.db"]),
    ]

    /// Cases that need the shell's `fsdir`, `lsmode` and `writefile` SQL
    /// functions, run where plume has them.
    static let archiveWithFiles: [CommandLineComparison.Case] = [
        script(".archive lists members verbosely", ".ar -tv\n.ar -tvf test.db dir\n", setup: sqlarSetup),
        script(".archive --dryrun of extraction", ".ar -xn\n.ar -xvn -C out a.txt dir/\n.ar -tvn\n", setup: sqlarSetup),
        script(".archive extracts members", #"""
            .ar -x a.txt
            .ar -xv -C out dir big.bin
            .ar -x nosuch
            .shell cat a.txt out/dir/b.txt
            """#, setup: sqlarSetup, files: ["out/keep": ""]),
        script(".archive creates, updates and inserts", #"""
            .ar -c files
            .ar -t
            .ar -u files
            .ar -iv files/one.txt
            .ar -cvf other.db files/one.txt
            .ar -tf other.db
            .ar -c nosuch
            SELECT name, sz, length(data) FROM sqlar ORDER BY name;
            """#, files: ["files/one.txt": "one\n", "files/sub/two.txt": String(repeating: "two ", count: 100)]),
    ]
}
