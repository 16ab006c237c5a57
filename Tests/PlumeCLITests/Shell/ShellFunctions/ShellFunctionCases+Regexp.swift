extension ShellFunctionCases {
    /// Patterns tried against every subject of `regexpSubjects`.
    static let regexpPatterns = [
        "b+c$", "^abc$", "a|b|c", "(ab)+", "a{2,3}", "a{2}", "a{2,}", "x{,2}", "a?b", "a*", ".", ".*", "^.*$",
        "\\bword\\b", "\\w+", "\\W", "\\d\\d", "\\D", "\\s", "\\S+", "[abc]", "[^abc]", "[a-z]+", "[^a-z]",
        "[]a]", "[a-]", "[-a]", "[\\]]", "[\\n]", "\\u00e9", "\\x41", "\\t", "\\.", "\\(\\)", "é+", "[à-ÿ]",
        "^", "$", "^$", "a$b", "(a|)+", "(|a)", "((a))", "a.c", "\\^", "a\\", "[\\x41-\\x43]", "\\u0041B",
        "A", "(?:a)", "a**", "a{0,2}b", "(a{1,2}){2}", "\\\\", "\\{", "\\|",
    ]
    /// Subjects: ASCII, accents, empty, NULL, invalid UTF-8, a NUL byte.
    static let regexpSubjects = [
        "'abc'", "'xabcx'", "'aab'", "'A'", "'word here'", "'a1 b2'", "''", "NULL", "'é'", "'ÀÉ'", "'a]b'",
        "'tab' || char(9)", "'line' || char(10)", "cast(x'61ff63' AS TEXT)", "cast(x'610063' AS TEXT)",
        "x'c3a9'", "123", "'aaaa'", "'a.c'", "'()'", "'a\\b'", "'{|}'", "'^'", "char(55296)",
    ]

    static let regexp: [Case] = regexpPatterns.map { pattern in
        let literal = "'" + pattern.replacingOccurrences(of: "'", with: "''") + "'"
        let columns = regexpSubjects.map { "regexp(\(literal), \($0))" }.joined(separator: ", ")
        let ignoringCase = regexpSubjects.map { "regexpi(\(literal), \($0))" }.joined(separator: ", ")
        return Case("SELECT \(columns);\nSELECT \(ignoringCase);\n", name: "regexp " + pattern)
    } + ShellFunctionComparison.statements([
        "SELECT regexp('(', 'a');",
        "SELECT regexp('a)', 'a');",
        "SELECT regexp('*a', 'a');",
        "SELECT regexp('+', 'a');",
        "SELECT regexp('?', 'a');",
        "SELECT regexp('{2}', 'a');",
        "SELECT regexp('a{', 'a');",
        "SELECT regexp('a{2', 'a');",
        "SELECT regexp('a{3,2}', 'a');",
        "SELECT regexp('a{0}', 'a');",
        "SELECT regexp('a{0,0}', 'a');",
        "SELECT regexp('a{x}', 'a');",
        "SELECT regexp('[abc', 'a');",
        "SELECT regexp('[', 'a');",
        "SELECT regexp('[^', 'a');",
        "SELECT regexp('[[:alpha:]]', 'a');",
        "SELECT regexp('\\q', 'q');",
        "SELECT regexp('[\\d]', '1');",
        "SELECT regexp('\\u12', 'a');",
        "SELECT regexp('\\xZZ', 'a');",
        "SELECT regexp('(a', 'a');",
        "SELECT regexp('a|*', 'a');",
        "SELECT regexp('(*)', 'a');",
        "SELECT regexp('\\q(', 'a');",
        "SELECT regexp('[\\x00]', 'a');",
        "SELECT regexpi('(', 'a');",
        "SELECT regexp(NULL, 'a'), regexp('a', NULL), regexp(NULL, NULL), typeof(regexp('a', 'a'));",
        "SELECT 'abc' REGEXP 'b', 'abc' REGEXP 'x', NULL REGEXP 'a', 'a' REGEXP NULL, 'ABC' NOT REGEXP 'b';",
        "SELECT 'abc' REGEXP '(';",
        "SELECT regexp('a');",
        "SELECT regexp('a', 'b', 'c');",
        "SELECT regexpi();",
        "SELECT regexp(1, 21), regexp(2.5, '2.5'), regexp(x'61', 'a'), regexp('a', x'616263');",
        "SELECT regexp('a{1000}', printf('%.*c', 1000, 'a')), regexp('a{999}b', printf('%.*c', 1000, 'a'));",
        "SELECT regexp('(x|y|z){50}', printf('%.*c', 60, 'y'));",
        "SELECT regexp(cast(x'6100' AS TEXT) || 'b', 'a');",
        "CREATE TABLE w(x); INSERT INTO w VALUES ('apple'), ('Banana'), ('cherry'), (NULL), ('date9'); SELECT x FROM w WHERE x REGEXP '^[a-c]' ORDER BY rowid; SELECT count(*) FROM w WHERE regexpi('^B', x);",
        "SELECT x, regexp(x, 'abc') FROM (VALUES ('a'), ('('), ('c$')) ORDER BY 1;",
    ])
}
