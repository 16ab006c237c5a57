import Foundation
import Testing
@testable import PlumeCLI

/// Aligned modes measure text by display width: CJK and emoji take two
/// columns, combining marks none. `sqlite3` 3.40 counts characters and
/// misaligns these rows, so this case is left out of the byte-for-byte
/// comparison and checked here instead.
@Suite struct REPLDisplayWidthTests {
    static let script = """
        .mode box
        SELECT '日本語' AS name, 'ok' AS x UNION ALL SELECT 'emoji 🎉👍', 'y' UNION ALL SELECT 'e' || char(769) || 'te', 'z';
        .mode table
        SELECT '漢字漢字漢字' AS long, '中文' AS 中;
        .mode markdown
        SELECT 'ｆｕｌｌ' AS w, 1;
        .mode column
        SELECT '中文字' AS c, 1 AS n;
        """

    @Test func alignedModesKeepWideCharactersAligned() throws {
        let outcome = try ShellComparison.run(Self.script)
        #expect(outcome.plume.status == 0)
        let lines = outcome.plume.stdout.split(separator: "\n").map(String.init)
        // Each table's lines are equally wide on screen.
        let tables = [Array(lines[0..<7]), Array(lines[7..<12]), Array(lines[12..<15])]
        for table in tables {
            let widths = Set(table.map { DisplayWidth.of(Array($0.utf8)) })
            #expect(widths.count == 1, "misaligned: \(table)")
        }
        #expect(lines[3] == "│ 日本語     │ ok │")
        #expect(lines[4] == "│ emoji 🎉👍 │ y  │")
        #expect(lines.suffix(3) == ["c       n", "------  -", "中文字  1"])
        // sqlite3 3.40 counts characters, so the same rows are misaligned there.
        let sqliteLines = outcome.sqlite.stdout.split(separator: "\n").prefix(7)
        #expect(Set(sqliteLines.map { DisplayWidth.of(Array($0.utf8)) }).count > 1)
    }

    @Test func widthOfCharacters() {
        #expect(DisplayWidth.of(Array("abc".utf8)) == 3)
        #expect(DisplayWidth.of(Array("日本".utf8)) == 4)
        #expect(DisplayWidth.of(Array("🎉".utf8)) == 2)
        #expect(DisplayWidth.of(Array("e\u{301}".utf8)) == 1)
        #expect(DisplayWidth.of(Array("ｆ".utf8)) == 2)
        #expect(DisplayWidth.of(Array("한글".utf8)) == 4)
        #expect(DisplayWidth.of([0xFF, 0x41]) == 2) // an invalid byte counts one column
    }

    @Test func wrappingNeverSplitsAWideCharacter() {
        let (line, tail) = ColumnarText.firstLine(of: Array("ab日本".utf8)[...], maxWidth: 3, wordWrap: false)
        #expect(line == Array("ab".utf8))
        #expect(tail.map { Array($0) } == Array("日本".utf8))
    }
}
