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
    /// The number of result columns.
    public let columnCount: Int
    /// The arguments currently bound.
    public private(set) var arguments = StatementArguments()

    private(set) var handle: OpaquePointer?
    private unowned let database: Database
    private lazy var parameterNames: [String?] = (1...max(1, Int(sqlite3_bind_parameter_count(handle))))
        .prefix(Int(sqlite3_bind_parameter_count(handle)))
        .map { index in
            sqlite3_bind_parameter_name(handle, Int32(index)).map { String(cString: $0) }
        }
    private lazy var cachedLayout = RowLayout(columns: (0..<Int32(columnCount)).map { index in
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    })

    init(database: Database, handle: OpaquePointer, authorizer: StatementAuthorizer) {
        self.database = database
        self.handle = handle
        self.sql = sqlite3_sql(handle).map { String(cString: $0) }?.trimmingSQLSeparators() ?? ""
        self.region = authorizer.region
        self.writtenTables = authorizer.writtenTables
        self.isSchemaChange = authorizer.isSchemaChange
        self.columnCount = Int(sqlite3_column_count(handle))
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

    private func checkHandle() throws -> OpaquePointer {
        guard let handle else { throw DatabaseError.connectionClosed(sql: sql) }
        return handle
    }

    /// The names of the result columns.
    public var columnNames: [String] { layout.columns }

    /// The result columns, shared by the rows this statement produces.
    public var layout: RowLayout { cachedLayout }

    /// Whether the statement only reads (`sqlite3_stmt_readonly`).
    public var isReadOnly: Bool {
        handle.map { sqlite3_stmt_readonly($0) != 0 } ?? true
    }

    /// The number of `?` parameters and named parameters.
    public var parameterCount: Int { parameterNames.count }

    /// The number of parameters that take positional arguments (`?`, `?NNN`).
    var positionalParameterCount: Int {
        parameterNames.reduce(0) { count, name in
            if let name, !name.hasPrefix("?") { return count }
            return count + 1
        }
    }

    // MARK: - Binding

    /// Binds arguments, replacing the current ones.
    ///
    /// Positional arguments fill `?` parameters in order; named arguments
    /// fill `:name`, `$name` and `@name` parameters (a named parameter with
    /// no named argument takes the next positional one).
    ///
    /// - Throws: ``DatabaseError`` (`SQLITE_RANGE`) naming the parameter
    ///   when an argument is missing, or when there are too many.
    public func setArguments(_ arguments: StatementArguments) throws {
        try setArguments(arguments, strict: true)
    }

    func setArguments(_ arguments: StatementArguments, strict: Bool) throws {
        let handle = try checkHandle()
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        var positional = arguments.positional.makeIterator()
        var usedPositional = 0
        for (offset, name) in parameterNames.enumerated() {
            let index = Int32(offset + 1)
            let value: DatabaseValue
            if let name, !name.hasPrefix("?") {
                let key = String(name.dropFirst())
                if let named = arguments.named[key] {
                    value = named
                } else if let next = positional.next() {
                    usedPositional += 1
                    value = next
                } else {
                    throw DatabaseError(resultCode: .SQLITE_RANGE, message: "missing argument for parameter \(name)", sql: sql, arguments: arguments)
                }
            } else if let next = positional.next() {
                usedPositional += 1
                value = next
            } else {
                throw DatabaseError(resultCode: .SQLITE_RANGE,
                                    message: "wrong number of arguments: the statement takes \(positionalParameterCount), got \(arguments.positional.count)",
                                    sql: sql, arguments: arguments)
            }
            try bind(value, at: index, handle: handle)
        }
        if strict && usedPositional < arguments.positional.count {
            throw DatabaseError(resultCode: .SQLITE_RANGE,
                                message: "wrong number of arguments: the statement takes \(positionalParameterCount), got \(arguments.positional.count)",
                                sql: sql, arguments: arguments)
        }
        self.arguments = arguments
    }

    /// Binds one value to the 1-based parameter `index`, leaving the others
    /// bound. The fastest way to feed a statement in a loop.
    ///
    /// - Throws: ``DatabaseError`` when the index is out of range.
    @inline(__always)
    public func bind(_ value: some DatabaseValueConvertible, at index: Int) throws {
        let handle = try checkHandle()
        try bind(value.databaseValue, at: Int32(index), handle: handle)
    }

    @inline(__always)
    private func bind(_ value: DatabaseValue, at index: Int32, handle: OpaquePointer) throws {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let int):
            code = sqlite3_bind_int64(handle, index, int)
        case .real(let double):
            code = sqlite3_bind_double(handle, index, double)
        case .text(var string):
            code = string.withUTF8 { buffer in
                let pointer = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                    .assumingMemoryBound(to: CChar.self)
                return sqlite3_bind_text(handle, index, pointer, Int32(buffer.count), plume_sqlite_transient())
            }
        case .blob(let data):
            code = data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), plume_sqlite_transient())
            }
        }
        if code != SQLITE_OK {
            throw DatabaseError.lastError(of: sqlite3_db_handle(handle), code: code, sql: sql)
        }
    }

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
        if code == SQLITE_DONE {
            // Reset at once: arguments can be bound again, and the
            // statement holds no lock while it waits for its next use.
            sqlite3_reset(handle)
            database.changeTracker.statementDidFinish(self, in: database)
            return false
        }
        sqlite3_reset(handle)
        let error = DatabaseError.lastError(of: sqlite3_db_handle(handle), code: code, sql: sql, arguments: arguments)
        database.changeTracker.statementDidFinish(self, in: database, failed: true)
        throw error
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
        sqlite3_reset(handle)
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

    @inline(__always)
    static func columnValue(_ handle: OpaquePointer, _ index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }

    /// Copies the current row's values into `values` (reusing its storage
    /// when no one else holds it).
    @inline(__always)
    func readRow(into values: inout ContiguousArray<DatabaseValue>) {
        guard let handle else { return }
        for index in 0..<values.count {
            values[index] = Self.columnValue(handle, Int32(index))
        }
    }

    /// The current row, copied.
    public func currentRow() -> Row {
        var values = ContiguousArray<DatabaseValue>(repeating: .null, count: columnCount)
        readRow(into: &values)
        return Row(layout: layout, values: values)
    }
}

@available(*, unavailable, message: "A Statement belongs to one connection and one thread")
extension Statement: Sendable {}
