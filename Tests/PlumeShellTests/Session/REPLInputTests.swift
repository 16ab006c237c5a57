import Testing
@testable import PlumeShell

/// How the shell splits input: dot-command arguments and the scan that
/// decides when a SQL statement may be complete.
@Suite struct REPLInputTests {
    @Test func dotCommandArgumentsAreSplitAndUnescapedLikeSQLite3() {
        let line = DotCommandLine(Array(#".print "a \"b\"\tc" 'd \t e' f\x41 \101"#.utf8))
        let arguments = line.arguments.map { String(decoding: $0, as: UTF8.self) }
        #expect(arguments == ["print", "a \"b\"\tc", #"d \t e"#, "fx41", "A"])
    }

    @Test func booleanValuesAcceptNumbersAndWords() {
        #expect(DotCommandLine.booleanValue(Array("on".utf8)))
        #expect(DotCommandLine.booleanValue(Array("YES".utf8)))
        #expect(DotCommandLine.booleanValue(Array("2".utf8)))
        #expect(DotCommandLine.booleanValue(Array("0x10".utf8)))
        #expect(!DotCommandLine.booleanValue(Array("off".utf8)))
        #expect(!DotCommandLine.booleanValue(Array("0".utf8)))
    }

    @Test func scannerTracksStringsCommentsAndSemicolons() {
        var scanner = InputScanner()
        scanner.scan(Array("SELECT 'a;".utf8))
        #expect(!scanner.isPlain)
        scanner.scan(Array("b';".utf8))
        #expect(scanner.endsStatement)
        var comment = InputScanner()
        comment.scan(Array("/* only a comment */ -- and another".utf8))
        #expect(comment.isBlank)
        var trailing = InputScanner()
        trailing.scan(Array("SELECT 1; -- done".utf8))
        #expect(trailing.endsStatement)
        var bracket = InputScanner()
        bracket.scan(Array("SELECT [a;b".utf8))
        #expect(!bracket.isPlain && !bracket.endsStatement)
    }

    @Test func goAndSlashEndAStatement() {
        #expect(InputScanner.isCommandTerminator(Array("  GO".utf8)))
        #expect(InputScanner.isCommandTerminator(Array("/ -- oracle".utf8)))
        #expect(!InputScanner.isCommandTerminator(Array("gone".utf8)))
        #expect(!InputScanner.isCommandTerminator(Array("go;".utf8)))
    }
}
