import ArgumentParser
import Foundation
import PlumeShell

/// `plume repl DATABASE`: the interactive SQL shell.
///
/// `PlumeCommand.main()` hands `plume repl …` and `plume [OPTIONS]
/// FILENAME …` to ``ShellCommandLine`` before the argument parser sees
/// them; this type gives `plume repl --help` its text and runs the shell
/// when the parser is used directly.
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

        Takes sqlite3's options (-bail, -batch, -cmd, -csv, -header, -init, -json, \
        -readonly, …; plume -help lists them all) and runs SQL or dot-commands given \
        after DATABASE instead of reading standard input. ~/.sqliterc runs first, as \
        in sqlite3. A DATABASE that does not exist is created when first used. \
        Without DATABASE the shell opens a transient in-memory database.

        Examples:
          plume photos.sqlite
          plume repl photos.sqlite
          plume -bail -cmd '.mode box' photos.sqlite 'SELECT * FROM photo' .tables
          echo 'SELECT count(*) FROM photo;' | plume repl photos.sqlite
          plume repl photos.sqlite < script.sql
        """)

    @Argument(help: "The database file (default: a transient in-memory database).")
    var database: String?

    @Flag(help: "Does nothing: a missing DATABASE is always created when first used.")
    var create = false

    @Flag(help: "Open DATABASE read-only.")
    var readonly = false

    init() {}

    func run() throws {
        var arguments = readonly ? ["-readonly"] : []
        if let database { arguments.append(database) }
        let status = ShellCommandLine.run(arguments, program: CommandLine.arguments.first ?? "plume", host: .plume)
        if status != 0 { throw ExitCode(status) }
    }
}
