import PlumeTerminal
import Testing

@Suite struct DisplayWidthTests {
    @Test func measuresWideAndZeroWidthCharacters() {
        #expect("abc".displayWidth == 3)
        #expect("日本".displayWidth == 4)
        #expect("한글".displayWidth == 4)
        #expect("😀".displayWidth == 2)
        #expect("❤️".displayWidth == 2)
        #expect("e\u{301}".displayWidth == 1)
        #expect("ｱ".displayWidth == 1)  // halfwidth katakana
        #expect("Ａ".displayWidth == 2)  // fullwidth latin
        #expect(Unicode.Scalar(0x200B)!.displayWidth == 0)  // zero width space (format)
        #expect(Unicode.Scalar(0x1161)!.displayWidth == 0)  // Hangul medial vowel
        #expect(Unicode.Scalar(0x263A)!.displayWidth == 1)  // ☺, text presentation
        // Text is measured as drawn: a control character shows visibly.
        #expect("\u{1}".displayWidth == 2)  // ^A
        #expect(Character("\u{1}").displayWidth == 0)
    }

    @Test func controlCharactersShowVisibly() {
        #expect("a\u{1B}]52;c;eA==\u{7}b".terminalVisible == "a^[]52;c;eA==^Gb")
        #expect("\u{9B}2J\u{7F}".terminalVisible == "<U+009B>2J^?")
        #expect("line\nbreak\ttab\r\n".terminalVisible == "line break tab  ")
        #expect("\u{0}".terminalVisible == "^@")
        #expect("plain 日本".terminalVisible == "plain 日本")
        #expect("\u{1B}[2J".fitted(toWidth: 6) == "^[[2J ")
        #expect("\u{1B}[2Jxyz".fitted(toWidth: 5) == "^[[2…")
    }

    @Test func fitsTextToAWidthWithAnEllipsis() {
        #expect("abc".fitted(toWidth: 5) == "abc  ")
        #expect("abcdef".fitted(toWidth: 4) == "abc…")
        #expect("日本語テキスト".fitted(toWidth: 7) == "日本語…")
        #expect("日本語テキスト".fitted(toWidth: 8) == "日本語… ")
        #expect("a\nb".fitted(toWidth: 3) == "a b")
        #expect("abc".fitted(toWidth: 0) == "")
        #expect("😀😀".fitted(toWidth: 4).displayWidth == 4)
    }
}
