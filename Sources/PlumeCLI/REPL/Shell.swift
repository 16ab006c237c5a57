import CSQLite
import Foundation
import Persistence

/// The interactive SQL shell behind `plume repl`: reads SQL and
/// dot-commands, runs them and prints results the way the `sqlite3` shell
/// does.
///
/// On a pipe or file it is byte-compatible with `sqlite3` 3.40 for the
/// dot-commands and modes it shares with it; on a terminal it adds line
/// editing, history, completion and Ctrl-C handling.
final class Shell {
    /// The open connection.
    private(set) var database: Database
    /// The path shown by `.show`.
    private(set) var filename: String
    var settings = OutputSettings()
    var echo = false
    var bail = false
    var countChanges = false
    var timer = false
    let output = OutputBuffer()
    /// The line number in the input being read, for error messages.
    var lineNumber = 0
    /// The status `.exit N` asked for; the shell stops reading when set.
    var exitCode: Int32?
    /// Nesting of `.read`.
    var inputNesting = 0
    /// Interrupts running statements on Ctrl-C.
    let interrupts: InterruptMonitor?

    /// Opens the shell on a database.
    ///
    /// - Throws: ``DatabaseError`` when the database cannot be opened.
    init(path: String, createIfMissing: Bool, readOnly: Bool, interrupts: InterruptMonitor?) throws {
        database = try Shell.openDatabase(path: path, createIfMissing: createIfMissing, readOnly: readOnly)
        filename = path == ":memory:" ? "" : path
        self.interrupts = interrupts
        interrupts?.connection = database.sqliteConnection
    }

    /// Opens a connection configured as `sqlite3` opens one: the file's
    /// journal mode is kept and foreign keys are not enforced.
    static func openDatabase(path: String, createIfMissing: Bool, readOnly: Bool) throws -> Database {
        var configuration = Database.Configuration()
        configuration.journalMode = .default
        configuration.foreignKeysEnabled = false
        configuration.createIfMissing = createIfMissing
        configuration.readOnly = readOnly
        configuration.statementCacheCapacity = 4
        configuration.label = "plume repl"
        // As the sqlite3 shell: `"abc"` is a string where no column has that name.
        configuration.allowsDoubleQuotedStringLiterals = true
        let database = try Database(path: path, configuration: configuration)
        ShellFunctions.install(on: database.sqliteConnection!)
        return database
    }

    /// Replaces the connection (`.open`).
    func replaceDatabase(with newDatabase: Database, filename: String) {
        interrupts?.connection = nil
        try? database.close()
        database = newDatabase
        self.filename = filename
        interrupts?.connection = newDatabase.sqliteConnection
    }

    /// The raw connection handle.
    var connection: OpaquePointer { database.sqliteConnection! }

    /// Closes the connection and flushes output.
    func close() {
        output.flush()
        interrupts?.connection = nil
        try? database.close()
    }

    /// Writes an error message (a whole line) to standard error, after
    /// flushing what was printed before it.
    func printError(_ message: String) {
        output.flush()
        StandardError.write(message + "\n")
    }

    /// Writes error bytes (a whole line) to standard error.
    func printError(bytes: [UInt8]) {
        output.flush()
        StandardError.write(bytes + [0x0A])
    }
}
