import FetchedResults
import Foundation
import Persistence
import PlumeShell

extension Shell {
    /// `.watch`, which `plume` adds to the shell.
    static let watchCommand = DotCommand(name: "watch", minimumLength: 2, usage: ".watch ?OPTIONS? QUERY",
                                         summary: "Show a query's rows live until q or Ctrl-C", details: watchHelp) {
        $0.watch($1)
    }

    /// `.help watch`.
    static let watchHelp = """
           Options:
             --section COLUMN   Group rows in sections by COLUMN (QUERY must be
                                ordered by it first)
             --id COLUMN        The column that identifies rows (default id)
           On a terminal: a live table of QUERY's rows, changed rows highlighted
           as any process commits; arrows and Page Up/Down scroll, q or Ctrl-C
           returns to the prompt. Needs a database file, not :memory:.
           When input or output is not a terminal (a script): prints the rows
           once as plain lines ("section 0 ..." then "  [0, 0] ...") and
           returns at once, so that scripts end.

        """

    /// `.watch ?--section COLUMN? ?--id COLUMN? QUERY`: the query's rows in
    /// the live table of `plume watch --format table` until `q` or Ctrl-C,
    /// when standard input and output are a terminal; otherwise the initial
    /// rows as plain lines, at once, so that scripts stay deterministic.
    func watch(_ command: DotCommandLine) -> DotCommandResult {
        let usage = "Usage: .watch ?--section COLUMN? ?--id COLUMN? QUERY"
        var section: String?
        var identity = "id"
        var index = 1
        while index < command.arguments.count, command.string(index).hasPrefix("--") {
            let option = command.string(index)
            guard index + 1 < command.arguments.count, option == "--section" || option == "--id" else {
                printError(usage)
                return .failed
            }
            if option == "--section" { section = command.string(index + 1) } else { identity = command.string(index + 1) }
            index += 2
        }
        let query = Shell.watchQuery(command, from: index)
        guard !query.isEmpty else {
            printError(usage)
            return .failed
        }
        failIfSafeMode("cannot run .watch in safe mode")
        guard !filename.isEmpty, filename != ":memory:" else {
            printError("Error: .watch follows a database file, not an in-memory database; use .open FILE first")
            return .failed
        }
        let controller: FetchedResultsController<Row>
        do {
            let request = FetchRequest(sql: query, identityColumn: identity, sectionColumn: section)
            controller = try WatchCommand.openController(database: filename, request: request)
        } catch {
            printError("Error: \(error)")
            return .failed
        }
        output.flush()
        let live = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
        // Safe: the shell stays on the main thread, where dot-commands run,
        // and that is the main actor's; it is not sent anywhere else.
        nonisolated(unsafe) let shell = self
        return MainActor.assumeIsolated { shell.showWatch(controller, title: query, live: live) }
    }

    /// The query from argument `index` on: a single quoted argument without
    /// its quotes, else the text as typed, without a final `;`.
    static func watchQuery(_ command: DotCommandLine, from index: Int) -> String {
        guard index < command.arguments.count else { return "" }
        let raw = command.rawText(from: index)
        if index == command.arguments.count - 1, raw.hasPrefix("\"") || raw.hasPrefix("'") {
            return command.string(index)
        }
        var query = Substring(raw)
        while let last = query.last, last == ";" || last.isWhitespace { query.removeLast() }
        return String(query)
    }

    /// Runs the main queue while the table is shown: until `q`, Ctrl-C or
    /// an error when `live`, until the initial rows are printed otherwise.
    @MainActor
    private func showWatch(_ controller: FetchedResultsController<Row>, title: String, live: Bool) -> DotCommandResult {
        let output = self.output
        let table = WatchTable(controller: controller, title: title, allowsTerminal: live, listsRows: true) {
            output.write($0 + "\n")
        }
        var isFinished = false
        var failure: (any Error)?
        table.onEnd = { error in
            failure = error
            isFinished = true
        }
        if !live { table.onShown = { isFinished = true } }
        interrupts?.drain()
        _ = interrupts?.takeInterrupt()
        table.start()
        while !isFinished {
            MainQueue.run(waitingAtMost: 50)
            // Ctrl-C (the shell's SIGINT handler) ends the watch, not the shell.
            if interrupts?.drain() == true {
                _ = interrupts?.takeInterrupt()
                break
            }
        }
        table.end()
        output.flush()
        if let failure {
            printError("Error: \(failure)")
            return .failed
        }
        return .succeeded
    }
}
