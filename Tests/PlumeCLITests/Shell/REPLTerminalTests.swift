import Foundation
import PlumeCLI
import PlumeTestSupport
import Testing

/// `plume repl` on a terminal (a pseudo-terminal driven by python3's `pty`
/// module): banner, prompts, multi-line statements, completion, Ctrl-C and
/// the history file.
@Suite struct REPLTerminalTests {
    /// Drives a program in a pseudo-terminal: each step waits for an
    /// expected text, then types. Prints the whole transcript.
    static let driver = #"""
    import os, pty, sys, time, select, json, subprocess, fcntl, termios, struct
    steps = json.loads(sys.argv[1])
    argv = sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    if 'PTY_SIZE' in os.environ:  # rows x columns
        rows, columns = map(int, os.environ['PTY_SIZE'].split('x'))
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, columns, 0, 0))
    out = b''
    position = 0  # each expected text is searched after the previous one
    def read_some():
        """Appends what the program printed within 50 ms; False once it is gone."""
        global out
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            out += data
        return True
    def wait_for(text, timeout=20):
        global position
        end = time.time() + timeout
        while text.encode() not in out[position:]:
            if time.time() > end:
                sys.stdout.write(out.decode('utf-8', 'replace'))
                sys.stdout.write('\n<<timed out waiting for %r>>' % text)
                sys.exit(3)
            if not read_some():
                break
        position = out.index(text.encode(), position) + len(text.encode())
    for expect, send, delay, *command in steps:
        wait_for(expect)
        if command:  # a program to run before typing, such as a write
            subprocess.run(command[0], check=True)
        if send:
            time.sleep(delay)
            os.write(fd, send.encode())
    end = time.time() + 20
    while time.time() < end and read_some():
        pass
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(out.decode('utf-8', 'replace'))
    sys.exit(os.waitstatus_to_exitcode(status))
    """#

    /// Runs `plume repl DATABASE` in a terminal with HOME in `home`.
    /// Each step waits for `expect`, then runs the program of `commands`
    /// for its index (arguments), then waits `delay` seconds (0.05 unless
    /// given), then types `send`. `size` is the terminal's rows and columns
    /// (none set unless given).
    static func session(database: String, home: String, steps: [(expect: String, send: String)],
                        delays: [Int: Double] = [:], commands: [Int: [String]] = [:],
                        size: (rows: Int, columns: Int)? = nil, term: String = "dumb") throws -> ProcessResult {
        let plan = steps.enumerated().map { index, step in
            [step.expect, step.send, delays[index] ?? 0.05] + (commands[index].map { [$0] } ?? []) as [Any]
        }
        let encoded = String(decoding: try JSONSerialization.data(withJSONObject: plan), as: UTF8.self)
        var environment = ["HOME": home, "TERM": term, "INPUTRC": "/dev/null"]
        if let size { environment["PTY_SIZE"] = "\(size.rows)x\(size.columns)" }
        return try PlumeProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                    ["python3", "-c", driver, encoded, try PlumeProcess.plumeURL.path, "repl", database],
                                    environment: environment)
    }

    @Test func promptMultiLineStatementAndHistoryFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        _ = try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE photo(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photo VALUES (1, 'Sunset');")
        let result = try Self.session(database: path, home: directory.url.path, steps: [
            ("plume> ", "SELECT id,\r"),
            ("  ...> ", "  name FROM photo;\r"),
            ("1|Sunset", "SELECT 'abandoned',\r"),
            ("  ...> ", "\u{3}"),
            ("^C", "SELECT 2;\r"),
            ("\n2\r\n", ".mode box\r"),
            ("plume> ", ".quit\r"),
        ])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("Plume \(PlumeVersion.current) (SQLite 3.40.1)\r\nEnter \".help\" for usage hints.\r\n"))
        #expect(result.stdout.contains("plume> SELECT id,\r\n  ...>   name FROM photo;\r\n1|Sunset\r\n"))
        #expect(!result.stdout.contains("\r\nabandoned"), "the statement cleared by Ctrl-C never ran")
        let history = try String(contentsOfFile: directory.path(".plume_history"), encoding: .utf8)
        #expect(history == "SELECT id,\\n  name FROM photo;\nSELECT 2;\n.mode box\n.quit\n")
    }

    /// As `sqlite3` on a terminal: `~/.sqliterc` runs first and says so
    /// on standard error.
    @Test func sqlitercRunsAndIsAnnounced() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        _ = try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE t(x);")
        try ".mode box\n.print rc-ran\n".write(toFile: directory.path(".sqliterc"), atomically: true, encoding: .utf8)
        let result = try Self.session(database: path, home: directory.url.path, steps: [
            ("plume> ", "SELECT 7 AS n;\r"),
            ("│ 7 │", ".quit\r"),
        ])
        #expect(result.stdout.hasPrefix("-- Loading resources from \(directory.path(".sqliterc"))\r\nrc-ran\r\nPlume "),
                "\(result.stdout)")
    }

    @Test func historyFromAnEarlierSessionIsRecalled() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        _ = try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE t(x);")
        try "SELECT 41 + 1;\n".write(toFile: directory.path(".plume_history"), atomically: true, encoding: .utf8)
        let result = try Self.session(database: path, home: directory.url.path, steps: [
            ("plume> ", "\u{1B}[A\r"), // up arrow, enter
            ("42", ".quit\r"),
        ])
        #expect(result.stdout.contains("42\r\n"), "\(result.stdout)")
    }

    @Test func tabCompletesTablesColumnsKeywordsAndDotCommands() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        _ = try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE photograph(id INTEGER PRIMARY KEY, caption TEXT); INSERT INTO photograph VALUES (1, 'Dune');")
        let result = try Self.session(database: path, home: directory.url.path, steps: [
            ("plume> ", "sel\tcapt\tfrom photog\t;\r"),
            ("Dune", "CREATE TABLE zebra(stripes);\r"),
            ("plume> ", "SELECT photograph.capt\t FROM photograph;\r"),
            ("Dune", "SELECT count(*) FROM zeb\t;\r"),
            ("\n0\r\n", ".tab\t\r"),
            ("photograph", ".quit\r"),
        ])
        #expect(result.stdout.contains("select caption from photograph ;\r\nDune\r\n"), "\(result.stdout)")
        #expect(result.stdout.contains("SELECT photograph.caption  FROM photograph;"), "table.column completion")
        #expect(result.stdout.contains("SELECT count(*) FROM zebra ;"), "completion sees tables created in the session")
        #expect(result.stdout.contains(".tables \r\nphotograph  zebra"))
    }

    @Test func ctrlCInterruptsARunningStatement() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        _ = try PlumeProcess.sqlite3([path], stdin: "CREATE TABLE t(x);")
        let result = try Self.session(database: path, home: directory.url.path, steps: [
            ("plume> ", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\r"),
            ("count(*) FROM c;\r\n", "\u{3}"),
            ("interrupted", "SELECT 'alive';\r"),
            ("alive\r\n", ".quit\r"),
        ], delays: [1: 0.5]) // let the statement start before Ctrl-C
        #expect(result.stdout.contains("Runtime error: interrupted (9)"), "\(result.stdout)")
        #expect(result.status == 1) // as sqlite3: a statement failed
    }
}
