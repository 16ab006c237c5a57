import ArgumentParser
import FetchedResults
import FetchedResultsDataSourceCore
import Foundation
import Persistence
import PlumeShell
import PlumeTerminal

/// `plume watch`: a live query, printed as change sets until interrupted.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print a query's results, then every change to them, until interrupted.",
        discussion: """
            The query runs in a fetched results controller: after each commit that changes \
            its result (by any process), plume prints the change set a list view would apply.

            --format jsonl (the default) prints one JSON object per line, flushed at once \
            (shown here over several lines):
              {"event":"initial",
               "sections":[{"name":…,"rows":[ROW,…]},…]}
              {"event":"change",
               "sections":{"deleted":[OLD_INDEX,…],
                           "inserted":[{"index":NEW_INDEX,"name":…,"rows":[ROW,…]},…]},
               "rows":{"deleted":[[S,R],…],
                       "inserted":[{"to":[S,R],"row":ROW},…],
                       "moved":[{"from":[S,R],"to":[S,R],"row":ROW},…],
                       "updated":[{"from":[S,R],"to":[S,R],"row":ROW},…]}}

            Without --section there is one section named null (none while the result is empty, so \
            that the change events always apply to what was printed). ROW is an object of the \
            query's columns; blobs are {"base64":"…"}. Deleted rows and \
            sections, and the "from" of moves and updates, are old positions; the others are new ones.

            --format table shows a live table in the terminal: changed rows are highlighted, \
            arrows, Page Up/Down and Home/End scroll, q quits. When the output is not a \
            terminal, it prints each change as a plain line instead. In plume repl, \
            .watch QUERY shows the same table.

            Examples:
              plume watch photos.sqlite "SELECT * FROM photo ORDER BY created"
              plume watch photos.sqlite \\
                "SELECT * FROM photo ORDER BY album_id, name" --section album_id
              plume watch photos.sqlite "SELECT * FROM photo ORDER BY rating DESC" \\
                --format table

            When another file takes the database's place (moved over it, deleted and created \
            again, a symbolic link pointed elsewhere), plume watch opens the path again and \
            shows the new file's rows as one change, as tail -F follows a file; a database \
            deleted for good ends it with an error within a second.

            SIGINT (Ctrl-C) or SIGTERM ends it with exit status 0. Bad input (a missing file, an SQL \
            error, a missing or duplicate identity, a query not ordered by its section column first) \
            prints an error and exits with status 1.
            """)

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonl, table
    }

    @Argument(help: "The database file (it must exist).")
    var database: String

    @Argument(help: "The query to watch: one SELECT statement.")
    var query: String

    @Option(help: ArgumentHelp("The column that names each row's section; the query must be ordered by it first.", valueName: "column"))
    var section: String?

    @Option(help: ArgumentHelp("The column that identifies each row; unique in the result.", valueName: "column"))
    var id = "id"

    @Option(help: "The output format: jsonl or table.")
    var format: Format = .jsonl

    func run() throws {
        let request = FetchRequest(sql: query, identityColumn: id, sectionColumn: section)
        let path = database
        let open: WatchReopening.Open = { try Self.openController(database: path, request: request) }
        let controller: FetchedResultsController<Row>
        do {
            controller = try open()
        } catch {
            StandardStreams.printError("error: \(error)")
            throw ExitCode.failure
        }
        let title = query
        let format = format
        // `run` is called on the main thread, which serves the main queue
        // from `dispatchMain()` on.
        MainActor.assumeIsolated {
            switch format {
            case .jsonl: WatchJSONLines(controller: controller, path: path, open: open).start()
            case .table: Self.startTable(controller: controller, title: title, path: path, open: open)
            }
        }
        dispatchMain()
    }

    /// Shows the table until `q`, SIGINT or SIGTERM (exit 0) or an error
    /// (exit 1).
    @MainActor
    private static func startTable(controller: FetchedResultsController<Row>, title: String,
                                   path: String, open: @escaping WatchReopening.Open) {
        let table = WatchTable(controller: controller, title: title)
        table.reopen = { old in try await WatchReopening.reopen(replacing: old, path: path, open: open) }
        table.onEnd = { error in
            if let error { StandardStreams.printError("error: \(error)") }
            Foundation.exit(error == nil ? 0 : 1)
        }
        WatchLifetime.keep(table)
        WatchLifetime.keep(SignalTrap { _ in
            MainActor.assumeIsolated { table.end() }
            Foundation.exit(0)
        })
        table.start()
    }

    /// Opens the database read-only, with the REPL's SQL functions and
    /// collations, and fetches once, so that bad input fails before
    /// anything is printed.
    ///
    /// - Throws: ``WatchError`` for a missing file, ``DatabaseError`` for
    ///   SQL errors, ``FetchedResultsError`` for identity and section errors.
    static func openController(database path: String, request: FetchRequest) throws -> FetchedResultsController<Row> {
        guard FileBytes.isDirectory(atPath: path) == false else {
            throw WatchError("no database at \(path)")
        }
        var configuration = Database.Configuration()
        configuration.readOnly = true
        configuration.createIfMissing = false
        Shell.prepareConnections(of: &configuration)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let controller = FetchedResultsController<Row>(database: queue, request: request, queue: .main)
        try controller.performFetchAndWait()
        return controller
    }
}

/// A `plume watch` error of its own: a message naming what is wrong.
struct WatchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
