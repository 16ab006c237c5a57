import Testing

/// `.output`, `.once` and `.excel` print, write files and pipes, and fail
/// as `sqlite3` 3.40.1 does. This machine has no `xdg-open`: `-x` and `-e`
/// write a temporary file, then report that the viewer failed.
@Suite struct OutputCommandTests {
    static let cases: [ScriptComparison.Case] = [
        .init("to a file and back", """
        .output out.txt
        SELECT 1;
        .print printed
        .show
        .output
        SELECT 2;
        .show
        """),
        .init("off is an error that keeps stdout", ".output off\nSELECT 1;\n"),
        .init("off, then more", ".output off\n.print x\n.output\nSELECT 3;\n"),
        .init("stdout and stderr by name", """
        .output stderr
        SELECT 'to stderr';
        .show
        .output stdout
        SELECT 'to stdout';
        .show
        """),
        .init("a directory that does not exist", ".output /nonexistent/dir/f\nSELECT 1;\n"),
        .init("a directory as the file", ".output .\nSELECT 1;\n"),
        .init("a file name with spaces and quotes", ".output 'my file.txt'\nSELECT 'x';\n.output \"b\\\"c.txt\"\nSELECT 'y';\n"),
        .init("--bom and -bom", ".output --bom a.txt\nSELECT 1;\n.output -bom b.txt\nSELECT 2;\n.output --bom\nSELECT 3;\n"),
        .init("truncates an existing file", files: ["old.txt": "old contents that are long\n"],
              ".output old.txt\nSELECT 'new';\n"),
        .init("unknown options", masks: [.temporaryNames], ".output -z\n.output --x\n.output ---bom\n.output -\n.once -q f\nSELECT 1;\n"),
        .init("extra parameters", ".output a b\n.once a b c\nSELECT 1;\n"),
        .init("once: the next SQL only", """
        .once once.txt
        SELECT 1;
        SELECT 2;
        """),
        .init("once: the next dot-command only", """
        .once once.txt
        .print into the file
        .print to stdout
        SELECT 3;
        """),
        .init("once: two in a row", ".once a.txt\n.once b.txt\nSELECT 1;\nSELECT 2;\n"),
        .init("once that fails ends an earlier once", ".once a.txt\n.once -z\nSELECT 1;\n"),
        .init("once then output", ".once a.txt\n.output b.txt\nSELECT 1;\nSELECT 2;\n.output\nSELECT 3;\n"),
        .init("once at the end of input", ".once a.txt\nSELECT 1;"),
        .init("abbreviations: .o is .once, .ou is .output", ".o a.txt\nSELECT 1;\nSELECT 2;\n.ou b.txt\nSELECT 3;\nSELECT 4;\n.o -z\n.ou -z\n"),
        .init("pipes", """
        .output |cat -n
        SELECT 1;
        SELECT 2;
        .output
        .once | tr a-z A-Z
        SELECT 'abc';
        SELECT 'def';
        """),
        .init("a pipe takes the rest of the line", ".output | tr a-z A-Z > piped.txt\nSELECT 'abc';\n.output\n"),
        // Nothing is written: whether sqlite3 outlives a write to the
        // dead pipe depends on timing.
        .init("a pipe whose command fails", ".output | no_such_command_here\n.output\n.print after\n"),
        .init("a pipe with --bom", ".once --bom |od -c\nSELECT 1;\n"),
        .init("-x writes CSV, fails to open a viewer, restores the mode", masks: [.temporaryNames], """
        .mode box
        .output -x
        SELECT 1 AS a, 'x,y' AS b;
        .show
        .output
        SELECT 2;
        .show
        """),
        .init("-e with a database file: SQLite's temporary name", temporaryDirectoryIsLocal: true, masks: [.temporaryNames], """
        SELECT 1;
        .once -e
        SELECT 2;
        .once --bom -e
        .print text
        SELECT 3;
        """),
        .init("-x before the database is opened", arguments: [], masks: [.temporaryNames], ".once -x\nSELECT 1;\n"),
        .init("-x, then a file name is an extra parameter", masks: [.temporaryNames], ".once -x f.txt\n.once f.txt -x\nSELECT 1;\n"),
        .init("-x and .echo", masks: [.temporaryNames], ".echo on\n.once -x\nSELECT 1;\nSELECT 2;\n"),
        .init("excel", masks: [.temporaryNames], ".excel\nSELECT 1;\n.excel --bom\nSELECT 2;\n.excel -x\n.excel -e\n.excel f\nSELECT 3;\n"),
        .init("a pending viewer opens at exit", masks: [.temporaryNames], ".output -e\nSELECT 1;\n"),
        .init("output left on a file at exit", ".output left.txt\nSELECT 1;\n"),
        .init("an error message goes to stderr while output is a file", ".output o.txt\nSELECT * FROM nope;\nSELECT 1;\n"),
        .init("help text follows the typed name", ".o -z\n.on a b\n.out -z\n.exc -z\n"),
        .init("NUL in a file name ends it", ".output \"a\\000b.txt\"\nSELECT 1;\n"),
        .init("output from the command line", arguments: ["test.db", ".once cl.txt", "SELECT 1", "SELECT 2", ".print x"], ""),
        .init("safe mode refuses them, named as typed", arguments: ["-safe", "test.db"], "SELECT 1;\n.ou x\n"),
        .init("safe mode refuses .once", arguments: ["-safe", "test.db"], ".o x\n"),
    ]

    @Test(arguments: cases)
    func matchesSQLite3(_ testCase: ScriptComparison.Case) throws {
        let (plume, sqlite) = try ScriptComparison.run(testCase)
        #expect(plume == sqlite)
    }
}
