import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import PlumeCLI

/// Collects what a printer writes.
private final class Output: @unchecked Sendable {
    // Safe: `text` is only touched under `lock`.
    private let lock = NSLock()
    private var chunks: [String] = []
    func append(_ chunk: String) { lock.withLock { chunks.append(chunk) } }
    var text: String { lock.withLock { chunks.joined() } }
}

@Suite struct MigrateProgressPrinterTests {
    let migration = Migration(version: 3, name: "fill", up: "SELECT 1")

    @Test func terminalShowsASpinnerForLongMigrationsThenTheTime() {
        let output = Output()
        let printer = MigrationProgressPrinter(isTerminal: true, write: output.append)
        printer.handle(.started(migration, .up))
        printer.renderProgress(now: .now) // too early for a spinner
        #expect(output.text.isEmpty)
        printer.handle(.statement(migration, .up, line: 7))
        printer.renderProgress(now: .now + .seconds(2))
        #expect(output.text.hasPrefix("\r\u{1B}[K⠙ 3_fill "))
        #expect(output.text.hasSuffix(" s (statement at line 7)"))
        printer.handle(.finished(migration, .up, milliseconds: 2_345))
        #expect(output.text.hasSuffix("\r\u{1B}[K✓ applied 3_fill (2.35 s)\n"))
        let before = output.text
        printer.renderProgress(now: .now + .seconds(5)) // nothing runs any more
        #expect(output.text == before)
    }

    @Test func terminalMarksAFailedMigration() {
        let output = Output()
        let printer = MigrationProgressPrinter(isTerminal: true, write: output.append)
        printer.handle(.started(migration, .down))
        printer.failed()
        #expect(output.text == "\r\u{1B}[K✗ 3_fill\n")
    }

    @Test func elsewherePrintsPlainLines() {
        let output = Output()
        let printer = MigrationProgressPrinter(isTerminal: false, write: output.append)
        printer.handle(.started(migration, .up))
        printer.handle(.statement(migration, .up, line: 2))
        printer.renderProgress(now: .now + .seconds(2))
        printer.handle(.finished(migration, .up, milliseconds: 12))
        printer.handle(.finished(migration, .down, milliseconds: 3))
        printer.failed()
        #expect(output.text == "applied 3_fill (12 ms)\nreverted 3_fill (3 ms)\n")
    }

    /// Through a pseudo-terminal (`script`), `up` draws its lines for a
    /// terminal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func upOnATerminal() throws {
        let directory = try TemporaryDirectory()
        try directory.copyDemoMigrations()
        let command = "'\(try PlumeProcess.plumeURL.path)' migrate up db.sqlite"
        let result = try PlumeProcess.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                          currentDirectory: directory.url)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("\r\u{1B}[K✓ applied 0001_create_user.sql ("))
        #expect(!result.stdout.contains("\napplied "))
    }
}
