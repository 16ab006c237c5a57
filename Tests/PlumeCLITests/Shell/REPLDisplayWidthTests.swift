import Foundation
@testable import PlumeShell
import PlumeTestSupport
import Testing

/// Aligned modes measure text as `sqlite3` 3.40 does when their output is
/// not a terminal (one column per character, so that the bytes match), and
/// by display width on a terminal (CJK and emoji take two columns,
/// combining marks none, so that the columns line up). Combining marks are
/// printed either way.
@Suite struct REPLDisplayWidthTests {
    static let values = """
        CREATE TABLE w(name, x);
        INSERT INTO w VALUES ('日本語', 'ok'), ('emoji 🎉👍', 'y'), ('e' || char(769) || 'te', 'z'), ('ｆｕｌｌ', 'ｗ'),
          ('n' || char(771) || char(771), 'combining'), (cast(x'ff41c3' AS TEXT), 'invalid'), ('tab' || char(9) || 'x', 't'),
          ('🇫🇷', 'flag'), ('한글', 'hangul'), ('', NULL);
        """

    static let queries = [
        "SELECT * FROM w;", "SELECT name AS 名前, x AS é FROM w;", "SELECT name || name AS twice FROM w;",
    ]

    static let settings = [
        ".mode box", ".mode table", ".mode markdown", ".mode column", ".mode column\n.width 3 -4",
        ".mode box --wrap 4", ".mode table --wrap 3 --wordwrap on", ".mode column\n.width -8 2", ".mode box --quote",
        ".mode column\n.headers off",
    ]

    /// On a pipe: the bytes `sqlite3` prints.
    static let pipeCases: [ShellFunctionComparison.Case] = settings.flatMap { setting in
        queries.map { query in
            ShellFunctionComparison.Case(setting + "\n" + query + "\n", setup: values,
                                         name: setting.replacingOccurrences(of: "\n", with: " ") + " " + query)
        }
    }

    @Test(arguments: pipeCases)
    func pipesPadByCharactersAsSQLite3(_ testCase: ShellFunctionComparison.Case) throws {
        try ShellFunctionComparison.expectSame(testCase)
    }

    /// On a terminal: every line of a table is as wide on screen, and the
    /// combining marks are there.
    @Test func terminalsPadByDisplayWidth() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("w.sqlite")
        _ = try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE w(name, x); INSERT INTO w VALUES ('日本語', 'ok'), "
            + "('emoji 🎉👍', 'y'), ('e' || char(769) || 'te', 'z'), ('n' || char(771), 'w');")
        let result = try REPLTerminalTests.session(database: path, home: directory.url.path, steps: [
            ("plume> ", ".mode box\r"),
            ("plume> ", "SELECT * FROM w;\r"),
            ("┘", ".mode column\r"),
            ("plume> ", "SELECT name AS 名前, x FROM w;\r"),
            ("plume> ", "SELECT 'the' || ' end';\r"),
            ("the end", ".quit\r"),
        ])
        #expect(result.status == 0, "\(result.stdout)")
        let lines = result.stdout.components(separatedBy: "\r\n")
        let box = lines.drop { !$0.hasPrefix("┌") }.prefix(8)
        #expect(box.count == 8, "\(result.stdout)")
        #expect(Set(box.map { DisplayWidth.of(Array($0.utf8)) }).count == 1, "misaligned: \(Array(box))")
        #expect(box.contains("│ e\u{301}te        │ z  │"))
        #expect(box.contains("│ emoji 🎉👍 │ y  │"))
        let columns = lines.drop { !$0.hasPrefix("名前") }.prefix(6)
        #expect(Array(columns) == ["名前        x ", "----------  --", "日本語      ok", "emoji 🎉👍  y ", "e\u{301}te         z ",
                                   "n\u{303}           w "], "\(result.stdout)")
    }

    @Test func widthOfCharacters() {
        #expect(DisplayWidth.of(Array("abc".utf8)) == 3)
        #expect(DisplayWidth.of(Array("日本".utf8)) == 4)
        #expect(DisplayWidth.of(Array("🎉".utf8)) == 2)
        #expect(DisplayWidth.of(Array("e\u{301}".utf8)) == 1)
        #expect(DisplayWidth.of(Array("ｆ".utf8)) == 2)
        #expect(DisplayWidth.of(Array("한글".utf8)) == 4)
        #expect(DisplayWidth.of([0xFF, 0x41]) == 2) // an invalid byte counts one column
        #expect(ColumnMeasure.characters.of(Array("日本e\u{301}".utf8)) == 4)
    }

    @Test func paddingKeepsCombiningMarks() {
        for measure in [ColumnMeasure.characters, .displayWidth] {
            #expect(ColumnarText.padded(Array("e\u{301}".utf8), width: 1, measure: .displayWidth) == Array("e\u{301}".utf8))
            #expect(ColumnarText.padded(Array("ab".utf8), width: -4, measure: measure) == Array("  ab".utf8))
        }
        #expect(ColumnarText.padded(Array("e\u{301}x".utf8), width: 3, measure: .displayWidth) == Array("e\u{301}x ".utf8))
        #expect(ColumnarText.padded(Array("e\u{301}x".utf8), width: 3, measure: .characters) == Array("e\u{301}x".utf8))
    }

    @Test func wrappingNeverSplitsAWideCharacter() {
        let (line, tail) = ColumnarText.firstLine(of: Array("ab日本".utf8)[...], maxWidth: 3, wordWrap: false, measure: .displayWidth)
        #expect(line == Array("ab".utf8))
        #expect(tail.map { Array($0) } == Array("日本".utf8))
        let (counted, rest) = ColumnarText.firstLine(of: Array("ab日本".utf8)[...], maxWidth: 3, wordWrap: false, measure: .characters)
        #expect(counted == Array("ab日".utf8))
        #expect(rest.map { Array($0) } == Array("本".utf8))
    }
}
