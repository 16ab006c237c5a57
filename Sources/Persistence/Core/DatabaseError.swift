import CSQLite

/// An error from SQLite or from Plume's use of it.
///
/// It carries the extended result code (see ``ResultCode`` for matching by
/// primary code), SQLite's message, the SQL that failed and, for scripts, the
/// line in the script where the failing statement starts. Bound arguments are
/// kept, but stay out of ``description`` unless the error is built with
/// `publicArguments: true` (they may hold personal data).
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The extended result code. Never rounded down to its primary code.
    public var extendedResultCode: ResultCode
    /// SQLite's message (`sqlite3_errmsg`) or Plume's own.
    public var message: String
    /// The SQL that failed, when there is one.
    public var sql: String?
    /// The arguments bound to the failing statement, when there are some.
    public var arguments: StatementArguments?
    /// The 1-based line of the failing statement in its script, when known.
    public var line: Int?
    /// Whether ``description`` includes the bound arguments.
    public var publicArguments: Bool

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - resultCode: The extended (or primary) result code.
    ///   - message: The message. Defaults to SQLite's text for the code.
    ///   - sql: The SQL that failed.
    ///   - arguments: The arguments bound to the SQL.
    ///   - line: The 1-based line of the statement in its script.
    ///   - publicArguments: Whether the description shows the arguments.
    public init(
        resultCode: ResultCode = .SQLITE_ERROR,
        message: String? = nil,
        sql: String? = nil,
        arguments: StatementArguments? = nil,
        line: Int? = nil,
        publicArguments: Bool = false
    ) {
        self.extendedResultCode = resultCode
        self.message = message ?? String(cString: sqlite3_errstr(resultCode.rawValue))
        self.sql = sql
        self.arguments = arguments
        self.line = line
        self.publicArguments = publicArguments
    }

    /// The primary result code.
    public var resultCode: ResultCode { extendedResultCode.primaryResultCode }

    /// `SQLite error 19: UNIQUE constraint failed: t.id - while executing `INSERT …``.
    public var description: String {
        var text = "SQLite error \(extendedResultCode.rawValue): \(message)"
        if let line {
            text += " - at line \(line)"
        }
        if let sql {
            text += " - while executing `\(sql)`"
        }
        if publicArguments, let arguments, !arguments.isEmpty {
            text += " with arguments \(arguments)"
        }
        return text
    }

    /// A copy that shows its arguments in ``description``.
    public func withPublicArguments() -> DatabaseError {
        var copy = self
        copy.publicArguments = true
        return copy
    }

    /// Plume's error for a connection used after ``Database/close()``.
    static func connectionClosed(sql: String? = nil) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database connection is closed", sql: sql)
    }

    /// The error of the connection's last failed call.
    static func lastError(
        of handle: OpaquePointer?, code: Int32, sql: String? = nil,
        arguments: StatementArguments? = nil
    ) -> DatabaseError {
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        // sqlite3_extended_errcode reports the last error; when it disagrees
        // with the code we got (for example SQLITE_DONE), trust the code.
        let resolved = (extended & 0xFF) == (code & 0xFF) ? extended : code
        let message = handle.flatMap { sqlite3_errmsg($0).map { String(cString: $0) } }
            ?? String(cString: sqlite3_errstr(code))
        return DatabaseError(resultCode: ResultCode(rawValue: resolved), message: message, sql: sql, arguments: arguments)
    }
}
