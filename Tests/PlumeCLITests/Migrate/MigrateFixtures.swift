import Foundation
import PlumeTestSupport
import Testing

/// The repository's demo migrations (the top-level `Migrations/` folder).
let demoMigrationsURL = URL(fileURLWithPath: #filePath) // Tests/PlumeCLITests/Migrate/MigrateFixtures.swift
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Migrations")

extension TemporaryDirectory {
    /// Writes migration files into `Migrations/` (the default `--dir`).
    func writeMigrations(_ files: [String: String]) throws {
        let directory = url.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
    }

    /// Copies the demo migrations into `Migrations/`.
    func copyDemoMigrations() throws {
        try FileManager.default.copyItem(at: demoMigrationsURL,
                                         to: url.appendingPathComponent("Migrations"))
    }

    /// Runs `plume migrate ARGUMENTS` in this directory.
    func migrate(_ arguments: [String]) throws -> ProcessResult {
        try PlumeProcess.plume(["migrate"] + arguments, currentDirectory: url)
    }

    /// Runs SQL with the `sqlite3` shell on a database of this directory.
    func sqlite(_ database: String, _ sql: String) throws -> String {
        let result = try PlumeProcess.sqlite3([path(database), sql])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A `plume` process started without waiting for it.
struct RunningPlume {
    let process: Process
    private let output: PipeCollector
    private let errors: PipeCollector

    init(_ arguments: [String], currentDirectory: URL) throws {
        process = Process()
        process.executableURL = try PlumeProcess.plumeURL
        process.arguments = arguments
        process.currentDirectoryURL = currentDirectory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        output = PipeCollector(out.fileHandleForReading)
        errors = PipeCollector(err.fileHandleForReading)
        try process.run()
    }

    /// Sends SIGKILL.
    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the process to end.
    func wait() -> ProcessResult {
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus,
                             stdout: String(decoding: output.finish(), as: UTF8.self),
                             stderr: String(decoding: errors.finish(), as: UTF8.self))
    }
}
