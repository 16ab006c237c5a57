import CSQLite
import Foundation

/// One SQLite connection.
///
/// A `Database` is used from one thread at a time: ``DatabaseQueue`` and
/// ``DatabasePool`` own connections and hand them to your closures. You can
/// also open one directly for single-threaded tools and tests.
///
/// ```swift
/// let db = try Database(location: .file("photos.sqlite"))
/// try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT)")
/// try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["Sunset"])
/// let names = try String.fetchAll(db, sql: "SELECT name FROM photo")
/// try db.close()
/// ```
public final class Database {
    /// Where the data lives.
    public let location: Location
    /// How the connection was opened.
    public let configuration: Configuration

    /// The raw `sqlite3*` handle, nil once closed. Use it for C calls Plume
    /// does not wrap; do not close it.
    public private(set) var sqliteConnection: OpaquePointer?
    /// The file opened and the path it was opened by, to tell when another
    /// file takes its place (nil in memory).
    let openedFile: OpenedDatabaseFile?
    /// How the database file this connection opened left its path, once
    /// change observation noticed it (see ``DatabaseFileReplacedError``);
    /// nil while it is still there, and on a connection nobody observes.
    ///
    /// Set on a queue's or pool's writer connection before observers hear
    /// of the replacement: a commit observer
    /// (``DatabaseWriter/observeCommits(_:)``) reads it in its last call.
    public internal(set) var fileReplacement: DatabaseFileReplacedError?

    let authorizer = StatementAuthorizer()
    let changeTracker = ChangeTracker()
    let interruptHandle: InterruptHandle
    var statementCache: [String: Statement] = [:]
    /// While a value observation fetches: the union of the regions of the
    /// statements it uses (see ``recordingRegion(_:)``).
    @exclusivity(unchecked) var recordedRegion: DatabaseRegion?
    var statementCacheOrder: [String] = []
    /// SQL `execute(sql:arguments:)` ran once as a single statement,
    /// oldest first (see ``execute(sql:arguments:)``).
    var recentlyExecuted: [String] = []
    /// The insert, update, upsert and delete statements of typed table
    /// records, by record type and kind (see ``tableStatement(_:_:sql:)``).
    /// (Unchecked exclusivity, like the statements: one thread at a time
    /// uses a connection, and an insert loop reads them for every row.)
    @exclusivity(unchecked) var tableStatementCache: [TableStatementKey: Statement] = [:]
    /// The table statement last asked for.
    @exclusivity(unchecked) var lastTableStatement: (key: TableStatementKey, statement: Statement)?
    /// Statements alive on this connection, finalized at close.
    var liveStatements: [ObjectIdentifier: Unmanaged<Statement>] = [:]
    /// Whether tables can be tracked by rowid, by lowercased name.
    var rowIDTrackingByTable: [String: Bool] = [:]
    /// Whether a table has a rowid, by ``String/sqlNameKey()``.
    var rowIDTableByName: [String: Bool] = [:]
    /// Primary key columns by lowercased table name.
    var primaryKeyByTable: [String: [String]] = [:]
    /// Nesting depth of ``inSavepoint(_:)``.
    var savepointDepth = 0
    /// The cache size to restore when change observation ends, and the one
    /// set in its place (see ``withPageCache(atLeast:whileObserved:_:)``).
    var pageCacheKeptForObservers: (restore: Int, raised: Int)?
    /// The oldest change-history sequence number a change observer of this
    /// connection still needs: pruning never goes past it.
    var changeHistoryFloor: Int64?
    /// The oldest change-history sequence number an undo stack writing
    /// through this connection still needs (``DatabaseUndoStack``):
    /// pruning never goes past it either.
    var changeHistoryUndoFloor: Int64?

