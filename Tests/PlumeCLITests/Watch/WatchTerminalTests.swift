import Foundation
import PlumeTerminal
import PlumeTestSupport
import Testing

/// `plume watch --format table` on a real pseudo-terminal, through the
/// `script` command: full screen, highlighted changes, terminal restored,
/// exit 0 on SIGINT.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout")))
struct WatchTerminalTests {
    @Test func drawsALiveTableInATerminal() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        let typescript = directory.path("typescript")
        try sqlite3Script(path, WatchTests.schema)
        let plume = try PlumeProcess.plumeURL.path
        let command = "stty rows 12 cols 72; timeout --preserve-status -s INT 8 '\(plume)' watch '\(path)' '\(WatchTests.query)' --section album --format table"
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        script.arguments = ["-qfec", command, typescript]
        script.standardInput = FileHandle.nullDevice
        script.standardOutput = FileHandle.nullDevice
        // `script` runs the command with $SHELL; dash (`/bin/sh` on Debian)
        // leaves `timeout` and plume in a background process group, which
        // is what this test runs in, whatever the caller's shell.
        var environment = ProcessInfo.processInfo.environment
        environment["SHELL"] = "/bin/sh"
        script.environment = environment
        try script.run()
        func screen() -> String { (try? String(contentsOfFile: typescript, encoding: .utf8)) ?? "" }
        func wait(for text: String) throws {
            let deadline = ContinuousClock.now + .seconds(20)
            while !screen().contains(text) {
                guard ContinuousClock.now < deadline, script.isRunning else {
                    throw ProcessFailure(message: "never saw \(text.debugDescription) in \(screen().debugDescription)")
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        try wait(for: "▸ Porto (2)")
        try sqlite3Script(path, "INSERT INTO photo (album, name, rating) VALUES ('Porto', 'Ribeira 河', 9);")
        try wait(for: "\u{1B}[1;32m+ 5")
        script.waitUntilExit()
        let output = screen()
        #expect(script.terminationStatus == 0)
        #expect(output.contains("\u{1B}[?1049h"), "the alternate screen")
        #expect(output.contains("▸ Lisbon (2)"))
        #expect(output.contains("▸ Porto (3)"))
        #expect(output.contains("Ribeira 河"))
        #expect(output.contains("\u{1B}[?25h\u{1B}[?1049l"), "the terminal is restored")
    }

    /// A pseudo-terminal whose size was never set (0 × 0): the table still
    /// shows, at 24 × 80, and `q` still quits.
    @Test func aTerminalOfSizeZeroStillReadsKeys() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        try sqlite3Script(path, WatchTests.schema)
        let plume = try PlumeProcess.plumeURL.path
        let result = try PlumeProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import os, pty, select, struct, fcntl, termios, sys, time
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[1], [sys.argv[1], "watch", sys.argv[2], sys.argv[3], "--section", "album", "--format", "table"])
            rows, cols = struct.unpack("HH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\\0" * 4))
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
                if not sent and "▸ Porto (2)".encode() in output:
                    os.write(fd, b"q")
                    sent = True
            else:
                os.kill(pid, 9)
            _, status = os.waitpid(pid, 0)
            print(rows, cols, sent, os.waitstatus_to_exitcode(status), b"\\x1b[?1049l" in output)
            """, plume, path, WatchTests.query])
        #expect(result.stdout == "0 0 True 0 True\n", "\(result.stderr)")
    }

    @Test func aSizeNotReportedComesFromTheEnvironmentOr24By80() {
        #expect(TerminalSize(reportedRows: 0, reportedColumns: 0, environment: [:]) == TerminalSize(rows: 24, columns: 80))
        #expect(TerminalSize(reportedRows: 0, reportedColumns: 0, environment: ["LINES": "40", "COLUMNS": " 120 "])
                == TerminalSize(rows: 40, columns: 120))
        #expect(TerminalSize(reportedRows: 30, reportedColumns: 0, environment: ["LINES": "40", "COLUMNS": "-3"])
                == TerminalSize(rows: 30, columns: 80))
        #expect(TerminalSize(reportedRows: 50, reportedColumns: 200, environment: ["LINES": "40"])
                == TerminalSize(rows: 50, columns: 200))
    }
}
