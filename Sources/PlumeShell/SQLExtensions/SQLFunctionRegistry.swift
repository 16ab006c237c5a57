import CSQLite
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A Swift closure behind an SQL function: SQLite keeps the box as the
/// function's user data and releases it when the function is dropped.
final class SQLFunctionBox {
    typealias Scalar = (_ context: OpaquePointer, _ arguments: [OpaquePointer?]) -> Void
    let call: Scalar

    init(_ call: @escaping Scalar) { self.call = call }
}

/// Registers SQL functions and collations written in Swift on a raw
/// connection, the way `sqlite3`'s built-in extensions register theirs.
enum SQLFunctionRegistry {
    /// Registers a scalar function (`argumentCount` -1 for any number).
    static func scalar(_ connection: OpaquePointer, _ name: String, _ argumentCount: Int32, flags: Int32 = 0,
                       _ call: @escaping SQLFunctionBox.Scalar) {
        let box = Unmanaged.passRetained(SQLFunctionBox(call)).toOpaque()
        sqlite3_create_function_v2(connection, name, argumentCount, SQLITE_UTF8 | flags, box, { context, count, values in
            guard let context, let data = sqlite3_user_data(context) else { return }
            let box = Unmanaged<SQLFunctionBox>.fromOpaque(data).takeUnretainedValue()
            box.call(context, Array(UnsafeBufferPointer(start: values, count: Int(count))))
        }, nil, nil, { data in
            if let data { Unmanaged<SQLFunctionBox>.fromOpaque(data).release() }
        })
    }

    /// Registers a collation comparing UTF-8 keys.
    static func collation(_ connection: OpaquePointer, _ name: String,
                          _ compare: @escaping @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32) {
        sqlite3_create_collation_v2(connection, name, SQLITE_UTF8, nil, compare, nil)
    }
}

/// Reading arguments and setting results of SQL functions.
enum SQLValue {
    /// The value as UTF-8 text, nil for NULL.
    static func text(_ value: OpaquePointer?) -> [UInt8]? {
        guard let pointer = sqlite3_value_text(value) else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_value_bytes(value))))
    }

    /// The text up to its first NUL byte, as C code reads it.
    static func cText(_ value: OpaquePointer?) -> [UInt8]? {
        guard let pointer = sqlite3_value_text(value) else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer)))
    }

    /// The value's bytes as a blob, nil when SQLite has none (NULL or empty).
    static func blob(_ value: OpaquePointer?) -> [UInt8]? {
        guard let pointer = sqlite3_value_blob(value) else { return nil }
        return Array(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_value_bytes(value))))
    }

    static func isNull(_ value: OpaquePointer?) -> Bool { sqlite3_value_type(value) == SQLITE_NULL }

    static func setText(_ context: OpaquePointer, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
            sqlite3_result_text64(context, base, sqlite3_uint64(buffer.count), plume_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    static func setBlob(_ context: OpaquePointer, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            sqlite3_result_blob64(context, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!,
                                  sqlite3_uint64(buffer.count), plume_sqlite_transient())
        }
    }

    static func setError(_ context: OpaquePointer, _ message: [UInt8]) {
        message.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
            sqlite3_result_error(context, base, Int32(buffer.count))
        }
    }

    static func setError(_ context: OpaquePointer, _ message: String) {
        setError(context, Array(message.utf8))
    }

    /// A copy of `bytes` in memory from `sqlite3_malloc`, NUL-terminated,
    /// for the error messages SQLite frees itself.
    static func sqliteString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        guard let memory = sqlite3_malloc64(sqlite3_uint64(bytes.count + 1)) else { return nil }
        let pointer = memory.assumingMemoryBound(to: UInt8.self)
        for (index, byte) in bytes.enumerated() { pointer[index] = byte }
        pointer[bytes.count] = 0
        return memory.assumingMemoryBound(to: CChar.self)
    }
}
