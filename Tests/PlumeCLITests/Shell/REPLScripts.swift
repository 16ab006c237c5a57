/// The scripts `REPLCompatibilityTests` runs through both shells.
enum REPLScripts {
    static let values = #"""
    CREATE TABLE t(a, b TEXT, c REAL);
    INSERT INTO t VALUES (1, 'x', 1.5), (NULL, 'héllo wörld', 0.1), (3, 'a"b''c', 1e300), (4, X'00ff41', -0.0),
      (5, 'two
    lines', 100.0), (6, 'tab' || char(9) || 'x', 3.14159265358979), (7, '', 2.5e-7), (8, 'ctrl' || char(1) || 'x', 1e308 * 10);
    """#

    static let all: [REPLCompatibilityTests.Case] = [
        .init(name: "a full database (max_page_count) fails the statement and the commit, and keeps its rows",
              setup: "CREATE TABLE t (x); INSERT INTO t VALUES (1);", script: #"""
        PRAGMA max_page_count = 3;
        INSERT INTO t VALUES (randomblob(20000));
        BEGIN;
        INSERT INTO t VALUES (2);
        INSERT INTO t VALUES (randomblob(20000));
        COMMIT;
        SELECT count(*) FROM t;
        """#),
        .init(name: "every mode, headers on and off", setup: values, script: #"""
        .mode column
        SELECT * FROM t;
        .headers off
        SELECT * FROM t;
        .headers on
        .mode list
        SELECT * FROM t;
        .mode line
        SELECT * FROM t LIMIT 3;
        .mode quote
        SELECT * FROM t;
        .mode json
        SELECT * FROM t;
        .mode insert
        SELECT * FROM t;
        .mode insert "my table"
        SELECT * FROM t;
        .mode csv
        SELECT * FROM t;
        .mode tabs
        SELECT * FROM t;
        .mode html
        SELECT * FROM t;
        .mode markdown
        SELECT * FROM t;
        .mode table
        SELECT * FROM t;
        .mode box
        SELECT * FROM t;
        .mode tcl
        SELECT * FROM t;
        .headers off
        .mode csv
        SELECT * FROM t;
        .mode list
        SELECT * FROM t;
        .show
        """#),
        .init(name: "values: reals, blobs, quoting, empty results", script: #"""
        .mode csv
        SELECT 'a b', 'a,b', 'a''b', char(127), 'x;y', '', 'plain', NULL;
        .separator ;
        SELECT 'x;y', 'z';
        .mode box
        SELECT 1 WHERE 0;
        .mode json
        SELECT 1 WHERE 0;
        SELECT 1 AS "a\b", 2 AS "c""d";
        SELECT 1.0/3, 1e100, -2.5e-7, 9223372036854775807, -1e308*10, char(7) || '\', x'';
        .mode list
        SELECT 1; SELECT x'41004243';
        .mode line
        SELECT 1 AS a, 2 AS "longer name";
        .mode markdown
        SELECT NULL AS n, 1;
        .mode column
        SELECT 1 AS a WHERE 0;
        .headers off
        .mode markdown
        SELECT 1;
        .mode insert
        SELECT 1e308*10, -1e308*10, 2.0, 1.5, 123456789012345678.0, 'x' || char(13) || 'y', 'a\nb' || char(10), x'00';
        .mode quote
        SELECT 1e308*10, 3.0, x'', '', 0.1;
        .mode html
        .headers on
        SELECT '<&>"''' AS "h<";
        .mode ascii
        SELECT 1, 2;
        .mode count
        SELECT 1 UNION SELECT 2;
        .mode off
        SELECT 1;
        """#),
        .init(name: "aligned modes: wrapping, word wrap, widths, quote", script: #"""
        .mode box --wrap 10
        SELECT 'café' AS name, 'naïve résumé and more text' AS note, 'tab' || char(9) || 'x' AS t;
        .mode table --wrap 10 --wordwrap on
        SELECT 'the quick brown fox jumps over the lazy dog' AS s, 'supercalifragilisticexpialidocious' AS w;
        .mode column --ww --wrap 8
        SELECT 'the quick brown fox jumps over the lazy dog' AS s;
        .mode qbox
        SELECT 1, 'a''b', NULL, x'ab', 2.5;
        .mode box
        SELECT 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' AS long, 'a' || char(13) || char(10) || 'b';
        .mode
        .width 3 -5
        .mode column
        SELECT 'abcdef', 'ab';
        .mode markdown
        SELECT 'a', 'b', 'c';
        .show
        """#),
        .init(name: "nullvalue and separators", setup: values, script: #"""
        .nullvalue NULL
        SELECT a, b FROM t WHERE a IS NULL OR a = 1;
        .nullvalue 'a very long null value text'
        SELECT NULL;
        .separator , ;
        SELECT 1, 2; SELECT 3, 4;
        .separator ||| "\r\n"
        SELECT 1, 2;
        .separator "\t" \n
        SELECT 1, 2;
        .separator \101\x
        SELECT 1, 2;
        .show
        """#),
        .init(name: "errors without .bail", script: #"""
        CREATE TABLE t(id INTEGER PRIMARY KEY, a);
        INSERT INTO t VALUES (1, 'x');
        INSERT INTO t VALUES (1, 'dup');
        selct 1;
        SELECT * FROM nosuch;
        SELECT 1,
          2 FROM nosuch;
        SELECT 1; SELECT 2; selct 3; SELECT 4;
        SELECT abs(-9223372036854775808);
        SELECT 'long statement ................................................................', x FROM t;
        SELECT 'ünïcode before the error ..........................................', nope FROM t;
          SELECT 'leading spaces';
        .headers
        .mode list extra arg
        .separator
        .nullvalue
        .bail
        .headers maybe
        .mode nosuch
        .bogus
        .read /nonexistent/file.sql
        SELECT 'still running';
        """#),
        .init(name: "errors with .bail", script: #"""
        CREATE TABLE t(id INTEGER PRIMARY KEY);
        .bail on
        SELECT 'before';
        INSERT INTO t VALUES (1), (1);
        SELECT 'not reached';
        """#),
        .init(name: "input: comments, go, slash, incomplete statement at the end", script: #"""
        SELECT 1 -- trailing comment
        ;
        /* block
        comment */
        SELECT 'after comment';
        SELECT 1
        go
        SELECT 2
        /
        # a hash comment
        .print "quoted \"x\" and \t tab" 'single \t' bare\x
           ;
        SELECT 'multi
        line', 'value';
        SELECT 'unterminated
        """#),
        .init(name: "EXPLAIN listings and EXPLAIN QUERY PLAN trees", setup: #"""
        CREATE TABLE t(a, b);
        CREATE INDEX ta ON t(a);
        CREATE TABLE u(x PRIMARY KEY, y) WITHOUT ROWID;
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO u VALUES (new.a, new.b); END;
        """#, script: #"""
        EXPLAIN QUERY PLAN SELECT * FROM t WHERE a = 1 ORDER BY b;
        EXPLAIN QUERY PLAN SELECT * FROM t WHERE b IN (SELECT a FROM t WHERE a > (SELECT max(b) FROM t)) UNION SELECT 1, 2;
        EXPLAIN SELECT * FROM t WHERE a > 1;
        EXPLAIN SELECT * FROM t WHERE b IN (SELECT a FROM t WHERE a > (SELECT max(b) FROM t)) UNION SELECT 1, 2 ORDER BY 1;
        .mode box
        EXPLAIN QUERY PLAN SELECT * FROM t, t AS v WHERE t.a = v.b;
        EXPLAIN INSERT INTO t VALUES (1, 2);
        EXPLAIN WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 5) SELECT * FROM c, u WHERE x = u.x;
        .nullvalue NULL
        EXPLAIN SELECT 1;
        """#),
        .init(name: ".schema --indent", setup: #"""
        CREATE TABLE photo(id INTEGER PRIMARY KEY, album_id INTEGER NOT NULL REFERENCES album(id) ON DELETE CASCADE, name TEXT NOT NULL DEFAULT 'untitled, really', rating REAL CHECK (rating BETWEEN 0 AND 5), "weird (name)" TEXT, UNIQUE(album_id, name));
        CREATE TABLE album(id INTEGER PRIMARY KEY, title    TEXT -- the title, with a comma
        , created_at    TEXT NOT NULL DEFAULT (datetime('now')), owner TEXT);
        CREATE TABLE short(x, y);
        CREATE INDEX photo_by_rating_and_name_and_album ON photo(rating DESC, name COLLATE NOCASE, album_id) WHERE rating > 3;
        CREATE VIEW    top_photos AS SELECT   name, rating FROM photo WHERE rating >= 4 ORDER BY rating DESC, name;
        CREATE TRIGGER photo_touch AFTER UPDATE ON photo BEGIN UPDATE album SET title = title WHERE id = new.album_id; END;
        CREATE TABLE "quoted table"   (a   TEXT,   b   INTEGER,   c   BLOB,   d   REAL,   e   NUMERIC,   f   ANY,   g   TEXT);
        """#, script: ".schema --indent\n.schema --indent sqlite_schema\n.schema --indent al%\n"),
        .init(name: ".read recursion stops at 25 levels", script: ".read self.sql\nSELECT 2;\n",
              files: ["self.sql": "SELECT 1;\n.read self.sql\n"]),
        .init(name: ".exit in a .read file ends the shell", script: ".read exit.sql\nSELECT 9;\n",
              files: ["exit.sql": "SELECT 1;\n.exit 4\nSELECT 2;\n"]),
        .init(name: "abbreviated commands and modes, argument errors", script: #"""
        create table t(a, b); insert into t values (1, 'one'), (NULL, 'two');
        .mode col
        select * from t;
        .mode l
        select * from t;
        .mode t
        select * from t;
        .mode c
        select * from t;
        .mode m
        select * from t;
        .mode j
        select * from t;
        .mode q
        select * from t;
        .mode i "weird name"
        select * from t;
        .show
        .headers 1
        .mode list
        select * from t;
        .separator a b c
        .nullvalue "<null>"
        select * from t;
        .mode box --wrap 3 --quote
        select * from t;
        .mode box --bogus
        .mode table --wrap
        .mode
        .width 2 0 -3
        .mode column
        select * from t;
        .mode markdown
        select * from t;
        .width
        .mode table
        select * from t;
        .show
        .tables nomatch
        .indexes nomatch
        .schema nomatch
        .dump nomatch
        .print
        .he on
        .e off
        .changes
        .ch on
        insert into t values (3, 'three');
        .ch off
        .read
        .open a b
        """#),
        .init(name: ".quit stops reading", script: "SELECT 1;\n.quit\nSELECT 2;\n"),
        .init(name: ".exit with a code", script: "SELECT 1;\n.exit 3\nSELECT 2;\n"),
        .init(name: "error then .exit", script: "selct;\n.exit\n"),
        .init(name: "last statement without newline", script: "SELECT 1;\nSELECT 2"),
        .init(name: ".dump, .schema, .tables, .indexes", setup: #"""
        CREATE TABLE "order"(id INTEGER PRIMARY KEY AUTOINCREMENT, "select" TEXT, v REAL, b BLOB, g AS (v * 2));
        CREATE TABLE plain(x, y);
        CREATE INDEX "odd ""name""" ON plain(y);
        CREATE UNIQUE INDEX u1 ON plain(x) WHERE x > 0;
        CREATE VIEW v1 AS SELECT x FROM plain -- note
        ;
        CREATE TRIGGER trg AFTER DELETE ON plain BEGIN INSERT INTO plain VALUES (old.x, 'deleted'); END;
        CREATE TABLE wr(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
        CREATE VIRTUAL TABLE ft USING fts5(body);
        INSERT INTO "order"("select", v, b) VALUES ('it''s', 1.5, x'00'), (NULL, NULL, NULL), ('nl
        x', 1e-300, x'ff00ff'), ('cr' || char(13) || '\n', 3.0, '');
        INSERT INTO plain VALUES (1, 'a'), (2, 'b'), (-1, 'neg');
        INSERT INTO wr VALUES ('a', 1);
        INSERT INTO ft VALUES ('hello world');
        ANALYZE;
        """#, script: #"""
        .dump
        .dump plain
        .dump --data-only
        .dump --nosys
        .dump --preserve-rowids plain
        .dump --newlines order
        .schema
        .schema --nosys
        .schema pl%
        .schema sqlite_master
        .schema *ord*
        .schema ft%
        .tables
        .tables %r%
        .indexes
        .indexes plain
        .indexes a b
        .dump --bogus
        .schema a b
        """#),
        .init(name: ".echo, .read, .changes, attached and temp schemas", script: #"""
        .echo on
        .read inner.sql
        SELECT 'outer after read';
        .echo off
        ATTACH ':memory:' AS aux;
        CREATE TABLE aux.at(q);
        CREATE INDEX aux.ai ON at(q);
        CREATE TEMP VIEW tv AS SELECT 1 AS one;
        .tables
        .schema
        .indexes
        .dump
        .changes on
        CREATE TABLE c1(a);
        INSERT INTO c1 VALUES (1), (2), (3); UPDATE c1 SET a = a + 1; DELETE FROM c1 WHERE a = 4;
        .changes off
        .bail on
        .read inner.sql
        SELECT 'not reached';
        """#, files: ["inner.sql": "SELECT 'inner 1';\nselct 'bad';\n.print from inner\nSELECT 'inner last';\n"]),
    ]
}
