import ArgumentParser
import Persistence
import PlumeTerminal

/// `plume history enable`: start recording tables.
struct HistoryEnableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Record every changed row of the tables, whoever writes.",
        discussion: """
            Installs insert, update and delete triggers on each table. Running it again replaces them. With \
            --values the triggers record the changed rows' values too (the new row of an insert, the old row \
            of a delete, old and new values of the columns an update changed); without, keys only.

            \(HistoryExitCode.helpText)
            """)

    @OptionGroup var options: HistoryDatabaseOptions

    @Argument(help: "The tables to record.")
    var tables: [String]

    @Flag(help: "Record the changed rows' values, not only their keys.")
    var values = false

    func validate() throws {
        if tables.isEmpty { throw ValidationError("name at least one table to record") }
    }

    func run() throws {
        try HistoryExitCode.reportingErrors {
            let recorded = try options.with(writable: true) { db in
                try db.enableChangeHistory(for: tables, values: values)
                return try db.changeHistoryTables()
            }
            StandardStreams.print("recording changes of \(recorded.joined(separator: ", "))")
        }
    }
}

/// `plume history disable`: stop recording tables.
struct HistoryDisableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable",
        abstract: "Stop recording tables (all of them when none is named) and remove their triggers.",
        discussion: "When no table is left, the history tables are dropped too.\n\n\(HistoryExitCode.helpText)")

    @OptionGroup var options: HistoryDatabaseOptions

    @Argument(help: "The tables to stop recording; all when none is named.")
    var tables: [String] = []

    func run() throws {
        try HistoryExitCode.reportingErrors {
            let left = try options.with(writable: true) { db in
                try db.disableChangeHistory(for: tables.isEmpty ? nil : tables)
                return try db.changeHistoryTables()
            }
            StandardStreams.print(left.isEmpty ? "change history removed" : "still recording \(left.joined(separator: ", "))")
        }
    }
}
