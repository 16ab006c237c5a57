/// Command lines that `plume` runs as `sqlite3` 3.40.1 does: every option
/// of `sqlite3 -help` at least once, both spellings, combinations, SQL and
/// dot-commands as arguments, a database that does not exist yet, `-init`,
/// and errors.
///
/// Where the two cannot match, ``ShellCommandLineTests`` checks Plume apart
/// (and the README lists it):
/// - `-A`, `-append`, `-zip`: `.archive`, the `apndvfs` VFS and the
///   `zipfile` module are built into `sqlite3`, not into the SQLite library.
/// - `-memtrace`, `-stats`: the figures are this process's allocations.
/// - `~/.sqliterc`: `sqlite3` 3.40.1 takes the home directory from the
///   password database; Plume honours `$HOME` first.
/// - `--help`, `-h`, `help` and `--version` as the first argument are
///   plume's own (`-help`, `-version` and later `--help` are sqlite3's).
enum ShellCommandLineCases {
    typealias Case = CommandLineComparison.Case

    static let query = "SELECT a, b FROM t ORDER BY a"

    static let options: [Case] = [
        Case(name: "-ascii", arguments: ["-ascii", "test.db", query]),
        Case(name: "-bail stops a script at the first error", arguments: ["-bail", "test.db"],
             stdin: "SELECT 1;\nSELEC 2;\nSELECT 3;\n"),
        Case(name: "without -bail a script goes on", arguments: ["test.db"], stdin: "SELECT 1;\nSELEC 2;\nSELECT 3;\n"),
        Case(name: "-batch", arguments: ["-batch", "test.db"], stdin: "\(query);\n"),
        Case(name: "-box", arguments: ["-box", "test.db", query, ".mode"]),
        Case(name: "-column", arguments: ["-column", "test.db", query, ".show"]),
        Case(name: "-cmd before stdin", arguments: ["-cmd", ".mode csv", "-cmd", "SELECT 'first'", "test.db"],
             stdin: "\(query);\n"),
        Case(name: "-csv", arguments: ["-csv", "test.db", query, ".show"]),
        Case(name: "-deserialize", arguments: ["-deserialize", "test.db", "INSERT INTO t VALUES (4, 'four')",
                                              "SELECT count(*) FROM t"]),
        Case(name: "-deserialize -maxsize", arguments: ["-deserialize", "-maxsize", "1M", "test.db", query]),
        Case(name: "-deserialize of a missing file", arguments: ["-deserialize", "missing.db", ".tables"], setup: nil),
        Case(name: "-echo", arguments: ["-echo", "test.db"], stdin: "SELECT 1;\n.print hi\n-- comment\nSELECT 2;\n"),
        Case(name: "-echo does not echo arguments", arguments: ["-echo", "test.db", "SELECT 1", ".print hi"]),
        Case(name: "-init", arguments: ["-init", "init.sql", "test.db", query],
             files: ["init.sql": ".mode line\n.nullvalue NIL\n"]),
        Case(name: "-init then options override it", arguments: ["-init", "init.sql", "-list", "test.db", query],
             files: ["init.sql": ".mode line\n.print from-init\n"]),
        Case(name: "-header", arguments: ["-header", "test.db", query]),
        Case(name: "-noheader after -header", arguments: ["-header", "-noheader", "-column", "test.db", query]),
        Case(name: "-noheader keeps .mode column from turning headers on", arguments: ["-noheader", "test.db", ".mode column", query]),
        Case(name: "-help", arguments: ["-help"]),
        Case(name: "-help after a -cmd", arguments: ["-cmd", ".print before", "-help", "test.db"]),
        Case(name: "-html", arguments: ["-html", "test.db", query]),
        Case(name: "-interactive with commands reads no stdin", arguments: ["-interactive", "test.db", "SELECT 1"]),
        Case(name: "-json", arguments: ["-json", "test.db", query]),
        Case(name: "-line", arguments: ["-line", "test.db", query]),
        Case(name: "-list", arguments: ["-csv", "-list", "test.db", query]),
        Case(name: "-lookaside", arguments: ["-lookaside", "128", "50", "test.db", query]),
        Case(name: "-markdown", arguments: ["-markdown", "test.db", query]),
        Case(name: "-mmap", arguments: ["-mmap", "64KiB", "test.db", query]),
        Case(name: "-newline", arguments: ["-newline", "<EOL>", "test.db", query]),
        Case(name: "-nofollow on a file", arguments: ["-nofollow", "test.db", query]),
        Case(name: "-nofollow refuses a link", arguments: ["-nofollow", "link.db", query], links: ["link.db": "test.db"]),
        Case(name: "a link without -nofollow", arguments: ["link.db", query], links: ["link.db": "test.db"]),
        Case(name: "-nonce", arguments: ["-nonce", "secret", "test.db", query]),
        Case(name: "-nullvalue", arguments: ["-nullvalue", "(null)", "test.db", query]),
        Case(name: "-pagecache", arguments: ["-pagecache", "4096", "100", "test.db", query]),
        Case(name: "-quote", arguments: ["-quote", "test.db", query, ".show"]),
        Case(name: "-readonly refuses writes", arguments: ["-readonly", "test.db", "INSERT INTO t VALUES (9, 'nine')"]),
        Case(name: "-readonly reads", arguments: ["-readonly", "test.db", query]),
        Case(name: "-readonly on a missing file", arguments: ["-readonly", "missing.db", "SELECT 1"], setup: nil),
        Case(name: "-safe refuses ATTACH", arguments: ["-safe", "test.db", "ATTACH 'other.db' AS other"]),
        Case(name: "-safe refuses .read", arguments: ["-safe", "test.db"], stdin: "SELECT 1;\n.read x.sql\nSELECT 2;\n"),
        Case(name: "-safe refuses .open of a file", arguments: ["-safe", "test.db", ".open other.db"]),
        Case(name: "-safe allows .open of memory", arguments: ["-safe", "test.db", ".open", "SELECT 1"]),
        Case(name: "-safe refuses load_extension()", arguments: ["-safe", "test.db", "SELECT load_extension('x')"]),
        Case(name: "-safe runs plain SQL", arguments: ["-safe", "test.db", query]),
        Case(name: "-separator", arguments: ["-separator", " :: ", "test.db", query]),
        Case(name: "-separator longer than sqlite3 keeps", arguments: ["-separator", "0123456789abcdefghijklmnop", "test.db", query]),
        Case(name: "-stats", arguments: ["-stats", "test.db", query, "SELECT 1"], masksNumbers: true),
        Case(name: "-stats with -lookaside 0 0 and -pagecache", arguments: ["-stats", "-lookaside", "0", "0", "-pagecache", "0", "0", "test.db", query],
             masksNumbers: true),
        Case(name: "-stats in .show", arguments: ["-stats", "test.db", ".show"]),
        Case(name: "-table", arguments: ["-table", "test.db", query]),
        Case(name: "-tabs", arguments: ["-tabs", "test.db", query, ".show"]),
        Case(name: "-version", arguments: ["-version"]),
        Case(name: "-version after other options", arguments: ["-csv", "-header", "-version", "-bogus"]),
        Case(name: "-vfs", arguments: ["-vfs", "unix-dotfile", "test.db", query]),
        Case(name: "-vfs unknown", arguments: ["-vfs", "nowhere", "test.db", query]),
        Case(name: "-batch after -interactive", arguments: ["-interactive", "-batch", "test.db"], stdin: "SELECT 1;\n"),
        Case(name: "undocumented -heap, -threadsafe, -scanstats", arguments: ["-heap", "1000", "-threadsafe", "2", "-scanstats", "test.db", query]),
    ]

