import ArgumentParser
import Persistence
import PlumeTerminal

/// `plume migrate down`: reverts migrations down to a version.
struct MigrateDownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "down",
        abstract: "Revert the migrations above a version, most recent first, each in its own transaction.",
        discussion: """
            Examples:
              plume migrate down photos.sqlite --to 2
              plume migrate down photos.sqlite --dir db/migrations --to 0

            \(MigrateExitCode.helpText)
            """)

    @Argument(help: "The database file.")
    var database: String

    @OptionGroup var options: MigrationDirectoryOptions

    @Option(name: .customLong("to"), help: ArgumentHelp("The version to go back to (0 reverts everything).", valueName: "version"))
    var target: Int64

    func validate() throws {
        if target < 0 { throw ValidationError("--to must be 0 or more, not \(target).") }
    }

    func run() throws {
        try MigrateExitCode.reportingErrors {
            let context = try MigrateContext(database: database, options: options, creating: false, writable: true)
            let printer = MigrationProgressPrinter(isTerminal: StandardStreams.outputIsTerminal) { StandardStreams.write($0) }
            let reverted: [Migration]
            do {
                reverted = try context.migrator.rollback(context.db, to: target, progress: printer.handle)
            } catch {
                printer.failed()
                throw error
            }
            let version = try context.migrator.status(context.db).currentVersion
            StandardStreams.print(reverted.isEmpty ? "nothing to do: the database is at version \(version)"
                                           : "the database is at version \(version)")
        }
    }
}
