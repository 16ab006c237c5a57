import ArgumentParser
import Foundation
import PlumeShell

/// The `plume` command-line tool.
public struct PlumeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "plume",
        abstract: "Query, migrate and watch SQLite databases.",
        discussion: """
            Without a subcommand, plume is the sqlite3 shell: it takes \
            sqlite3's options and arguments (plume -help lists them), so \
            `plume [OPTIONS] FILENAME [SQL...]` does what sqlite3 does. A \
            database file named like a subcommand is `plume -- NAME`.

            Examples:
              plume demo
              plume photos.sqlite
              plume -header -column photos.sqlite 'SELECT * FROM photo'
              plume query photos.sqlite 'SELECT count(*) FROM photo'
              plume migrate up photos.sqlite
              plume history enable photos.sqlite photo
              plume sync run photos.sqlite --server http://127.0.0.1:8080 --token TOKEN
              plume watch photos.sqlite 'SELECT * FROM photo ORDER BY id' --format table
            """,
        version: PlumeVersion.current,
        subcommands: [ReplCommand.self, QueryCommand.self, MigrateCommand.self, WatchCommand.self, HistoryCommand.self, SyncCommand.self, DemoCommand.self],
        defaultSubcommand: ReplCommand.self)

    public init() {}

    /// Runs `plume` with the process's arguments and exits.
    ///
    /// A subcommand (`query`, `migrate`, …), `help`, and `--help`, `-h`
    /// or `--version` as the first argument go to plume's own parser;
    /// anything else is an `sqlite3` command line (``ShellCommandLine``),
    /// as is what follows `repl` or a leading `--`.
    public static func main() {
        MemoryPolicy.apply()
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let shellArguments = shellArguments(arguments) else {
            main(arguments)
            return
        }
        let program = CommandLine.arguments.first ?? "plume"
        Foundation.exit(ShellCommandLine.run(shellArguments, program: program, host: .plume))
    }

    /// The `sqlite3`-style arguments of a `plume` command line, or nil
    /// when the argument parser handles it.
    static func shellArguments(_ arguments: [String]) -> [String]? {
        guard let first = arguments.first else { return [] }
        switch first {
        case "--":
            return Array(arguments.dropFirst())
        case "repl":
            let rest = Array(arguments.dropFirst())
            return ["--help", "-h"].contains(rest.first ?? "") ? nil : rest
        case "help", "--help", "-h", "--version":
            return nil
        default:
            let subcommands = configuration.subcommands.compactMap { $0.configuration.commandName }
            return subcommands.contains(first) ? nil : arguments
        }
    }
}