    static let spellings: [Case] = [
        Case(name: "--csv --header", arguments: ["--csv", "--header", "test.db", query]),
        Case(name: "--separator --newline --nullvalue", arguments: ["--separator", ";", "--newline", "|\n", "--nullvalue", "-", "test.db", query]),
        Case(name: "--cmd --bail", arguments: ["--bail", "--cmd", "SELEC 1", "test.db", query]),
        Case(name: "--init", arguments: ["--init", "init.sql", "test.db", query], files: ["init.sql": ".headers on\n"]),
        Case(name: "--version", arguments: ["test.db", "--version"]),
        Case(name: "--help after the database", arguments: ["test.db", "--help"]),
        Case(name: "--box --readonly --json", arguments: ["--box", "--readonly", "--json", "test.db", query]),
        Case(name: "---csv is unknown", arguments: ["---csv", "test.db", query]),
    ]

    static let combinations: [Case] = [
        Case(name: "modes: the last wins", arguments: ["-line", "-html", "-markdown", "test.db", query]),
        Case(name: "-cmd .mode then -column keeps .mode's wrap", arguments: ["-cmd", ".mode box", "-column", "test.db", ".mode"]),
        Case(name: "-csv -separator", arguments: ["-csv", "-separator", ";", "test.db", query]),
        Case(name: "-separator -csv", arguments: ["-separator", ";", "-csv", "test.db", query]),
        Case(name: "-ascii -newline", arguments: ["-ascii", "-newline", "\n", "test.db", query]),
        Case(name: "options after the database", arguments: ["test.db", "-header", "-csv", query]),
        Case(name: "options between commands", arguments: ["test.db", query, "-json", ".mode"]),
        Case(name: "-echo -bail with stdin", arguments: ["-echo", "-bail", "test.db"], stdin: "SELECT 1;\nSELEC 2;\nSELECT 3;\n"),
        Case(name: "-init and -cmd order", arguments: ["-cmd", ".print cmd", "-init", "init.sql", "test.db", ".print args"],
             files: ["init.sql": ".print init\n"]),
        Case(name: "-header -column -nullvalue", arguments: ["-header", "-column", "-nullvalue", "∅", "test.db", query]),
        Case(name: "-readonly -deserialize: the last open mode wins", arguments: ["-readonly", "-deserialize", "test.db",
                                                                                 "INSERT INTO t VALUES (4, 'four')"]),
        Case(name: "-tabs -header", arguments: ["-tabs", "-header", "test.db", query]),
    ]

