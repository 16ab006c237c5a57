/// `.cd`, `.shell`/`.system`, `.load`, `.binary`, `.nonce` and safe mode,
/// `.connection`, `.session`, `.recover` and the commands this build of
/// `sqlite3` does not have.
extension AdminCommandCases {
    static let process: [CommandLineComparison.Case] = [
        script(".cd changes the directory", #"""
            .cd sub
            .shell pwd | sed 's|.*/||'
            .cd /nonexistent
            .cd
            .cd a b
            .cd ..
            .clone sub/x.db
            """#, files: ["sub/keep.txt": "x"]),
        script(".shell and .system quote arguments with spaces", #"""
            SELECT 1;
            .shell echo hi
            .system echo "a b" c
            .system printf '%s|%s\n' "x y" z
            .sh
            .shell false
            .shell exit 3
            .system sh -c 'echo err >&2'
            SELECT 2;
            """#),
        script(".load fails as sqlite3 does", #"""
            .load
            .load nosuch
            .load ./nosuch.so entry
            .load /lib/x86_64-linux-gnu/libc.so.6 no_such_entry
            """#),
        script(".binary and the undocumented no-op commands", #"""
            .binary on
            .binary off
            .binary
            .binary maybe
            .bin 1
            .breakpoint
            .selecttrace
            .treetrace
            .wheretrace 5
            .w 1
            .iotrace x
            .unmodule x
            .selftest-boolean x
            .br
            """#),
        script(".connection opens and closes auxiliary connections", #"""
            .connection
            .connection 1
            .connection
            CREATE TABLE x(y);
            .connection 0
            .connection
            .tables
            .connection 2
            .connection
            .connection close 1
            .connection close 2
            .connection close 9
            .connection 9
            .connection
            .connection x
            .connection 1 2
            .connection close
            .connection 1
            .tables
            .show
            .connection 0
            .tables
            .connection close 1
            .connection
            """#),
        script(".session records changes", #"""
            .session
            .session list
            .session open main s1
            .session open main s1
            .session open main s2
            .session list
            .session s1 enable
            .session enable 0
            .session s2 indirect 1
            .session isempty
            INSERT INTO kv VALUES ('c', 3);
            .session s2 isempty
            .session s1 isempty
            .session attach kv
            .session s2 attach kv
            .session s2 attach nosuch
            .session changeset c.bin
            .session s2 patchset p.bin
            .shell od -c c.bin p.bin
            .session filter k*
            .session close
            .session list
            .session s2 close
            .session list
            .session attach kv
            .session changeset x
            .session bogus
            .session s9 list
            .session open main ""
            .session open
            .session open nosuchdb s3
            .session open main a
            .session open main b
            .session open main c
            .session open main d
            .session open main e
            .session list
            .session changeset /nonexistent/x
            .session a
            .ses close
            .session list
            """#),
        script(".session filter leaves tables out", #"""
            .session open main s
            .session filter k* O*
            .session attach kv
            .session attach child
            INSERT INTO kv VALUES ('z', 26);
            INSERT INTO child VALUES (9, 9);
            .session changeset c.bin
            .shell od -c c.bin
            """#),
        script(".recover stops where the library lacks sqlite_dbpage", #"""
            PRAGMA user_version = 7;
            .recover
            .recover --no-rowids --ignore-freelist --lost-and-found lost
            .recover --bogus
            .recover --lost-and-found
            .rec
            .r
            """#),
    ]

    static let safeMode: [CommandLineComparison.Case] = [
        script("-safe: .nonce suspends safe mode for one command", #"""
            .nonce abc
            .cd .
            .cd .
            """#, arguments: ["-safe", "-nonce", "abc", "test.db"]),
        script("-safe: .nonce lasts for one SQL statement", #"""
            .nonce abc
            SELECT 1;
            .shell echo x
            """#, arguments: ["-safe", "-nonce", "abc", "test.db"]),
        script("-safe: a wrong .nonce ends the shell", ".nonce wrong\n.print after\n", arguments: ["-safe", "-nonce", "abc", "test.db"]),
        script("-safe: .nonce without -nonce ends the shell", ".nonce x\n", arguments: ["-safe", "test.db"]),
        script("-safe: .nonce usage", ".nonce\n.nonce a b\n", arguments: ["-safe", "test.db"]),
        script("-safe: .log", ".log x\n", arguments: ["-safe", "test.db"]),
        script("-safe: .load", ".load x\n", arguments: ["-safe", "test.db"]),
        script("-safe: .system", ".system echo x\n", arguments: ["-safe", "test.db"]),
        script("-safe: .clone", ".clone c.db\n", arguments: ["-safe", "test.db"]),
        script("-safe: .backup", ".backup c.db\n", arguments: ["-safe", "test.db"]),
        script("-safe: .save", ".save c.db\n", arguments: ["-safe", "test.db"]),
        script("-safe: .restore", ".restore c.db\n", arguments: ["-safe", "test.db"]),
        script("-safe: .session changeset", ".session open main s\n.session changeset c.bin\n", arguments: ["-safe", "test.db"]),
        script("-safe: .testctrl always", ".testctrl byteorder\n.testctrl always 1\n", arguments: ["-safe", "test.db"]),
        script("-safe: .auth on keeps refusing", ".auth on\nSELECT 1;\nATTACH 'x.db' AS x;\n", arguments: ["-safe", "test.db"]),
        script("-safe: .auth off keeps safe mode", ".auth off\nATTACH 'x.db' AS x;\n", arguments: ["-safe", "test.db"]),
        script(".nonce without safe mode", ".nonce x\n.print after\n"),
    ]
}
