import Foundation
@testable import PlumeShell
import PlumeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a script through the `Shell` type in this process, as
/// `plume DATABASE < SCRIPT` runs it, with its standard output in a file:
/// no `plume` process, so a case costs milliseconds. `sqlite3` runs the
/// same script on a copy of the same database for the bytes to expect.
struct InProcessShell: ~Copyable {
    let directory: TemporaryDirectory
    /// The program around the shell (`Test 1.0`, without dot-commands of
    /// its own unless given).
    let host: ShellHost

    /// A directory holding `test.db`, made by `sqlite3` from `setup`, and
    /// `expected.db`, a copy of it for `sqlite3`'s own run.
    init(setup: String, host: ShellHost = ShellHost(name: "Test", version: "1.0")) throws {
        let directory = try TemporaryDirectory()
        _ = try PlumeProcess.sqlite3([directory.path("test.db")], stdin: setup)
        try FileManager.default.copyItem(atPath: directory.path("test.db"), toPath: directory.path("expected.db"))
        self.directory = directory
        self.host = host
    }

    /// What the shell printed on standard output for `script`.
    func run(_ script: String) throws -> [UInt8] {
        let scriptPath = directory.path("script.sql")
        try Data(script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        let outputPath = directory.path("stdout.txt")
        let descriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw ProcessFailure(message: "cannot create \(outputPath)") }
        defer { close(descriptor) }
        let shell = Shell(deferring: DatabaseOpening(path: directory.path("test.db")), interrupts: nil, host: host,
                          output: OutputBuffer(fileDescriptor: descriptor))
        let source = try FileLineSource(path: scriptPath)
        _ = shell.processInput(source)
        shell.close()
        return Array(try Data(contentsOf: URL(fileURLWithPath: outputPath)))
    }

    /// What `sqlite3` 3.40 printed on standard output for `script`.
    func expected(_ script: String) throws -> [UInt8] {
        Array(try PlumeProcess.sqlite3([directory.path("expected.db")], stdin: script).stdoutBytes)
    }
}

/// The suites that run the shell in this process, one test at a time: the
/// shell keeps some state in globals, as `sqlite3` does (where
/// `shell_putsnl` prints, SQLite's log).
@Suite(.serialized) struct InProcessShellTests {}