    static let commands: [Case] = [
        Case(name: "SQL and dot-commands in order", arguments: ["test.db", "SELECT count(*) FROM t", ".tables", ".mode csv", query]),
        Case(name: "commands read no stdin", arguments: ["test.db", "SELECT 1"], stdin: "SELECT 2;\n"),
        Case(name: "several statements in one argument", arguments: ["test.db", "SELECT 1; SELECT 2;"]),
        Case(name: "a parse error ends the commands", arguments: ["test.db", "SELECT 1", "SELEC 2", "SELECT 3"]),
        Case(name: "a parse error in a later statement", arguments: ["test.db", "SELECT 1; SELEC; SELECT 3"]),
        Case(name: "a runtime error ends the commands", arguments: ["test.db", "SELECT abs(-9223372036854775808)", "SELECT 3"]),
        Case(name: "a constraint error exits with its code", arguments: ["test.db", "CREATE TABLE u(x UNIQUE)",
                                                                        "INSERT INTO u VALUES (1), (1)", "SELECT 3"]),
        Case(name: "an unknown dot-command ends the commands", arguments: ["test.db", ".bogus", "SELECT 3"]),
        Case(name: ".quit ends the commands", arguments: ["test.db", "SELECT 1", ".quit", "SELECT 3"]),
        Case(name: ".exit 3", arguments: ["test.db", "SELECT 1", ".exit 3", "SELECT 3"]),
        Case(name: "-cmd failure goes on without -bail", arguments: ["-cmd", "SELEC", "-cmd", ".bogus", "test.db", "SELECT 2"]),
        Case(name: "-cmd failure with -bail", arguments: ["-bail", "-cmd", "SELECT 1", "-cmd", "SELEC", "test.db", "SELECT 2"]),
        Case(name: "-cmd .quit goes on to the commands", arguments: ["-cmd", ".quit", "test.db", "SELECT 9"]),
        Case(name: "-cmd .exit 4", arguments: ["-cmd", ".exit 4", "test.db", "SELECT 9"]),
        Case(name: "-cmd .quit with -bail ends", arguments: ["-bail", "-cmd", ".quit", "test.db", "SELECT 9"]),
        Case(name: "-cmd as the last argument", arguments: ["test.db", "-cmd"]),
        Case(name: "no commands: stdin", arguments: ["test.db"], stdin: "\(query);\n.tables\n"),
        Case(name: "no arguments: memory and stdin", arguments: [], stdin: "SELECT 1;\n.show\n", setup: nil),
        Case(name: "timer and changes do not apply to arguments", arguments: ["test.db", ".timer on", ".changes on", "UPDATE t SET a = a"]),
        Case(name: "an empty argument", arguments: ["test.db", ""]),
    ]

