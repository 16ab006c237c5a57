import Foundation
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
}
