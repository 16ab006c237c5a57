import Foundation
import PlumeTestSupport
import Testing

/// Issue 33, class 3: text from a database drawn on a terminal must not
/// send it escape sequences. `plume watch --format table` passed a window
/// title, an OSC 52 clipboard write, a screen clear, a DCS and C1 controls
/// from cell values, column names and section titles to the terminal; now
/// each shows as text (`^[]52;…`, `<U+009B>`), as newer `sqlite3` shells do
/// with `.mode --escape ascii`. Output to a pipe stays `sqlite3` 3.40's.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
struct TerminalEscapeTests {
    /// Hostile texts, as SQL expressions, and the raw bytes that must never
    /// reach the terminal from them.
    static let payloads: [(sql: String, raw: String, shown: String)] = [
        ("char(27) || ']52;c;cHduZWQ=' || char(7)", "\u{1B}]52;c;", "^[]52;c;cHduZWQ=^G"),
        ("char(27) || ']0;PWNED' || char(7)", "\u{1B}]0;PWNED", "^[]0;PWNED^G"),
        ("char(27) || '[2JCLEARED'", "\u{1B}[2JCLEARED", "^[[2JCLEARED"),
        ("char(27) || 'Pq#0;2;0;0;0' || char(27) || '\\'", "\u{1B}Pq#0", "^[Pq#0;2;0;0;0^[\\"),
        ("char(155) || '31mCSI'", "\u{9B}31mCSI", "<U+009B>31mCSI"),
        ("char(157) || '0;C1TITLE' || char(156)", "\u{9D}0;C1TITLE", "<U+009D>0;C1TITLE<U+009C>"),
    ]

    /// A table whose values, column name and section title carry every
    /// payload.
    static var schema: String {
        let values = payloads.enumerated().map { index, payload in
            "(\(index + 1), \(payload.sql), 'album ' || \(payload.sql))"
        }.joined(separator: ", ")
        return "CREATE TABLE photo(id INTEGER PRIMARY KEY, name TEXT, album TEXT);\n"
            + "INSERT INTO photo VALUES \(values);\n"
            + "CREATE VIEW v AS SELECT id, name AS \"n\u{1B}]0;COLUMN\u{7}\", album FROM photo;\n"
    }

    /// The column name comes from the view: typed at a terminal, the escape
    /// would be readline's.
    static let query = "SELECT * FROM v ORDER BY album, id"

    @Test func watchTableShowsControlCharactersAsText() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        #expect(try PlumeProcess.sqlite3([path], stdin: Self.schema).status == 0)
        let plume = try PlumeProcess.plumeURL.path
        let result = try PlumeProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import os, pty, select, struct, fcntl, termios, sys, time
            pid, fd = pty.fork()
            if pid == 0:
                os.environ["LINES"], os.environ["COLUMNS"] = "30", "200"
                os.execv(sys.argv[1], [sys.argv[1], "watch", sys.argv[2], sys.argv[3], "--section", "album", "--format", "table"])
            output, sent, deadline = b"", False, time.time() + 20
            while time.time() < deadline:
                ready, _, _ = select.select([fd], [], [], 0.05)
                if ready:
                    try:
                        data = os.read(fd, 65536)
                    except OSError:
                        break
                    if not data:
                        break
                    output += data
                if not sent and b"C1TITLE" in output:
                    time.sleep(0.2)
                    os.write(fd, b"q")
                    sent = True
            else:
                os.kill(pid, 9)
            os.waitpid(pid, 0)
            sys.stdout.buffer.write(output)
            """, plume, path, Self.query])
        let output = String(decoding: result.stdoutBytes, as: UTF8.self)
        Self.expectVisible(output, columnName: true)
    }

    @Test func alignedModesOnATerminalShowControlCharactersAsText() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        #expect(try PlumeProcess.sqlite3([path], stdin: Self.schema).status == 0)
        for mode in ["box", "table", "column", "markdown"] {
            let result = try REPLTerminalTests.session(database: path, home: directory.url.path, steps: [
                ("plume> ", ".mode \(mode)\r"),
                ("plume> ", Self.query + ";\r"),
                ("plume> ", ".quit\r"),
            ], size: (rows: 40, columns: 200))
            Self.expectVisible(result.stdout, columnName: true)
        }
    }

    /// On a pipe, every mode prints the bytes `sqlite3` 3.40.1 prints.
    @Test(arguments: ["list", "box", "table", "column", "markdown", "line", "tabs", "csv", "quote"])
    func pipesPrintWhatSQLite3Prints(mode: String) throws {
        try ShellFunctionComparison.expectSame(ShellFunctionComparison.Case(
            ".mode \(mode)\n.headers on\n\(Self.query);\n", setup: Self.schema, name: mode))
    }

    private static func expectVisible(_ output: String, columnName: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        for payload in payloads {
            #expect(!output.contains(payload.raw), "raw \(payload.raw.debugDescription) reached the terminal",
                    sourceLocation: sourceLocation)
            #expect(output.contains(payload.shown), "\(payload.shown) not shown in \(output.debugDescription)",
                    sourceLocation: sourceLocation)
        }
        #expect(!output.contains("\u{7}"), "no BEL", sourceLocation: sourceLocation)
        #expect(!output.contains("\u{1B}]"), "no OSC", sourceLocation: sourceLocation)
        if columnName {
            #expect(output.contains("^[]0;COLUMN^G"), sourceLocation: sourceLocation)
        }
    }
}
