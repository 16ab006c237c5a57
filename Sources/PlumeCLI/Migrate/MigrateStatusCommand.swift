import ArgumentParser
import Foundation
import Persistence
import PlumeTerminal

/// `plume migrate status`: what is applied, what is pending, what is wrong.
struct MigrateStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the applied and pending migrations and any problem between the files and the database.",
        discussion: """
            With --json, prints one object (shown here over several lines):
              {"current":N,
               "applied":[{"version":N,"name":…,"checksum":…,"applied_at":…,
                           "execution_ms":N,"applied_order":N},…],
               "pending":[{"version":N,"name":…,"file":…},…],
               "problems":[{"code":…,"message":…,"file":…,"line":…,
                            "versions":[N,…]},…]}
            Problems do not change the exit code; `plume migrate validate` fails on them.

            Examples:
              plume migrate status photos.sqlite
              plume migrate status photos.sqlite --dir db/migrations --json

            \(MigrateExitCode.helpText)
            """)

    @Argument(help: "The database file.")
    var database: String

    @OptionGroup var options: MigrationDirectoryOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        try MigrateExitCode.reportingErrors {
            let context = try MigrateContext(database: database, options: options, creating: false, writable: false)
            let status = try context.migrator.status(context.db)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                StandardStreams.print(String(decoding: try encoder.encode(StatusReport(status)), as: UTF8.self))
            } else {
                printText(status)
            }
        }
    }

    private func printText(_ status: MigrationStatus) {
        for line in status.textLines { StandardStreams.print(line) }
    }
}

/// The JSON of `plume migrate status --json`.
struct StatusReport: Encodable {
    struct Pending: Encodable {
        var version: Int64
        var name: String
        var file: String?
    }

    struct Problem: Encodable {
        var code: String
        var message: String
        var file: String?
        var line: Int?
        var versions: [Int64]
    }

    var current: Int64
    var applied: [AppliedMigration]
    var pending: [Pending]
    var problems: [Problem]

    init(_ status: MigrationStatus) {
        current = status.currentVersion
        applied = status.applied
        pending = status.pending.map { Pending(version: $0.version, name: $0.name, file: $0.file) }
        problems = status.problems.map {
            Problem(code: $0.code.description, message: $0.message, file: $0.file, line: $0.line, versions: $0.versions)
        }
    }
}
