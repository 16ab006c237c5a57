import Foundation
import PlumeTestSupport
import Testing

/// Ctrl-C on a partly typed line: `^C` is echoed after the text, where
/// readline echoes it for `sqlite3`, the line is dropped and a fresh prompt
/// starts on the next line (no `^C` over the prompt).
@Suite struct REPLInterruptLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var typed: String
        /// What the terminal shows once the text is typed.
        var echo: String
        var screen: String
        var term: String
        var testDescription: String { typed.debugDescription + " on " + term }
    }

    static let cases = ["xterm", "dumb"].flatMap { term in [
        Case(typed: "SELECT 1", echo: "SELECT 1", screen: "plume> SELECT 1^C", term: term),
        Case(typed: "", echo: "", screen: "plume> ^C", term: term),
        Case(typed: "SELECT 'a',\r  'b'", echo: "  'b'", screen: "  ...>   'b'^C", term: term),
    ] } + [
        // The cursor moved left first: ^C still follows the whole text.
        Case(typed: "SELECT 1\u{1B}[D\u{1B}[D", echo: "\u{8}\u{8}", screen: "plume> SELECT 1\u{8}\u{8}\u{1B}[C\u{1B}[C^C",
             term: "xterm"),
    ]

    @Test(arguments: cases)
    func echoesAfterTheTextAndReprompts(_ testCase: Case) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sqlite")
        _ = try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE t(x);")
        let result = try REPLTerminalTests.session(database: path, home: directory.url.path, steps: [
            ("plume> ", testCase.typed),
            (testCase.echo, "\u{3}"),
            ("^C", "SELECT 40 + 2;\r"),
            ("42", ".quit\r"),
        ], term: testCase.term)
        // Bracketed-paste switches, and the carriage return readline adds
        // when it gives the terminal back, change nothing on screen.
        let screen = result.stdout.replacingOccurrences(of: "\u{1B}[?2004h", with: "").replacingOccurrences(of: "\u{1B}[?2004l", with: "")
            .replacingOccurrences(of: "\r\r\n", with: "\r\n")
        #expect(result.status == 0, "\(result.stdout.debugDescription)")
        #expect(screen.contains(testCase.screen + "\r\nplume> SELECT 40 + 2;\r\n"), "\(result.stdout.debugDescription)")
        #expect(screen.contains("42\r\n"))
        #expect(!screen.contains("\r^C"), "\(result.stdout.debugDescription)")
    }
}
