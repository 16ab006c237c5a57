import Testing

/// `.parameter` keeps bindings in `temp.sqlite_parameters` and every
/// statement binds `?NNN`, `:name`, `@name` and `$name` from it, as
/// `sqlite3` 3.40.1 does.
@Suite struct ParameterCommandTests {
    typealias Case = ScriptComparison.Case

    static let cases: [Case] = [
        .init("unbound parameters are NULL", ".nullvalue NULL\nSELECT ?1, :a, @b, $c, ?, ?5;\n.parameter list\n"),
        .init("values: SQL expressions, else text", """
        .parameter init
        .parameter list
        .parameter set :a 123
        .parameter set @b 'hello world'
        .parameter set $c abc
        .parameter set ?1 x'0102'
        .parameter set ?2 NULL
        .parameter set ?5 3.5e2
        .parameter set :expr 1+2*3
        .parameter set :q "'quoted'"
        .parameter set :dq "\\"double\\""
        .parameter set :col a
        .parameter set :fn upper('x')
        .parameter set :sub "(SELECT 40 + 2)"
        .parameter set :bad "(SELECT * FROM nope)"
        .parameter set :ov abs(-9223372036854775808)
        .parameter set :two "1; DROP TABLE IF EXISTS nothing"
        .parameter set :neg -5
        .parameter set :date "date('2000-01-01')"
        .parameter list
        .nullvalue NULL
        SELECT ?1, :a, @b, $c, ?5, :expr, :q, :dq, :col, :fn, :sub, :bad, :two, :neg, :date, typeof(?2);
        SELECT :ov, typeof(:ov);
        SELECT ?, ?, ?3, ?;
        """),
        .init("list pads names to the longest, at most 40", """
        .parameter set :a 1
        .parameter set :longer_parameter_name_that_is_long_really_longer_than_forty_chars 2
        .parameter set :ü 'ünïcode'
        .parameter set :abc "it's"
        .parameter list
        """),
        .init("unset and clear", """
        .parameter set :a 1
        .parameter set :b 2
        .parameter unset :a
        .parameter unset :nothere
        SELECT :a, :b;
        .parameter clear
        .parameter list
        SELECT :a, :b;
        .parameter unset :a
        .parameter clear
        """),
        .init("the table is a TEMP table anyone can read", """
        .parameter set :k 'v'
        SELECT * FROM temp.sqlite_parameters;
        .tables
        .schema
        INSERT INTO temp.sqlite_parameters VALUES (':direct', 42);
        SELECT :direct;
        DROP TABLE temp.sqlite_parameters;
        SELECT :direct;
        """),
        .init("a parameter table made by hand", """
        CREATE TEMP TABLE sqlite_parameters(key, value);
        PRAGMA writable_schema = ON;
        CREATE TEMP TABLE sqlite_parameters(key, value);
        PRAGMA writable_schema = OFF;
        INSERT INTO temp.sqlite_parameters VALUES (':k', 1), (':k', 2);
        .parameter list
        SELECT :k;
        """),
        .init("bindings reach every statement of a line", ".parameter set :x 7\nSELECT :x; SELECT :x + 1; CREATE TABLE t(a); INSERT INTO t VALUES (:x); SELECT * FROM t;\n"),
        .init("help and errors", """
        .parameter
        .parameter foo
        .parameter set
        .parameter set :x
        .parameter set :x 1 2
        .parameter list extra
        .parameter unset
        .par list
        .pa list
        .param set :x 5
        SELECT :x;
        """),
        .init("a value that is not valid SQL even as text", ".parameter set :x \"'\"\n.parameter list\n"),
        .init("quoted names and values", """
        .parameter set ':a b' 'x y'
        .parameter set "it's" "it's"
        .parameter list
        """),
        .init("parameters on the command line", arguments: ["test.db", ".parameter set :n 9", "SELECT :n * 2"], ""),
        .init("in a read-only database", setup: "CREATE TABLE t(a);", arguments: ["-readonly", "test.db"],
              ".parameter set :x 1\nSELECT :x;\n.parameter list\n"),
    ]

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: Case) throws {
        let (plume, sqlite) = try ScriptComparison.run(testCase)
        #expect(plume == sqlite)
    }
}
