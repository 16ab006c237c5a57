import ArgumentParser

/// `plume migrate`: apply, revert, inspect and create migrations.
public struct MigrateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply, revert, check and create schema migrations.",
        discussion: """
            Migrations are files named NNNN_description.sql in a directory (--dir, \
            default Migrations). Each has an up section, headed `-- migrate:up`, and \
            optionally a down section, headed `-- migrate:down`; `-- migrate:up transaction:false` runs a section \
            outside a transaction (for VACUUM or PRAGMA journal_mode). Applied \
            migrations are recorded in the table plume_migrations, each in one \
            transaction with its SQL.

            Examples:
              plume migrate new create_photo
              plume migrate up photos.sqlite
              plume migrate status photos.sqlite

            \(MigrateExitCode.helpText)
            """,
        subcommands: [
            MigrateUpCommand.self, MigrateDownCommand.self, MigrateStatusCommand.self,
            MigrateValidateCommand.self, MigrateNewCommand.self,
        ])

    public init() {}
}

/// The options every `plume migrate` subcommand that reads migrations takes.
struct MigrationDirectoryOptions: ParsableArguments {
    @Option(name: .customLong("dir"), help: "The directory of migration files.")
    var directory = "Migrations"

    @Flag(help: "Do not fail when an applied migration has no file any more.")
    var ignoreMissing = false
}
