import ArgumentParser
import CSQLite
import Foundation
import Persistence
import PlumeShell

/// `plume query DATABASE SQL`: runs one statement and prints its rows.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run one SQL statement and print its rows, for scripts.",
        discussion: """
        Prints rows exactly as `sqlite3 -MODE [-header] DATABASE SQL` prints them. \
        DATABASE must exist. A statement that fails prints one line on standard \
        error and exits with status 1.

        Examples:
          plume query photos.sqlite 'SELECT name, rating FROM photo LIMIT 5'
          plume query photos.sqlite 'SELECT * FROM album' --mode box
          plume query photos.sqlite 'SELECT * FROM photo' --mode csv --header \\
            > photos.csv
          plume query photos.sqlite "UPDATE photo SET rating = 5 WHERE id = 1"
        """)

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "One SQL statement.")
    var sql: String

    @Option(help: "Output mode: \(OutputMode.queryModeNames.joined(separator: ", ")).")
    var mode: String = "list"

    @Flag(help: "Print column names before the rows.")
    var header = false

    init() {}

    func validate() throws {
        guard OutputMode.queryModeNames.contains(mode) else {
            throw ValidationError("unknown mode '\(mode)': use one of \(OutputMode.queryModeNames.joined(separator: ", "))")
        }
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: database) else {
            throw CommandFailure("no database at \(database)")
        }
        let connection: Database
        do {
            // A file someone else wrote: its schema is not trusted.
            connection = try Shell.openDatabase(path: database, createIfMissing: false, readOnly: false, distrustsSchema: true)
        } catch let error as DatabaseError {
            throw CommandFailure(error.message)
        }
        defer { try? connection.close() }
        var settings = OutputSettings()
        // As `sqlite3 -MODE` sets them (csv rows end with a plain newline).
        settings.mode = OutputMode.allCases.first { $0.name == mode } ?? .list
        settings.showHeader = header
        if settings.mode == .csv || settings.mode == .quote {
            settings.columnSeparator = OutputSettings.comma
        } else if mode == "tabs" {
            settings.columnSeparator = OutputSettings.tab
        }
        let output = OutputBuffer()
        let executor = SQLExecutor(connection: connection.sqliteConnection!, output: output)
        do {
            try executor.run(Array(sql.utf8), settings: &settings) { _, remainder in
                var scanner = InputScanner()
                scanner.scan(Array(String(cString: remainder).utf8))
                if scanner.hasText {
                    throw CommandFailure("expected one SQL statement, found several in: \(sql)")
                }
            }
        } catch let failure as SQLFailure {
            output.flush()
            throw CommandFailure("\(failure.sqliteMessage) in: \(sql.replacingEvery("\n", with: " "))")
        }
        output.flush()
    }
}

/// An error printed as one line (`Error: …`) with exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
