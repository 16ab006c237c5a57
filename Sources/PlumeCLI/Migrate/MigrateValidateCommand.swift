import ArgumentParser
import Persistence
import PlumeTerminal

/// `plume migrate validate`: checks the migration files against the
/// database.
struct MigrateValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that every applied migration's file is present and unchanged, and that the files are valid.",
        discussion: """
            Examples:
              plume migrate validate photos.sqlite
              plume migrate validate photos.sqlite --dir db/migrations

            \(MigrateExitCode.helpText)
            """)

    @Argument(help: "The database file.")
    var database: String

    @OptionGroup var options: MigrationDirectoryOptions

    func run() throws {
        try MigrateExitCode.reportingErrors {
            let context = try MigrateContext(database: database, options: options, creating: false, writable: false)
            try context.migrator.validate(context.db)
            let status = try context.migrator.status(context.db)
            StandardStreams.print("ok: \(status.applied.count) applied migration(s) match their files, \(status.pending.count) pending")
        }
    }
}
