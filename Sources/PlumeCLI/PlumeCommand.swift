import ArgumentParser

/// The `plume` command-line tool.
public struct PlumeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "plume",
        abstract: "Query, migrate and watch SQLite databases.",
        version: "0.1.0",
        subcommands: [MigrateCommand.self, WatchCommand.self, DemoCommand.self])

    public init() {}
}
