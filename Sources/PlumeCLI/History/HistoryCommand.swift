import ArgumentParser
import Foundation
import Persistence

/// `plume history`: record, show and prune the persistent change history.
public struct HistoryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Record, show and prune the persistent change history of tables.",
        discussion: """
            The change history records every changed row of the chosen tables, whoever \
            writes (Plume, the sqlite3 shell, any program), through triggers, in the table \
            plume_history. Live lists (plume watch) then follow other processes' commits \
            row by row instead of refetching.

            Examples:
              plume history enable photos.sqlite photo album
              plume history show photos.sqlite --since 2c1e…:42
              plume history prune photos.sqlite --older-than 7d
              plume history disable photos.sqlite

            \(HistoryExitCode.helpText)
            """,
        subcommands: [HistoryEnableCommand.self, HistoryDisableCommand.self, HistoryShowCommand.self, HistoryPruneCommand.self])

    public init() {}
}

/// The exit codes of `plume history`, like `plume migrate`'s.
enum HistoryExitCode {
    /// Bad arguments (EX_USAGE).
    static let usage: Int32 = 64
    /// The history cannot be used as asked: not enabled, no such table, a
    /// token of another database or pruned, the history edited by hand or
    /// its triggers dropped (EX_DATAERR).
    static let dataError: Int32 = 65
    /// The database could not be opened, read or locked (EX_IOERR).
    static let databaseUnavailable: Int32 = 74

    static let helpText = """
        Exit codes:
          0   success
          64  usage error (bad arguments, token or duration)
          65  the history cannot be used as asked: not enabled, no such table, a token of
              another database or already pruned, the history edited by hand or its
              triggers dropped; nothing was changed
          74  the database could not be opened, read or locked
        """

    /// Runs `body`; prints an error to standard error and exits with its
    /// code when it throws.
    static func reportingErrors(_ body: () throws -> Void) throws {
        try MigrateExitCode.reportingErrors(body) { error in
            error is ChangeHistoryError ? dataError : databaseUnavailable
        }
    }
}

/// The database argument every `plume history` subcommand takes, and its
/// connection.
struct HistoryDatabaseOptions: ParsableArguments {
    @Argument(help: "The database file (it must exist).")
    var database: String

    /// Opens the existing database, keeping its journal mode.
    func open(writable: Bool) throws -> Database {
        guard FileManager.default.fileExists(atPath: database) else {
            throw DatabaseError(resultCode: .SQLITE_CANTOPEN, message: "no database file at \(database)")
        }
        var configuration = Database.Configuration()
        configuration.journalMode = .default
        configuration.readOnly = !writable
        configuration.createIfMissing = false
        return try Database(location: .file(database), configuration: configuration)
    }

    /// Opens the database, runs `body`, and closes it on success and error.
    func with<T>(writable: Bool, _ body: (Database) throws -> T) throws -> T {
        let db = try open(writable: writable)
        defer { try? db.close() }
        return try body(db)
    }
}