    static let databases: [Case] = [
        Case(name: "a missing database is created by SQL", arguments: ["new.db", "CREATE TABLE x(y)", ".tables"], setup: nil),
        Case(name: "a missing database is created empty by a read", arguments: ["new.db", "SELECT 1"], setup: nil),
        Case(name: "a missing database stays missing for .print", arguments: ["new.db", ".print hello"], setup: nil),
        Case(name: "a missing database from stdin", arguments: ["new.db"], stdin: "CREATE TABLE x(y);\n.tables\n", setup: nil),
        Case(name: "a missing database and .quit", arguments: ["new.db"], stdin: ".quit\n", setup: nil),
        Case(name: "a database in a missing directory", arguments: ["nowhere/new.db", "SELECT 1"], setup: nil),
        Case(name: "a database in a missing directory, unused", arguments: ["nowhere/new.db", ".print fine"], setup: nil),
        Case(name: ":memory: explicitly", arguments: [":memory:", "SELECT 1", ".show"], setup: nil),
        Case(name: "an in-memory .show", arguments: [], stdin: ".show\n", setup: nil),
    ]

    static let initFiles: [Case] = [
        Case(name: "-init with an error goes on", arguments: ["-init", "bad.sql", "test.db", "SELECT 1"], files: ["bad.sql": "SELEC;\n"]),
        Case(name: "-init with an error and -bail", arguments: ["-bail", "-init", "bad.sql", "test.db", "SELECT 1"],
             files: ["bad.sql": ".print a\nSELEC;\n.print b\n"]),
        Case(name: "-init missing", arguments: ["-init", "missing.sql", "test.db", "SELECT 1"]),
        Case(name: "-init missing with -bail", arguments: ["-bail", "-init", "missing.sql", "test.db", "SELECT 1"]),
        Case(name: "-init .exit 7", arguments: ["-init", "exit.sql", "test.db", "SELECT 1"], files: ["exit.sql": ".exit 7\n"]),
        Case(name: "-init .quit ends only the file", arguments: ["-init", "quit.sql", "test.db", "SELECT 1"],
             files: ["quit.sql": ".print a\n.quit\n.print b\n"]),
        Case(name: "-init then stdin", arguments: ["-init", "init.sql", "test.db"], stdin: "\(query);\n",
             files: ["init.sql": ".mode box\n.headers on\n"]),
        Case(name: "-init .bail on", arguments: ["-init", "init.sql", "test.db"], stdin: "SELEC;\nSELECT 2;\n",
             files: ["init.sql": ".bail on\n"]),
        Case(name: "-init .read", arguments: ["-init", "init.sql", "test.db", "SELECT 1"],
             files: ["init.sql": ".read more.sql\n", "more.sql": ".print more\n"]),
        Case(name: "-init without a value", arguments: ["test.db", "-init"]),
    ]

    static let errors: [Case] = [
        Case(name: "an unknown option", arguments: ["-bogus"]),
        Case(name: "an unknown option after the database", arguments: ["test.db", "-bogus", "SELECT 1"]),
        Case(name: "an unknown option after a -cmd", arguments: ["-cmd", "SELECT 1", "-bogus", "test.db"]),
        Case(name: "-h is unknown after an option", arguments: ["-csv", "-h"]),
        Case(name: "a lone dash", arguments: ["test.db", "-"]),
        Case(name: "a double dash after the database", arguments: ["test.db", "--", "SELECT 1"]),
        Case(name: "a missing value", arguments: ["test.db", "-separator"]),
        Case(name: "a missing value, doubled dash", arguments: ["test.db", "--nullvalue"]),
        Case(name: "a missing second value", arguments: ["-pagecache", "100"]),
        Case(name: "-maxsize last is unknown", arguments: ["test.db", "-maxsize"]),
        Case(name: "-nonce skips one more argument", arguments: ["test.db", "-nonce", "x", "-bogus", query]),
        Case(name: "-threadsafe skips one more argument", arguments: ["test.db", "-threadsafe", "1", "-bogus"]),
        Case(name: "-A after commands", arguments: ["test.db", "SELECT 1", "-A"]),
    ]

    static let all = options + spellings + combinations + commands + databases + initFiles + errors
}
