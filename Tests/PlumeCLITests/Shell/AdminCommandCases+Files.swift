/// `.clone`, `.backup`/`.save`/`.restore`, `.dbinfo`, `.imposter`,
/// `.selftest` and `.testcase`/`.check`: commands that read or write files.
extension AdminCommandCases {
    static let files: [CommandLineComparison.Case] = [
        script(".clone copies the schema and rows", #"""
            .clone copy.db
            .clone copy.db
            .clone
            .clone a b
            .clone /nonexistent/directory/x.db
            .shell sqlite3 copy.db .dump
            """#),
        script(".backup, .save and .restore", #"""
            .backup b1.db
            .backup main b2.db
            .save --async s.db
            .backup -async main b3.db
            .backup nosuch b4.db
            .backup a b c
            .backup --bogus x.db
            .backup
            .backup /nonexistent/directory/x.db
            .shell sqlite3 b1.db 'SELECT count(*) FROM child'
            DELETE FROM child;
            .restore b1.db
            SELECT count(*) FROM child;
            ATTACH 'b2.db' AS other;
            .restore other s.db
            .restore
            .restore a b c
            .restore nosuch b1.db
            .ba x.db
            .sa x.db
            """#),
        script(".dbinfo needs sqlite_dbpage, which the library lacks", #"""
            .dbinfo
            .dbinfo main
            .dbinfo temp
            .dbi
            """#),
        script(".imposter over an index and a WITHOUT ROWID table", #"""
            .imposter child_b imp
            SELECT * FROM imp;
            .imposter kv kvimp
            SELECT * FROM kvimp;
            .imposter off
            .imposter nosuch x
            .imposter
            .imposter a b c
            .imposter child_b "bad""name"
            .imposter child_b imp
            .impos OFF
            """#),
        script(".selftest without a table, then --init, -v and failures", #"""
            .selftest
            .selftest --init
            .selftest -v
            SELECT tno, op, cmd, ans FROM selftest;
            UPDATE selftest SET ans = 'wrong' WHERE tno = 30;
            .selftest
            INSERT INTO selftest VALUES (100, 'run', 'SELECT nosuch', ''), (110, 'memo', 'a memo', '');
            .selftest
            INSERT INTO selftest VALUES (120, 'bogus', 'x', 'y');
            .selftest
            .selftest --bogus
            .self
            """#),
        script(".selftest whose last test passes leaves no error", #"""
            CREATE TABLE selftest(tno INTEGER PRIMARY KEY, op TEXT, cmd TEXT, ans TEXT);
            INSERT INTO selftest VALUES (1, 'run', 'SELECT 1', '2'), (2, 'run', 'SELECT 1, NULL UNION ALL SELECT 2, 3', '1,|2,3');
            .selftest
            """#),
        script(".testcase and .check", #"""
            .testcase t1
            SELECT 1;
            .print hi
            .check "1 hi"
            .testcase t2
            SELECT 2;
            .check 3
            .testcase averyveryverylongtestcasenamethatexceedsthirtybytes
            .print "  a   b  [x] -12"
            .check "a b [wx] #"
            .testcase
            .print abcabd
            .check "*[d]"
            .check "*d"
            .check "?b*"
            .check x
            .print after
            """#),
        script(".check without an argument stops the script", ".check\n.print not reached\n"),
        script(".check of an empty file stops the script", ".testcase\n.check *\n.print not reached\n"),
    ]
}
