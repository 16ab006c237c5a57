import CSQLite
import Foundation

extension Statement {
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
        let parameters = self.parameters
        let positional = arguments.positional
        var usedPositional = 0
        if parameters.isAllPositional {
            // The common case: `?` only, bound straight from the array.
            guard positional.count >= parameters.names.count else {
                throw wrongArgumentCount(arguments)
            }
            for index in parameters.names.indices {
                try bind(positional[index], at: Int32(index + 1), handle: handle)
            }
            usedPositional = parameters.names.count
        } else {
            sqlite3_clear_bindings(handle)
            for (offset, name) in parameters.names.enumerated() {
                let value: DatabaseValue
                if let key = parameters.keys[offset], let named = arguments.named[key] {
                    value = named
                } else if usedPositional < positional.count {
                    value = positional[usedPositional]
                    usedPositional += 1
                } else if let name {
                    throw DatabaseError(resultCode: .SQLITE_RANGE, message: "missing argument for parameter \(name)", sql: sql, arguments: arguments)
                } else {
                    throw wrongArgumentCount(arguments)
                }
                try bind(value, at: Int32(offset + 1), handle: handle)
            }
        }
        if strict && usedPositional < positional.count {
            throw wrongArgumentCount(arguments)
        }
        self.arguments = arguments
    }

    private func wrongArgumentCount(_ arguments: StatementArguments) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_RANGE,
                      message: "wrong number of arguments: the statement takes \(positionalParameterCount), got \(arguments.positional.count)",
                      sql: sql, arguments: arguments)
    }

    /// Binds one value to the 1-based parameter `index`, leaving the others
    /// bound: the fastest way to feed a statement in a loop (no array, no
    /// existential).
    ///
    /// ```swift
    /// let insert = try db.makeStatement(sql: "INSERT INTO photo (name, rating) VALUES (?, ?)")
    /// for photo in photos {
    ///     try insert.bind(photo.name, at: 1)
    ///     try insert.bind(photo.rating, at: 2)
    ///     try insert.run()
    /// }
    /// ```
    ///
    /// - Throws: ``DatabaseError`` when the index is out of range.
    @inlinable
    public func bind(_ value: some DatabaseValueConvertible, at index: Int) throws {
        let handle = try checkHandle()
        try bind(value.databaseValue, at: Int32(index), handle: handle)
    }

    @usableFromInline
    func bind(_ value: DatabaseValue, at index: Int32, handle: OpaquePointer) throws {
        let code = Self.bind(value, at: index, handle: handle)
        if code != SQLITE_OK {
            throw DatabaseError.lastError(of: sqlite3_db_handle(handle), code: code, sql: sql)
        }
    }

    /// Binds one value to the 1-based parameter `index` of a statement
    /// handle, returning SQLite's result code.
    @inlinable @inline(__always)
    static func bind(_ value: DatabaseValue, at index: Int32, handle: OpaquePointer) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let int):
            return sqlite3_bind_int64(handle, index, int)
        case .real(let double):
            return sqlite3_bind_double(handle, index, double)
        case .text(var string):
            return string.withUTF8 { buffer in
                let pointer = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                    .assumingMemoryBound(to: CChar.self)
                return sqlite3_bind_text(handle, index, pointer, Int32(buffer.count), plume_sqlite_transient())
            }
        case .blob(let data):
            return data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), plume_sqlite_transient())
            }
        }
    }

    /// The rowid of the connection's last insert, read through the
    /// statement's handle (no access to the connection's own state).
    @usableFromInline
    var lastInsertedRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid(sqlite3_db_handle($0)) } ?? 0
    }

    /// The rows the connection's last INSERT, UPDATE or DELETE changed,
    /// read through the statement's handle.
    @usableFromInline
    var connectionChanges: Int32 {
        handle.map { sqlite3_changes(sqlite3_db_handle($0)) } ?? 0
    }

    /// The error of a failed bind, with the statement's SQL.
    @usableFromInline
    static func bindError(_ code: Int32, handle: OpaquePointer) -> DatabaseError {
        DatabaseError.lastError(of: sqlite3_db_handle(handle), code: code, sql: sqlite3_sql(handle).map { String(cString: $0) } ?? "")
    }
}

/// The parameters of a statement, read once from SQLite.
struct ParameterList {
    /// Per parameter: nil for `?`/`?NNN`, else the name with its prefix.
    let names: [String?]
    /// Per parameter: nil for `?`/`?NNN`, else the name without prefix.
    let keys: [String?]
    /// How many parameters take positional arguments.
    let positionalCount: Int
    /// Whether every parameter is positional.
    let isAllPositional: Bool

    init(_ handle: OpaquePointer?) {
        let count = handle.map { Int(sqlite3_bind_parameter_count($0)) } ?? 0
        names = (0..<count).map { offset in
            guard let name = sqlite3_bind_parameter_name(handle, Int32(offset + 1)).map({ String(cString: $0) }),
                  !name.hasPrefix("?") else { return nil }
            return name
        }
        keys = names.map { $0.map { String($0.dropFirst()) } }
        positionalCount = names.filter { $0 == nil }.count
        isAllPositional = positionalCount == names.count
    }
}
