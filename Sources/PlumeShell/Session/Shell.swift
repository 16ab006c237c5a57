import CSQLite
import Foundation
import Persistence
import PlumeTerminal

/// The interactive SQL shell behind `plume repl`: reads SQL and
/// dot-commands, runs them and prints results the way the `sqlite3` shell
/// does.
///
/// On a pipe or file it is byte-compatible with `sqlite3` 3.40 for the
/// dot-commands and modes it shares with it; on a terminal it adds line
/// editing, history, completion and Ctrl-C handling.
package final class Shell {
    /// The open connection, opened on first use when the shell started on
    /// a file that did not exist yet (as `sqlite3` delays creating it).
    package var database: Database {
        if let openedDatabase { return openedDatabase }
        return openDeferredDatabase()
    }
    private var openedDatabase: Database?
    /// How to open the database the first time it is needed.
    private var deferredOpening: DatabaseOpening?
    /// The path shown by `.show`.
    package private(set) var filename: String
    var settings = OutputSettings()
    var echo = false
    var bail = false
    var countChanges = false
    var timer = false
    /// `.eqp`, `.explain`, `.stats` (`-stats`) and `.prompt` settings.
    var diagnostics = QueryDiagnostics()
    /// `.trace`: where statements are traced.
    var trace = TraceSettings()
    /// Which optional lines the statistics show (`-lookaside 0 0` drops
    /// the lookaside lines, `-pagecache` adds the page-cache line).
    var statisticsShowLookaside = true
    var statisticsShowPageCache = false
    /// `-safe`: refuse commands and SQL that reach outside the database.
    var safeMode = false
    /// What the administrative dot-commands (`.log`, `.progress`,
    /// `.connection`, `.session`, …) keep between commands.
    var admin = AdminState()
    package let output: OutputBuffer
    /// Where `.output` and `.once` send `output`.
    var redirection = OutputRedirection()
    /// The line number in the input being read, for error messages.
    var lineNumber = 0
    /// The status `.exit N` asked for; the shell stops reading when set.
    var exitCode: Int32?
    /// Nesting of `.read`.
    var inputNesting = 0
    /// Interrupts running statements on Ctrl-C.
    package let interrupts: InterruptMonitor?
    /// The program around the shell: its version and dot-commands.
    package let host: ShellHost
    /// `sqlite3`'s dot-commands and the host's, sorted by name (on the
    /// first dot-command: a run of SQL alone never needs them).
    private(set) lazy var dotCommands = Shell.dotCommands(adding: host.dotCommands)
    /// `.help`'s lines (see ``Shell/helpLines(of:)``).
    private(set) lazy var helpLines = Shell.helpLines(of: dotCommands)

    /// Creates the shell without opening its database: ``database`` opens
    /// it when first needed, or ``openNow()`` does.
    ///
    /// - Parameters:
    ///   - opening: The database and how to open it.
    ///   - interrupts: What turns Ctrl-C into `sqlite3_interrupt`, if any.
    ///   - host: The program's version and extra dot-commands.
    ///   - output: Where results go (standard output by default).
    package init(deferring opening: DatabaseOpening, interrupts: InterruptMonitor?, host: ShellHost,
                 output: OutputBuffer = OutputBuffer()) {
        deferredOpening = opening
        filename = opening.path
        self.interrupts = interrupts
        self.host = host
        self.output = output
        ShellHelperFunctions.print = { [weak self] in self?.output.write($0) }
    }

    /// Opens the database now, unless it is open.
    ///
    /// - Throws: ``DatabaseError`` when it cannot be opened.
    func openNow() throws {
        guard openedDatabase == nil, let opening = deferredOpening else { return }
        let database = try opening.open()
        deferredOpening = nil
        openedDatabase = database
        interrupts?.connection = database.sqliteConnection
        if safeMode { installSafeModeAuthorizer() }
    }

    /// Whether the database is open (``database`` opens it on first use).
    var isDatabaseOpen: Bool { openedDatabase != nil }

    /// Opens the deferred database, or, as `sqlite3`, ends the process with
    /// status 1 when it cannot be opened.
    private func openDeferredDatabase() -> Database {
        do {
            try openNow()
        } catch {
            printError(Shell.openFailureMessage(error, path: deferredOpening?.path ?? filename))
            Foundation.exit(1)
        }
        return openedDatabase!
    }

    /// Closes the connection (`.open` does before opening another).
    func closeDatabase() {
        interrupts?.connection = nil
        try? openedDatabase?.close()
        openedDatabase = nil
        deferredOpening = nil
    }

    /// Opens a bare in-memory database in place of one that could not be
    /// opened, keeping its name for `.show`.
    func fallBackToMemory(filename: String) {
        if let fallback = try? Shell.openBareDatabase(path: ":memory:", createIfMissing: true, readOnly: false) {
            replaceDatabase(with: fallback, filename: filename)
        } else {
            deferredOpening = DatabaseOpening(path: ":memory:")
            self.filename = filename
        }
    }

    /// Replaces the connection (`.open`).
    func replaceDatabase(with newDatabase: Database, filename: String) {
        closeSessions(slot: admin.connections.active)
        closeDatabase()
        openedDatabase = newDatabase
        self.filename = filename
        interrupts?.connection = newDatabase.sqliteConnection
        if safeMode { installSafeModeAuthorizer() }
    }

    /// A connection `.connection` sets aside: open, or to be opened when
    /// next used.
    struct ConnectionState {
        fileprivate var database: Database?
        fileprivate var deferred: DatabaseOpening?
        /// The file name as given; empty for a temporary database.
        var filename: String
        var isOpen: Bool { database != nil }

        /// A temporary database, opened when first used (as `sqlite3` opens
        /// a connection without a file name).
        init(deferredPath path: String) {
            deferred = DatabaseOpening(path: path)
            filename = path
        }

        fileprivate init(database: Database?, deferred: DatabaseOpening?, filename: String) {
            (self.database, self.deferred, self.filename) = (database, deferred, filename)
        }

        /// Closes the connection; it opens again from its file when used.
        mutating func close() {
            guard let database else { return }
            try? database.close()
            self = ConnectionState(deferredPath: filename)
        }
    }

    /// Makes `other` the shell's connection and returns the one it was.
    func exchangeConnection(with other: ConnectionState) -> ConnectionState {
        output.flush()
        let current = ConnectionState(database: openedDatabase, deferred: deferredOpening, filename: filename)
        (openedDatabase, deferredOpening, filename) = (other.database, other.deferred, other.filename)
        interrupts?.connection = openedDatabase?.sqliteConnection
        return current
    }

    /// The raw connection handle.
    var connection: OpaquePointer { database.sqliteConnection! }

    /// Closes the connection and flushes output.
    func close() {
        output.flush()
        for slot in 0..<ConnectionSlots.count { closeSessions(slot: slot) }
        interrupts?.connection = nil
        try? openedDatabase?.close()
        closeTraceFile()
        finishOutputAtExit()
    }

    /// Writes an error message (a whole line) to standard error, after
    /// flushing what was printed before it.
    package func printError(_ message: String) {
        output.flush()
        StandardStreams.writeError(message + "\n")
    }

    /// Writes error bytes (a whole line) to standard error.
    func printError(bytes: [UInt8]) {
        output.flush()
        StandardStreams.writeError(bytes + [UInt8(ascii: "\n")])
    }
}