    /// Opens a connection.
    ///
    /// - Parameters:
    ///   - location: A file, a URI, or an in-memory database.
    ///   - configuration: How to open it.
    /// - Throws: ``DatabaseError`` when the file cannot be opened, is not a
    ///   database, or is corrupt.
    public init(location: Location, configuration: Configuration = Configuration()) throws {
        self.location = location
        self.configuration = configuration
        var flags: Int32 = SQLITE_OPEN_NOMUTEX
        flags |= configuration.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if configuration.createIfMissing && !configuration.readOnly { flags |= SQLITE_OPEN_CREATE }
        if configuration.refusesSymbolicLinks { flags |= SQLITE_OPEN_NOFOLLOW }
        let filename: String
        switch location {
        case .inMemory: filename = ":memory:"
        case .file(let path): filename = path
        case .uri(let uri):
            filename = uri
            flags |= SQLITE_OPEN_URI
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(filename, &handle, flags, configuration.vfsName)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError.lastError(of: handle, code: code)
            sqlite3_close(handle) // sqlite3_open_v2 allocates a handle even when it fails
            throw DatabaseError(resultCode: error.extendedResultCode,
                                message: "cannot open \(location): \(error.message)")
        }
        sqliteConnection = handle
        openedFile = OpenedDatabaseFile(location: location, handle: handle)
        interruptHandle = InterruptHandle(handle)
        do {
            try setUp()
        } catch let error as DatabaseError {
            closeHandleAfterFailedSetup()
            throw DatabaseError(resultCode: error.extendedResultCode,
                                message: "cannot open \(location): \(error.message)", sql: error.sql)
        }
        do {
            try configuration.prepareDatabase?(self)
        } catch {
            closeHandleAfterFailedSetup()
            throw error
        }
    }

