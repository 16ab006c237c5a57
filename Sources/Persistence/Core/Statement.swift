import CSQLite
import Foundation

/// A compiled SQL statement of one connection.
///
/// Make one with ``Database/makeStatement(sql:)`` or take one from the
/// connection's cache with ``Database/cachedStatement(sql:)``; bind
/// arguments, then step it or fetch from it.
///
/// ```swift
/// let insert = try db.makeStatement(sql: "INSERT INTO photo (name, rating) VALUES (?, ?)")
/// for (name, rating) in photos {
///     try insert.execute(arguments: [name, rating])
/// }
/// ```
///
/// A statement used after its connection closed throws a ``DatabaseError``
/// (`SQLITE_MISUSE`) instead of crashing.
public final class Statement {
    /// The SQL text.
    public let sql: String
    /// The tables and columns the statement reads, as SQLite's authorizer
    /// reported them while compiling it.
    public let region: DatabaseRegion
    /// Lowercased names of the tables the statement writes.
    public let writtenTables: Set<String>
    /// Whether the statement changes the schema.
    public let isSchemaChange: Bool
    /// Whether the statement begins or ends a transaction (BEGIN, COMMIT,
    /// END, ROLLBACK; not a savepoint's), as SQLite's authorizer reported
    /// it while compiling it.
    let controlsTransaction: Bool
    /// `ATTACH` or `DETACH`, as SQLite's authorizer reported it.
    private let attachment: String?
    /// `ATTACH`, `DETACH` or `VACUUM INTO` when the statement reaches a
    /// database file other than the connection's own (SQLite's authorizer
    /// reports the first two; `VACUUM INTO`, which it does not report, is
    /// recognised from the statement's tokens, on demand).
    var reachesOtherDatabase: String? {
        attachment ?? (SQLTokens(sql)?.isVacuumInto == true ? "VACUUM INTO" : nil)
    }
    /// Lowercased names of the SQL functions the statement calls, as
    /// SQLite's authorizer reported them while compiling it (operators that
    /// are functions included: `like`, `glob`, `->`; `CURRENT_TIMESTAMP`
    /// and its kin too).
    package let calledFunctions: Set<String>
    /// Whether the statement may delete rows through `REPLACE` conflict
    /// resolution, which the update hook does not report.
    let mayReplaceRows: Bool
    /// The number of result columns (of the statement as last prepared: a
    /// schema change can re-prepare it on its next step).
    public var columnCount: Int {
        handle.map { Int(sqlite3_column_count($0)) } ?? 0
    }
    /// The arguments currently bound.
    public internal(set) var arguments = StatementArguments()
    /// For a typed record's insert: whether its table has a rowid (it is
    /// not `WITHOUT ROWID`), so that the insert returns the new row's.
    @usableFromInline @exclusivity(unchecked) var insertsIntoRowIDTable = true

    @usableFromInline @exclusivity(unchecked) private(set) var handle: OpaquePointer?
    private unowned let database: Database
    /// The statement's parameters, read once.
    lazy var parameters = ParameterList(handle)
    /// The layout, and how many times SQLite had re-prepared the statement
    /// when it was read (`SQLITE_STMTSTATUS_REPREPARE`).
    private var cachedLayout: (layout: RowLayout, preparation: Int32)?

    init(database: Database, handle: OpaquePointer, authorizer: StatementAuthorizer) {
        self.database = database
        self.handle = handle
        self.sql = sqlite3_sql(handle).map { String(cString: $0) }?.trimmingSQLSeparators() ?? ""
        self.region = authorizer.region
        self.writtenTables = authorizer.writtenTables
        self.isSchemaChange = authorizer.isSchemaChange
        self.controlsTransaction = authorizer.controlsTransaction
        self.attachment = authorizer.attachment
        self.calledFunctions = authorizer.calledFunctions
        // `INSERT OR REPLACE`, `REPLACE INTO`, `UPDATE OR REPLACE`: the
        // keyword, not the word in a string, a name or `replace()`. (Tables
        // whose constraints or triggers replace are known from the schema:
        // `Database.tableIsRowIDTracked`.)
        self.mayReplaceRows = !authorizer.writtenTables.isEmpty && (SQLTokens(sql)?.usesReplaceKeyword ?? true)
        database.liveStatements[ObjectIdentifier(self)] = Unmanaged.passUnretained(self)
    }

    deinit {
        if let handle {
            database.liveStatements[ObjectIdentifier(self)] = nil
            sqlite3_finalize(handle)
        }
    }

    func finalizeAfterConnectionClosed() {
        if let handle { sqlite3_finalize(handle) }
        handle = nil
    }

    @usableFromInline
    func checkHandle() throws -> OpaquePointer {
        guard let handle else { throw DatabaseError.connectionClosed(sql: sql) }
        return handle
    }

    /// The names of the result columns.
    public var columnNames: [String] { layout.columns }

