import CSQLite
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `sha3(X, SIZE?)` and `sha3_query(SQL, SIZE?)`, as `sqlite3`'s
/// shathree extension defines them.
enum SHA3Functions {
    static func install(on connection: OpaquePointer) {
        let pure = SQLITE_INNOCUOUS | SQLITE_DETERMINISTIC
        SQLFunctionRegistry.scalar(connection, "sha3", 1, flags: pure, sha3)
        SQLFunctionRegistry.scalar(connection, "sha3", 2, flags: pure, sha3)
        SQLFunctionRegistry.scalar(connection, "sha3_query", 1, flags: SQLITE_DIRECTONLY, sha3Query)
        SQLFunctionRegistry.scalar(connection, "sha3_query", 2, flags: SQLITE_DIRECTONLY, sha3Query)
    }

    /// The digest size the second argument asks for (256 without one), or
    /// nil after setting the error for a size SHA-3 does not have.
    private static func digestBits(_ context: OpaquePointer, _ arguments: [OpaquePointer?]) -> Int? {
        guard arguments.count == 2 else { return 256 }
        let bits = Int(sqlite3_value_int(arguments[1]))
        guard [224, 256, 384, 512].contains(bits) else {
            SQLValue.setError(context, "SHA3 size should be one of: 224 256 384 512")
            return nil
        }
        return bits
    }

    /// The hash of a blob's bytes, or of any other value's UTF-8 text.
    private static func sha3(_ context: OpaquePointer, _ arguments: [OpaquePointer?]) {
        let value = arguments[0]
        let type = sqlite3_value_type(value)
        guard let bits = digestBits(context, arguments), type != SQLITE_NULL else { return }
        let bytes = type == SQLITE_BLOB ? SQLValue.blob(value) ?? [] : SQLValue.text(value) ?? []
        SQLValue.setBlob(context, SHA3.hash(bytes, bits: bits))
    }

    /// The hash of the statements' text and of their results: `S<n>:<sql>`
    /// per statement, `R` per row, then `N`, `I<8 bytes>`, `F<8 bytes>`,
    /// `B<n>:<bytes>` or `T<n>:<text>` per column.
    private static func sha3Query(_ context: OpaquePointer, _ arguments: [OpaquePointer?]) {
        guard let bits = digestBits(context, arguments), let text = sqlite3_value_text(arguments[0]) else { return }
        let connection = sqlite3_context_db_handle(context)
        var hasher = SHA3(bits: bits)
        var sql = UnsafePointer(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
        while sql.pointee != 0 {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>? = UnsafePointer(sql)
            let code = sqlite3_prepare_v2(connection, sql, -1, &statement, &tail)
            if code != SQLITE_OK {
                let rest = tail.map { Array(String(cString: $0).utf8) } ?? []
                sqlite3_finalize(statement)
                SQLValue.setError(context, Array("error SQL statement [".utf8) + rest + Array("]: ".utf8)
                                    + Array(String(cString: sqlite3_errmsg(connection)).utf8))
                return
            }
            defer { sqlite3_finalize(statement) }
            if let tail { sql = tail }
            if sqlite3_stmt_readonly(statement) == 0 {
                let statementText = sqlite3_sql(statement).map { Array(String(cString: $0).utf8) } ?? []
                SQLValue.setError(context, Array("non-query: [".utf8) + statementText + Array("]".utf8))
                return
            }
            if let statementSQL = sqlite3_sql(statement) {
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(statementSQL).assumingMemoryBound(to: UInt8.self),
                                                count: strlen(statementSQL))
                hasher.update(Array("S\(bytes.count):".utf8))
                hasher.update(bytes)
            }
            hashRows(of: statement, into: &hasher)
        }
        SQLValue.setBlob(context, hasher.finalize())
    }

    private static func hashRows(of statement: OpaquePointer?, into hasher: inout SHA3) {
        let columns = sqlite3_column_count(statement)
        while statement != nil, sqlite3_step(statement) == SQLITE_ROW {
            hasher.update([UInt8(ascii: "R")])
            for column in 0..<columns {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER:
                    hasher.update([UInt8(ascii: "I")] + bigEndian(UInt64(bitPattern: sqlite3_column_int64(statement, column))))
                case SQLITE_FLOAT:
                    hasher.update([UInt8(ascii: "F")] + bigEndian(sqlite3_column_double(statement, column).bitPattern))
                case SQLITE_TEXT:
                    let bytes = sqlite3_column_text(statement, column)
                    let count = Int(sqlite3_column_bytes(statement, column))
                    hasher.update(Array("T\(count):".utf8))
                    if let bytes { hasher.update(UnsafeBufferPointer(start: bytes, count: count)) }
                case SQLITE_BLOB:
                    let bytes = sqlite3_column_blob(statement, column)
                    let count = Int(sqlite3_column_bytes(statement, column))
                    hasher.update(Array("B\(count):".utf8))
                    if let bytes { hasher.update(UnsafeRawBufferPointer(start: bytes, count: count)) }
                default:
                    hasher.update([UInt8(ascii: "N")])
                }
            }
        }
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) }
    }
}
