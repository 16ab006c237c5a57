import ArgumentParser

/// The `plume` command-line tool.
public struct PlumeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "plume",
        abstract: "Query, migrate and watch SQLite databases.",
        discussion: """
            Examples:
              plume demo
              plume photos.sqlite
              plume query photos.sqlite 'SELECT count(*) FROM photo'
              plume migrate up photos.sqlite
              plume history enable photos.sqlite photo
              plume watch photos.sqlite 'SELECT * FROM photo ORDER BY id' --format table
            """,
        version: PlumeVersion.current,
        subcommands: [ReplCommand.self, QueryCommand.self, MigrateCommand.self, WatchCommand.self, HistoryCommand.self, DemoCommand.self],
        defaultSubcommand: ReplCommand.self)

    public init() {}
}
