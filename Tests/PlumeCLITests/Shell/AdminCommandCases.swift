/// Scripts for `AdminCommandTests`: each administrative dot-command, its
/// options, errors and odd arguments, piped into `plume` and `sqlite3`.
enum AdminCommandCases {
    /// A case reading `script` on `test.db` made by `setup`.
    static func script(_ name: String, _ script: String, setup: String = schema, arguments: [String] = ["test.db"],
                       files: [String: String] = [:]) -> CommandLineComparison.Case {
        CommandLineComparison.Case(name: name, arguments: arguments, stdin: script, setup: setup, files: files)
    }

    /// Tables with foreign keys, indexes, a WITHOUT ROWID table, odd names and every type of value.
    static let schema = #"""
        CREATE TABLE parent(id INTEGER PRIMARY KEY, x TEXT COLLATE NOCASE);
        CREATE TABLE child(a REFERENCES parent, b);
        CREATE TABLE pair(a, b, FOREIGN KEY(a, b) REFERENCES parent(id, x));
        CREATE INDEX child_b ON child(b);
        CREATE TABLE grandchild(z REFERENCES child(b), y REFERENCES pair, w TEXT REFERENCES parent(x));
        CREATE TABLE kv(k PRIMARY KEY, v) WITHOUT ROWID;
        CREATE TABLE "Odd ""Name"""(z);
        INSERT INTO parent VALUES (1, 'one'), (2, 'Two');
        INSERT INTO child VALUES (1, 'x'), (2.5, x'00ff'), (NULL, 'héllo'), (3, 'a''b');
        INSERT INTO kv VALUES ('a', 1), ('b', -2.5e10);
        INSERT INTO "Odd ""Name""" VALUES (42);
        """#

    static let all = lint + log + sha3sum + settings + files + process + safeMode + archive + expert

    static let lint: [CommandLineComparison.Case] = [
        script(".lint fkey-indexes and its switches", #"""
            .lint fkey-indexes
            .lint fkey-indexes -verbose
            .lint fkey-indexes -groupbyparent
            .lint fkey-indexes -g -v
            .lint FKEY -VERB
            .lint f
            """#),
        script(".lint errors never fail the command", #"""
            .lint
            .lint nosuch
            .lint fkey-indexes-and-more
            .lint fkey -x
            .lint fkey -
            .lin fkey -verbose extra
            .li
            .print still here
            """#),
        script(".lint on a database without foreign keys", ".lint fkey-indexes -verbose\n", setup: "CREATE TABLE t(a);"),
    ]

    static let log: [CommandLineComparison.Case] = [
        script(".log to stdout, stderr, a file and off", #"""
            .log stdout
            SELECT * FROM nosuch;
            SELECT 1;
            .log stderr
            SELECT x;
            .log off
            SELECT y;
            .log log.txt
            SELECT z;
            CREATE TABLE child(q);
            .log off
            .shell cat log.txt
            """#),
        script(".log errors", #"""
            .log
            .log a b
            .log /nonexistent/directory/log.txt
            SELECT nope(;
            .lo stdout
            SELEC;
            """#),
    ]

    static let sha3sum: [CommandLineComparison.Case] = [
        script(".sha3sum of everything, the schema, patterns and sizes", #"""
            .sha3sum
            .sha3sum --schema
            .sha3sum child
            .sha3sum %
            .sha3sum -sha3-256
            .sha3sum --sha3-384 --sha3-512
            .sha3sum --sha3-224 p%
            .sha3sum sqlite_%
            .sha3sum ODD%
            .sha3sum nothing-matches
            """#),
        script(".sha3sum in other modes and with --debug", #"""
            .headers on
            .mode box
            .sha3sum k%
            .mode json
            .sha3sum
            .sha3sum --debug --schema
            .sha3sum --debug pa%
            """#),
        script(".sha3sum errors", #"""
            .sha3sum --bogus
            .sha3sum a b
            .sha3s
            .sha3sum --sha3-100
            """#),
        script("the sha3() and sha3_query() functions", #"""
            SELECT hex(sha3(1)), hex(sha3('')), sha3(NULL), hex(sha3('abc', 384)), hex(sha3(x'00ff', 512));
            SELECT hex(sha3(2.5, 224)), hex(sha3(zeroblob(200)));
            SELECT hex(sha3_query('SELECT 1; SELECT 2')), hex(sha3_query('SELECT * FROM child', 224));
            SELECT sha3(1, 100);
            SELECT sha3_query('DELETE FROM child');
            SELECT sha3_query('SELECT nosuch');
            SELECT sha3_query(NULL);
            """#),
        script("sqlite_stat1 and sqlite_sequence in .sha3sum --schema", #"""
            CREATE TABLE seq(id INTEGER PRIMARY KEY AUTOINCREMENT, v);
            INSERT INTO seq(v) VALUES (1), (2);
            ANALYZE;
            .sha3sum --schema
            .sha3sum sqlite_%
            """#),
    ]
}
