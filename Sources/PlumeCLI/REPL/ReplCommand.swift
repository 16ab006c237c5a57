import ArgumentParser
import Foundation
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `plume repl DATABASE`: the interactive SQL shell.
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Query a database interactively, like the sqlite3 shell.",
        discussion: """
        Reads SQL statements and dot-commands (.tables, .schema, .mode box, .help, …) \
        from the terminal with line editing, history (~/.plume_history), tab completion \
        and Ctrl-C to interrupt a statement. Piped input runs as a script, printing \
        exactly what sqlite3 prints. Beyond sqlite3's commands, .watch QUERY shows a \
        live query (q returns to the prompt) and .migrate status|up applies migrations.

        A DATABASE that does not exist is an error unless --create is given. Without \
        DATABASE the shell opens a transient in-memory database.

        Examples:
          plume photos.sqlite
          plume repl photos.sqlite
          plume repl --create scratch.sqlite
          echo 'SELECT count(*) FROM photo;' | plume repl photos.sqlite
          plume repl photos.sqlite < script.sql
        """)

    @Argument(help: "The database file (default: a transient in-memory database).")
    var database: String?

    @Flag(help: "Create DATABASE when it does not exist.")
    var create = false

    @Flag(help: "Open DATABASE read-only.")
    var readonly = false

    init() {}

    func run() throws {
        let path = database ?? ":memory:"
        if path != ":memory:", !create, !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure("no database at \(path) (pass --create to create it)")
        }
        let interactive = isatty(STDIN_FILENO) != 0
        let interrupts = InterruptMonitor()
        let shell: Shell
        do {
            shell = try Shell(path: path, createIfMissing: create, readOnly: readonly, interrupts: interrupts)
        } catch let error as DatabaseError {
            throw CommandFailure(error.message)
        }
        let failed: Bool
        if interactive {
            let terminal = TerminalLineSource(shell: shell)
            shell.output.write(ShellBanner.text(inMemory: path == ":memory:"))
            failed = shell.processInput(terminal)
            terminal.saveHistory()
        } else {
            failed = shell.processInput(FileLineSource())
        }
        shell.close()
        if let code = shell.exitCode { throw ExitCode(code) }
        if failed { throw ExitCode(1) }
    }
}

/// The greeting on a terminal.
enum ShellBanner {
    static func text(inMemory: Bool) -> String {
        var text = "Plume \(PlumeCommand.configuration.version) (SQLite \(String(cString: sqlite3_libversion())))\n"
        text += "Enter \".help\" for usage hints.\n"
        if inMemory {
            text += "Connected to a transient in-memory database.\n"
            text += "Use \".open FILENAME\" to reopen on a persistent database.\n"
        }
        return text
    }
}

import CSQLite
