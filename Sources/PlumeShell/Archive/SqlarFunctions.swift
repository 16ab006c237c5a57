import CSQLite

/// `sqlar_compress(X)` and `sqlar_uncompress(X, SZ)`, the functions of
/// SQLite's `sqlar` extension that `sqlite3` registers for `.archive`:
/// zlib's deflate when it makes a blob smaller, and its inverse.
enum SqlarFunctions {
    /// Registers them. zlib is loaded on their first call, not here (at
    /// start-up, loading it cost more than the rest of opening a
    /// database); without zlib they fail with an error saying so.
    static func install(on connection: OpaquePointer) {
        sqlite3_create_function_v2(connection, "sqlar_compress", 1, SQLITE_UTF8 | SQLITE_INNOCUOUS, nil, { context, _, values in
            SqlarFunctions.compress(context!, values![0])
        }, nil, nil, nil)
        sqlite3_create_function_v2(connection, "sqlar_uncompress", 2, SQLITE_UTF8 | SQLITE_INNOCUOUS, nil, { context, _, values in
            SqlarFunctions.uncompress(context!, values![0], values![1])
        }, nil, nil, nil)
    }

    private static func compress(_ context: OpaquePointer, _ value: OpaquePointer?) {
        guard sqlite3_value_type(value) == SQLITE_BLOB else {
            sqlite3_result_value(context, value)
            return
        }
        guard let zlib = loadedZlib(context, function: "sqlar_compress") else { return }
        let data = UnsafeRawBufferPointer(start: sqlite3_value_blob(value), count: Int(sqlite3_value_bytes(value)))
        guard let compressed = zlib.deflate(data) else {
            sqlite3_result_error(context, "error in compress()", -1)
            return
        }
        if compressed.count < data.count {
            compressed.withUnsafeBytes { sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), plume_sqlite_transient()) }
        } else {
            sqlite3_result_value(context, value)
        }
    }

    private static func uncompress(_ context: OpaquePointer, _ value: OpaquePointer?, _ size: OpaquePointer?) {
        let expected = Int(sqlite3_value_int(size))
        let count = Int(sqlite3_value_bytes(value))
        guard expected > 0, expected != count else {
            sqlite3_result_value(context, value)
            return
        }
        guard let zlib = loadedZlib(context, function: "sqlar_uncompress") else { return }
        let data = UnsafeRawBufferPointer(start: sqlite3_value_blob(value), count: count)
        guard let inflated = zlib.inflate(data, capacity: expected) else {
            sqlite3_result_error(context, "error in uncompress()", -1)
            return
        }
        inflated.withUnsafeBytes { sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), plume_sqlite_transient()) }
    }

    /// zlib, or nil after setting the function's error when it cannot be
    /// loaded.
    private static func loadedZlib(_ context: OpaquePointer, function: String) -> Zlib? {
        if let zlib = Zlib.loaded { return zlib }
        sqlite3_result_error(context, "\(function): zlib is not available", -1)
        return nil
    }
}
