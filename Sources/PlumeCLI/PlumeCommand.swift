import ArgumentParser

/// The `plume` command-line tool.
public struct PlumeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "plume",
        abstract: "Query, migrate and watch SQLite databases.",
        version: "0.1.0",
        subcommands: [ReplCommand.self, QueryCommand.self, MigrateCommand.self, WatchCommand.self, DemoCommand.self],
        defaultSubcommand: ReplCommand.self)

    public init() {}
}
