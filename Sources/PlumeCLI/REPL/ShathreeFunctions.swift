import CSQLite

/// The SQL functions `sha3(X ?, SIZE?)` and `sha3_query(SQL ?, SIZE?)` that
/// `sqlite3` registers on each connection (its `shathree` extension).
enum ShathreeFunctions {
    static func install(on connection: OpaquePointer) {
        for arguments: Int32 in [1, 2] {
            sqlite3_create_function_v2(connection, "sha3", arguments, SQLITE_UTF8 | SQLITE_INNOCUOUS | SQLITE_DETERMINISTIC,
                                       nil, { context, count, values in
                ShathreeFunctions.hashValue(context!, count, values!)
            }, nil, nil, nil)
            sqlite3_create_function_v2(connection, "sha3_query", arguments, SQLITE_UTF8 | SQLITE_DIRECTONLY, nil, { context, count, values in
                ShathreeFunctions.hashQuery(context!, count, values!)
            }, nil, nil, nil)
        }
    }

    /// The digest size the arguments ask for, or nil after reporting a bad one.
    private static func size(_ context: OpaquePointer, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>) -> Int? {
        guard count == 2 else { return 256 }
        let size = Int(sqlite3_value_int(values[1]))
        guard [224, 256, 384, 512].contains(size) else {
            sqlite3_result_error(context, "SHA3 size should be one of: 224 256 384 512", -1)
            return nil
        }
        return size
    }

    private static func result(_ context: OpaquePointer, _ digest: [UInt8]) {
        digest.withUnsafeBytes { sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), plume_sqlite_transient()) }
    }

    private static func hashValue(_ context: OpaquePointer, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>) {
        let type = sqlite3_value_type(values[0])
        let length = Int(sqlite3_value_bytes(values[0]))
        guard let size = size(context, count, values), type != SQLITE_NULL else { return }
        var hasher = SHA3Hasher(bits: size)
        let bytes = type == SQLITE_BLOB ? sqlite3_value_blob(values[0]) : UnsafeRawPointer(sqlite3_value_text(values[0]))
        if let bytes { hasher.update(UnsafeRawBufferPointer(start: bytes, count: length)) }
        result(context, hasher.finalize())
    }

    /// Hashes each statement's text (`S<length>:<sql>`) and each of its
    /// rows (`R`, then `N`, `I`+8 bytes, `F`+8 bytes, `T<length>:…` or
    /// `B<length>:…` per value).
    private static func hashQuery(_ context: OpaquePointer, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>) {
        let connection = sqlite3_context_db_handle(context)
        guard let size = size(context, count, values), let text = sqlite3_value_text(values[0]) else { return }
        var hasher = SHA3Hasher(bits: size)
        var sql: UnsafePointer<CChar>? = UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)
        while let current = sql, current.pointee != 0 {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            if sqlite3_prepare_v2(connection, current, -1, &statement, &tail) != SQLITE_OK {
                let message = "error SQL statement [" + String(cString: tail ?? current) + "]: " + String(cString: sqlite3_errmsg(connection))
                sqlite3_finalize(statement)
                sqlite3_result_error(context, message, -1)
                return
            }
            defer { sqlite3_finalize(statement) }
            sql = tail
            guard let statement else { continue }
            if sqlite3_stmt_readonly(statement) == 0 {
                sqlite3_result_error(context, "non-query: [" + String(cString: sqlite3_sql(statement)) + "]", -1)
                return
            }
            let statementText = [UInt8](cString: sqlite3_sql(statement))
            hasher.update("S\(statementText.count):")
            hasher.update(statementText)
            hashRows(statement, into: &hasher)
        }
        result(context, hasher.finalize())
    }

    private static func hashRows(_ statement: OpaquePointer, into hasher: inout SHA3Hasher) {
        let columns = sqlite3_column_count(statement)
        while sqlite3_step(statement) == SQLITE_ROW {
            hasher.update("R")
            for column in 0..<columns {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_NULL:
                    hasher.update("N")
                case SQLITE_INTEGER:
                    hasher.update([0x49] + bigEndian(UInt64(bitPattern: sqlite3_column_int64(statement, column))))
                case SQLITE_FLOAT:
                    hasher.update([0x46] + bigEndian(sqlite3_column_double(statement, column).bitPattern))
                case SQLITE_TEXT:
                    let length = Int(sqlite3_column_bytes(statement, column))
                    hasher.update("T\(length):")
                    if let text = sqlite3_column_text(statement, column) { hasher.update(UnsafeBufferPointer(start: text, count: length)) }
                default:
                    let length = Int(sqlite3_column_bytes(statement, column))
                    hasher.update("B\(length):")
                    if let blob = sqlite3_column_blob(statement, column) {
                        hasher.update(UnsafeRawBufferPointer(start: blob, count: length))
                    }
                }
            }
        }
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) }
    }
}