    /// The result columns, shared by the rows this statement produces.
    ///
    /// After a schema change (another connection adding, renaming or
    /// dropping a column, or replacing a view), SQLite re-prepares the
    /// statement on its next step: the layout then names the new columns.
    public var layout: RowLayout { layoutAndPreparation.layout }

    /// The layout, and how many times SQLite had re-prepared the statement
    /// when it was read (``preparation``).
    var layoutAndPreparation: (layout: RowLayout, preparation: Int32) {
        let preparation = self.preparation
        if let cachedLayout, cachedLayout.preparation == preparation { return cachedLayout }
        let layout = RowLayout(columns: (0..<Int32(columnCount)).map { index in
            sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
        })
        cachedLayout = (layout, preparation)
        return (layout, preparation)
    }

    /// How many times SQLite re-prepared the statement (after schema
    /// changes): `SQLITE_STMTSTATUS_REPREPARE`.
    var preparation: Int32 {
        handle.map { sqlite3_stmt_status($0, SQLITE_STMTSTATUS_REPREPARE, 0) } ?? 0
    }

    /// Whether the statement only reads (`sqlite3_stmt_readonly`).
    public var isReadOnly: Bool {
        handle.map { sqlite3_stmt_readonly($0) != 0 } ?? true
    }

    /// The number of `?` parameters and named parameters.
    public var parameterCount: Int { parameters.names.count }

    /// The number of parameters that take positional arguments (`?`, `?NNN`).
    var positionalParameterCount: Int { parameters.positionalCount }

    // MARK: - Stepping

    /// Advances to the next row.
    ///
    /// - Returns: true when a row is available, false when the statement is
    ///   done.
    /// - Throws: ``DatabaseError`` with the SQL and SQLite's message; the
    ///   statement is reset.
    @discardableResult
    @inline(__always)
    public func step() throws -> Bool {
        let handle = try checkHandle()
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        return try finishStep(handle, code: code)
    }

    /// After a step that gave no row: done (reset, and the change tracker
    /// told), or the step's error.
    @usableFromInline
    func finishStep(_ handle: OpaquePointer, code: Int32) throws -> Bool {
        if code == SQLITE_DONE {
            // Reset at once: arguments can be bound again, and the
            // statement holds no lock while it waits for its next use.
            sqlite3_reset(handle)
            try database.changeTracker.statementDidFinish(self, in: database)
            return false
        }
        sqlite3_reset(handle)
        let error = DatabaseError.lastError(of: sqlite3_db_handle(handle), code: code, sql: sql, arguments: arguments)
        // A failed statement records nothing: this never throws.
        try? database.changeTracker.statementDidFinish(self, in: database, failed: true)
        throw error
    }

    /// Whether the statement was stepped and has neither finished nor
    /// been reset: a cursor or a fetch is reading it.
    var isBusy: Bool {
        handle.map { sqlite3_stmt_busy($0) != 0 } ?? false
    }

    /// Rewinds the statement so it can run again; arguments stay bound.
    public func reset() {
        if let handle { sqlite3_reset(handle) }
    }

    func resetForReuse() {
        if let handle {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        arguments = StatementArguments()
    }

    /// Runs the statement to completion, discarding any rows.
    ///
    /// - Throws: ``DatabaseError``.
    public func run() throws {
        let handle = try checkHandle()
        // A statement stepped to its end is already reset (see step()).
        if sqlite3_stmt_busy(handle) != 0 { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Binds arguments and runs the statement to completion.
    ///
    /// - Throws: ``DatabaseError``.
    public func execute(arguments: StatementArguments) throws {
        try setArguments(arguments)
        try run()
    }

    // MARK: - Reading the current row

    /// The value of a column of the current row.
    @inline(__always)
    public func columnValue(at index: Int) -> DatabaseValue {
        guard let handle else { return .null }
        return Self.columnValue(handle, Int32(index))
    }

    @inlinable @inline(__always)
    static func columnValue(_ handle: OpaquePointer, _ index: Int32) -> DatabaseValue {
        // One sqlite3_column_value call, then the value accessors, which
        // skip the per-call connection checks of sqlite3_column_*. The
        // value is unprotected: fine, the connection is used by one thread.
        guard let value = sqlite3_column_value(handle, index) else { return .null }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return .text("") }
            let count = Int(sqlite3_value_bytes(value))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard count > 0, let bytes = sqlite3_value_blob(value) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }

    /// The current row, copied.
    public func currentRow() -> Row {
        guard let handle else { return Row(layout: layout, values: ContiguousArray(repeating: .null, count: columnCount)) }
        let storage = RowStorage(layout: layout, statement: handle)
        storage.materialize()
        return Row(storage: storage)
    }
}

@available(*, unavailable, message: "A Statement belongs to one connection and one thread")
extension Statement: Sendable {}
