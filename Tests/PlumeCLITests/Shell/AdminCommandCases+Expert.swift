/// `.expert`: the index advisor on queries, joins, views, triggers and
/// odd names. (`--sample N`, which fills `sqlite_stat1` from the data, is
/// not ported: with it, plans can differ.)
extension AdminCommandCases {
    static let expertSchema = """
        CREATE TABLE t(a, b, c); INSERT INTO t VALUES (1, 'x', 3); CREATE INDEX i ON t(b);
        CREATE TABLE u(x PRIMARY KEY, y COLLATE NOCASE, z);
        CREATE TABLE "odd name"("q r", s);
        CREATE TABLE w(k PRIMARY KEY, v, x) WITHOUT ROWID;
        CREATE VIEW v AS SELECT * FROM t;
        CREATE TABLE log(m);
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log SELECT z FROM u WHERE y = new.a; END;
        CREATE TRIGGER tv INSTEAD OF DELETE ON v BEGIN DELETE FROM w WHERE v = old.a; END;
        """

    static let expert: [CommandLineComparison.Case] = [
        script(".expert proposes indexes", #"""
            .expert
            SELECT * FROM t WHERE b = 5;
            .expert
            SELECT * FROM t WHERE a > 1 AND b = 2 ORDER BY a;
            .expert
            SELECT * FROM t;
            .expert
            SELECT * FROM t WHERE rowid = 1; SELECT * FROM t WHERE a = 1;
            .expert
            SELECT * FROM u WHERE y = ? AND z > 5 ORDER BY x DESC;
            .expert
            SELECT * FROM t, u WHERE t.a = u.z AND u.y = 3;
            .expert
            SELECT * FROM v WHERE c = 1;
            .expert
            SELECT * FROM t WHERE a = 1 ORDER BY b DESC, c;
            .expert
            SELECT * FROM w WHERE v = 1 AND x < 3;
            .expert
            SELECT * FROM t WHERE a = 1 AND a = 2 AND b > 1 AND b < 5 AND c >= 2;
            """#, setup: expertSchema),
        script(".expert --verbose, odd names and collations", #"""
            .expert --verbose
            SELECT 1;
            .expert -v
            SELECT * FROM "odd name" WHERE "q r" = 1 AND s COLLATE NOCASE = 2;
            .expert --verb
            SELECT * FROM t WHERE c = 1 ORDER BY b;
            """#, setup: expertSchema),
        script(".expert follows triggers of writes", #"""
            .expert
            INSERT INTO t VALUES (1, 2, 3);
            .expert --verbose
            DELETE FROM v WHERE a = 5;
            .expert
            UPDATE u SET z = 1 WHERE y > 2;
            .expert
            CREATE TABLE q(x);
            SELECT count(*) FROM sqlite_schema WHERE name = 'q';
            """#, setup: expertSchema),
        script(".expert errors, options and cancelling", #"""
            .expert
            SELECT * FROM nosuch;
            .expert -sample 101
            .expert -sample -1
            .expert --sample
            .expert -x
            .expert -
            .expert
            .expert
            .print cancelled
            SELECT 1;
            .expe
            SELECT * FROM t WHERE c = 2;
            """#, setup: expertSchema),
        script("-safe: .expert", ".expert\nSELECT 1;\n", arguments: ["-safe", "test.db"]),
    ]
}