    /// Opens a file connection.
    ///
    /// - Throws: ``DatabaseError``, as ``init(location:configuration:)``.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(location: path == ":memory:" ? .inMemory : .file(path), configuration: configuration)
    }

    deinit {
        if sqliteConnection != nil {
            try? close()
        }
    }

    private func setUp() throws {
        guard let handle = sqliteConnection else { return }
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds = configuration.busyTimeout.components.seconds * 1000
            + configuration.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        let doubleQuotedStrings: Int32 = configuration.allowsDoubleQuotedStringLiterals ? 1 : 0
        _ = plume_db_config_int(handle, SQLITE_DBCONFIG_DQS_DML, doubleQuotedStrings, nil)
        _ = plume_db_config_int(handle, SQLITE_DBCONFIG_DQS_DDL, doubleQuotedStrings, nil)
        // SQLite's advice for files someone else may have written
        // (https://sqlite.org/security.html): no functions with side effects
        // from the schema, no writes that could corrupt the file, no
        // extension loading from SQL.
        _ = plume_db_config_int(handle, SQLITE_DBCONFIG_TRUSTED_SCHEMA, configuration.trustsSchema ? 1 : 0, nil)
        _ = plume_db_config_int(handle, SQLITE_DBCONFIG_DEFENSIVE, configuration.isDefensive ? 1 : 0, nil)
        sqlite3_enable_load_extension(handle, configuration.allowsLoadingExtensions ? 1 : 0)
        installAuthorizer()
        changeTracker.install(on: self)
        // Reading the schema proves the file is a database and not corrupt.
        // A connection that skips it still reads a read-only file, to roll
        // back an interrupted write; and since a failed read of a damaged
        // schema stops even `PRAGMA writable_schema` from loading what is
        // left of it, nothing else is read.
        if configuration.readsSchemaOnOpen || configuration.readOnly {
            do {
                try execute(sql: "SELECT count(*) FROM sqlite_master")
            } catch let error as DatabaseError where configuration.readOnly && Self.needsWritableRecovery(error) {
                // A process stopped mid-write: undo it as sqlite3 would, then read.
                try recoverInterruptedWrite(after: error)
                try execute(sql: "SELECT count(*) FROM sqlite_master")
            } catch where !configuration.readsSchemaOnOpen {
                // The first statement that reads the file reports the error.
            }
        }
        if configuration.foreignKeysEnabled {
            try execute(sql: "PRAGMA foreign_keys = ON")
        }
        if case .inMemory = location { return }
        if !configuration.readOnly, configuration.journalMode != .default {
            let mode = try String.fetchOne(self, sql: "PRAGMA journal_mode = \(configuration.journalMode.rawValue)")
            if configuration.journalMode == .wal, mode?.lowercased() != "wal", !isTemporaryOrMemoryFile {
                throw DatabaseError(resultCode: .SQLITE_ERROR,
                                    message: "could not switch to WAL mode (journal_mode is \(mode ?? "unknown"))")
            }
        }
    }

    private var isTemporaryOrMemoryFile: Bool {
        guard let handle = sqliteConnection, let name = sqlite3_db_filename(handle, "main") else { return true }
        return name.pointee == 0
    }

    private func installAuthorizer() {
        let context = Unmanaged.passUnretained(authorizer).toOpaque()
        sqlite3_set_authorizer(sqliteConnection, { context, action, first, second, _, _ in
            Unmanaged<StatementAuthorizer>.fromOpaque(context!).takeUnretainedValue()
                .authorize(action, first, second)
        }, context)
    }

    private func closeHandleAfterFailedSetup() {
        finalizeLiveStatements()
        changeTracker.uninstall(from: sqliteConnection)
        interruptHandle.invalidate()
        sqlite3_close(sqliteConnection)
        sqliteConnection = nil
    }

    /// Whether the connection is open.
    public var isOpen: Bool { sqliteConnection != nil }

    /// Closes the connection, finalizing every statement still prepared.
    ///
    /// Closing twice does nothing.
    ///
    /// - Throws: ``DatabaseError`` when SQLite refuses to close; the error
    ///   lists the statements it could not finalize.
    public func close() throws {
        guard let handle = sqliteConnection else { return }
        // Finalize first: a statement released by the cache must not reach
        // back into a connection that may be deinitializing.
        finalizeLiveStatements()
        statementCache.removeAll()
        statementCacheOrder.removeAll()
        tableStatementCache.removeAll()
        lastTableStatement = nil
        changeTracker.uninstall(from: handle)
        interruptHandle.invalidate()
        // Close first: virtual tables (FTS5) finalize their own internal
        // statements while SQLite disconnects them; finalizing those here
        // beforehand would finalize them twice and crash.
        var code = sqlite3_close(handle)
        // Statements prepared through the raw handle, behind Plume's back.
        var leftovers: [String] = []
        if code == SQLITE_BUSY {
            while let statement = sqlite3_next_stmt(handle, nil) {
                leftovers.append(sqlite3_sql(statement).map { String(cString: $0) } ?? "?")
                sqlite3_finalize(statement)
            }
            code = sqlite3_close(handle)
        }
        guard code == SQLITE_OK else {
            let error = DatabaseError.lastError(of: handle, code: code)
            throw DatabaseError(resultCode: error.extendedResultCode,
                                message: "cannot close \(location): \(error.message)")
        }
        sqliteConnection = nil
        if !leftovers.isEmpty {
            throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                message: "closed \(location), finalizing \(leftovers.count) statement(s) prepared outside Plume: \(leftovers.joined(separator: "; "))")
        }
    }

    private func finalizeLiveStatements() {
        let statements = liveStatements.values.map { $0.takeUnretainedValue() }
        liveStatements.removeAll()
        for statement in statements { statement.finalizeAfterConnectionClosed() }
    }

    func checkOpen(sql: String? = nil) throws -> OpaquePointer {
        guard let handle = sqliteConnection else { throw DatabaseError.connectionClosed(sql: sql) }
        return handle
    }

    // MARK: - Executing

    /// Runs SQL: one statement, or a script of several separated by `;`.
    ///
    /// Positional arguments are consumed by the script's statements in
    /// order; named arguments go to every statement that names them.
    ///
    /// - Throws: ``DatabaseError`` naming the failing statement and, for a
    ///   script, the line where it starts. Statements before it stay run
    ///   (wrap the call in ``inTransaction(_:_:)`` for all or nothing).
    ///
    /// SQL of one statement run a second time (recently) is kept compiled
    /// in the statement cache, as ``cachedStatement(sql:)`` keeps it: a
    /// loop that runs the same statement compiles it twice, not on every
    /// turn, while SQL that differs each time never churns the cache.
    public func execute(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        if let statement = statementCache[sql], !statement.isBusy {
            statement.resetForReuse()
            let remaining = try run(statement, arguments: arguments, consumed: arguments.positional[...], line: 1)
            try checkAllArgumentsUsed(arguments, remaining: remaining, sql: sql)
            return
        }
        var remainingPositional = arguments.positional[...]
        var statements = 0
        var onlyStatement: Statement?
        try forEachStatement(in: sql) { statement, line in
            statements += 1
            onlyStatement = line == 1 ? statement : nil
            remainingPositional = try run(statement, arguments: arguments, consumed: remainingPositional, line: nil)
        }
        try checkAllArgumentsUsed(arguments, remaining: remainingPositional, sql: sql)
        if statements == 1, let onlyStatement, !onlyStatement.isSchemaChange {
            executedOnce(sql, onlyStatement)
        }
    }

    /// Runs one statement of `execute(sql:arguments:)` with the positional
    /// arguments it takes from `remaining` (and every named one); returns
    /// the positional arguments left. With `line`, an error without a line
    /// gets it (as ``forEachStatement(in:_:)`` adds it).
    private func run(_ statement: Statement, arguments: StatementArguments, consumed remaining: ArraySlice<DatabaseValue>,
                     line: Int?) throws -> ArraySlice<DatabaseValue> {
        var statementArguments = StatementArguments(named: arguments.named)
        let count = statement.positionalParameterCount
        statementArguments.positional = Array(remaining.prefix(count))
        do {
            try statement.setArguments(statementArguments, strict: false)
            try statement.run()
        } catch var error as DatabaseError {
            if let line, error.line == nil { error.line = line }
            throw error
        }
        return remaining.dropFirst(count)
    }

    private func checkAllArgumentsUsed(_ arguments: StatementArguments, remaining: ArraySlice<DatabaseValue>, sql: String) throws {
        guard !remaining.isEmpty else { return }
        throw DatabaseError(resultCode: .SQLITE_MISUSE,
                            message: "\(arguments.positional.count) arguments given, but the SQL has only \(arguments.positional.count - remaining.count) parameters",
                            sql: sql, arguments: arguments)
    }

    /// Notes SQL that ran as one statement: the second time within the
    /// last few calls, its statement joins the cache.
    private func executedOnce(_ sql: String, _ statement: Statement) {
        if let seen = recentlyExecuted.firstIndex(of: sql) {
            recentlyExecuted.remove(at: seen)
            cache(statement, for: sql)
            return
        }
        if recentlyExecuted.count >= Self.recentlyExecutedCapacity { recentlyExecuted.removeFirst() }
        recentlyExecuted.append(sql)
    }

    /// How many single statements `execute(sql:arguments:)` remembers
    /// having run once.
    static let recentlyExecutedCapacity = 8

    /// Compiles each statement of a script in turn and hands it to `body`
    /// with the 1-based line where it starts.
    ///
    /// The script ends at its first NUL character, as SQLite's C API reads
    /// SQL text: what follows a NUL is never run.
    ///
    /// - Throws: ``DatabaseError`` with the line of a statement that does
    ///   not compile, or what `body` throws (with the line added to a
    ///   ``DatabaseError``).
    public func forEachStatement(in sql: String, _ body: (Statement, _ line: Int) throws -> Void) throws {
        let handle = try checkOpen(sql: sql)
        var utf8 = Array(sql.utf8)
        utf8.append(0)
        try utf8.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            var offset = 0
            var line = 1
            var lineCountedUpTo = 0
            // The SQL ends at its first NUL, as SQLite's C API reads it.
            let end = buffer.firstIndex(of: 0)!
            while offset < end {
                let start = SQLScanner.skipSpaceAndComments(buffer, from: offset)
                if start >= end { break }
                line += SQLScanner.countNewlines(buffer, from: lineCountedUpTo, to: start)
                lineCountedUpTo = start
                var tail: UnsafePointer<CChar>?
                var statementHandle: OpaquePointer?
                authorizer.reset()
                let code = sqlite3_prepare_v2(handle, base + start, Int32(end - start), &statementHandle, &tail)
                let consumed = tail.map { base.distance(to: $0) } ?? end
                guard code == SQLITE_OK else {
                    let text = SQLScanner.statementText(buffer, from: start, to: SQLScanner.statementEnd(buffer, from: start))
                    var error = DatabaseError.lastError(of: handle, code: code, sql: text)
                    error.line = line
                    throw error
                }
                offset = consumed
                guard let statementHandle else { continue } // only a comment or `;`
                let statement = Statement(database: self, handle: statementHandle, authorizer: authorizer)
                do {
                    try body(statement, line)
                } catch var error as DatabaseError {
                    if error.line == nil { error.line = line }
                    throw error
                }
            }
        }
    }

    /// Compiles one statement.
    ///
    /// - Throws: ``DatabaseError`` when the SQL does not compile or holds
    ///   more than one statement.
    public func makeStatement(sql: String) throws -> Statement {
        let handle = try checkOpen(sql: sql)
        var statementHandle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        authorizer.reset()
        var hasMoreStatements = false
        let code: Int32 = sql.withCString { cString in
            let code = sqlite3_prepare_v3(handle, cString, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statementHandle, &tail)
            if code == SQLITE_OK, let tail { hasMoreStatements = SQLScanner.hasStatement(after: tail) }
            return code
        }
        guard code == SQLITE_OK else {
            throw DatabaseError.lastError(of: handle, code: code, sql: sql)
        }
        guard let statementHandle else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the SQL holds no statement", sql: sql)
        }
        if hasMoreStatements {
            sqlite3_finalize(statementHandle)
            throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                message: "expected one statement, found several (use execute(sql:) for scripts)", sql: sql)
        }
        let statement = Statement(database: self, handle: statementHandle, authorizer: authorizer)
        recordedRegion?.formUnion(statement.region)
        return statement
    }

    /// Runs `body` and returns, with its result, the tables and columns the
    /// statements it prepared or took from the cache read.
    func recordingRegion<T>(_ body: () throws -> T) rethrows -> (T, DatabaseRegion) {
        let outer = recordedRegion
        recordedRegion = DatabaseRegion()
        defer {
            // A recording around this one reads what this one read, too.
            if var outer {
                outer.formUnion(recordedRegion ?? DatabaseRegion())
                recordedRegion = outer
            } else {
                recordedRegion = nil
            }
        }
        let result = try body()
        return (result, recordedRegion ?? DatabaseRegion())
    }

    /// A compiled statement from this connection's cache, compiled on first
    /// use. Its arguments are reset before it is returned. While a cursor
    /// still reads the cached statement (the same query run inside its
    /// loop), a new one is compiled and takes its place in the cache.
    ///
    /// - Throws: ``DatabaseError`` when the SQL does not compile.
    public func cachedStatement(sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            if !statement.isBusy {
                statement.resetForReuse()
                recordedRegion?.formUnion(statement.region)
                return statement
            }
            // A cursor is reading the cached one (the same query run inside
            // its loop): a new statement takes its place in the cache, and
            // the cursor keeps reading its own.
            let fresh = try makeStatement(sql: sql)
            statementCache[sql] = fresh
            return fresh
        }
        let statement = try makeStatement(sql: sql)
        cache(statement, for: sql)
        return statement
    }

    /// Keeps `statement` for `sql`, the oldest cached statement making
    /// room (nothing is kept with a capacity of 0).
    private func cache(_ statement: Statement, for sql: String) {
        guard configuration.statementCacheCapacity > 0 else { return }
        if statementCacheOrder.count >= configuration.statementCacheCapacity {
            let evicted = statementCacheOrder.removeFirst()
            statementCache[evicted] = nil
        }
        statementCache[sql] = statement
        statementCacheOrder.append(sql)
    }

    /// Drops every cached statement (after a schema change, for example).
    public func clearStatementCache() {
        statementCache.removeAll()
        statementCacheOrder.removeAll()
        recentlyExecuted.removeAll()
        tableStatementCache.removeAll()
        lastTableStatement = nil
    }

    // MARK: - Connection state

    /// The rowid of the last inserted row.
    public var lastInsertedRowID: Int64 {
        sqliteConnection.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changesCount: Int {
        sqliteConnection.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// Rows changed since the connection opened.
    public var totalChangesCount: Int {
        sqliteConnection.map { Int(sqlite3_total_changes($0)) } ?? 0
    }

    /// Whether a transaction is open.
    public var isInsideTransaction: Bool {
        sqliteConnection.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    /// Whether the connection is read-only.
    public var isReadOnly: Bool {
        sqliteConnection.map { sqlite3_db_readonly($0, "main") == 1 } ?? configuration.readOnly
    }

    /// The version of the SQLite library, as `3.40.1`.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// The version of the SQLite library, as `3040001`.
    public static var sqliteVersionNumber: Int32 { sqlite3_libversion_number() }

    /// A handle that interrupts this connection's running statement from
    /// any thread (`sqlite3_interrupt`).
    public var interrupter: InterruptHandle { interruptHandle }

    /// The `PRAGMA data_version` of this connection: it changes when another
    /// connection commits to the same file.
    public func dataVersion() throws -> Int64 {
        try Int64.fetchOne(self, sql: "PRAGMA data_version") ?? 0
    }

    /// Whether the update hook can report every row change of a table:
    /// false for a `WITHOUT ROWID` table, a table with an `ON CONFLICT
    /// REPLACE` constraint (its plain inserts delete conflicting rows
    /// unreported), or one with a trigger that uses `REPLACE`. Read from the
    /// schema's tokens, so the word in a string, a name or the `replace()`
    /// function does not count.
    ///
    /// - Complexity: The first question after a schema change reads the
    ///   definitions of every table and trigger once, answering it for
    ///   every table; later ones are a dictionary lookup.
    func tableIsRowIDTracked(_ table: String) throws -> Bool {
        if let known = rowIDTrackingByTable[table] { return known }
        var tracking = try readRowIDTracking()
        // A table the schema does not define (a temporary one): tracked.
        tracking[table] = tracking[table] ?? true
        rowIDTrackingByTable.merge(tracking) { _, read in read }
        return tracking[table]!
    }

    /// Whether each table of the main schema keeps row tracking, by
    /// lowercased name: one pass over `sqlite_master`.
    private func readRowIDTracking() throws -> [String: Bool] {
        guard let handle = sqliteConnection else { return [:] }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        let sql = "SELECT type, lower(tbl_name), sql FROM sqlite_master WHERE type IN ('table', 'trigger') AND sql IS NOT NULL"
        var code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK else { throw DatabaseError.lastError(of: handle, code: code, sql: sql) }
        var tracking: [String: Bool] = [:]
        code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            if let type = sqlite3_column_text(statement, 0), let name = sqlite3_column_text(statement, 1),
               let text = sqlite3_column_text(statement, 2) {
                let table = String(cString: name)
                if tracking[table] != false {
                    tracking[table] = Self.definitionKeepsRowIDTracking(String(cString: text), isTable: String(cString: type) == "table")
                }
            }
            code = sqlite3_step(statement)
        }
        // Out of memory or an I/O error: unknown, and not remembered.
        guard code == SQLITE_DONE else { throw DatabaseError.lastError(of: handle, code: code, sql: sql) }
        return tracking
    }

    static func definitionKeepsRowIDTracking(_ definition: String, isTable: Bool) -> Bool {
        guard let tokens = SQLTokens(definition) else { return false }
        if tokens.usesReplaceKeyword { return false }
        guard isTable else { return true }
        let words = tokens.tokens.filter { $0.depth == 0 }.map(\.word)
        return !zip(words, words.dropFirst()).contains { $0 == "without" && $1 == "rowid" }
    }
}

@available(*, unavailable, message: "A Database is used from one thread at a time: use DatabaseQueue or DatabasePool to share one")
extension Database: Sendable {}

/// Interrupts a connection's running statement from any thread.
public final class InterruptHandle: @unchecked Sendable {
    // Safe: the handle is only read and written under `lock`, and
    // sqlite3_interrupt is documented as safe to call from any thread while
    // the connection is open.
    private let lock = Lock()
    private var handle: OpaquePointer?

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    func invalidate() {
        lock.withLock { handle = nil }
    }

    /// Makes the running statement fail with `SQLITE_INTERRUPT`. Does
    /// nothing when the connection is closed.
    public func interrupt() {
        lock.withLock {
            if let handle { sqlite3_interrupt(handle) }
        }
    }
}
