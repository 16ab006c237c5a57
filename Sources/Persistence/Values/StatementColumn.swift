import CSQLite
import Foundation

/// A column of the row a fetch is stepping, read in place: what
/// ``DatabaseValueConvertible/fromColumn(_:)`` converts without making a
/// ``DatabaseValue`` first.
///
/// A column is only valid inside the `fromColumn(_:)` call that receives
/// it: the statement moves on afterwards.
///
/// ```swift
/// struct Cents: DatabaseValueConvertible {
///     var amount: Int64
///     var databaseValue: DatabaseValue { .integer(amount) }
///     static func fromDatabaseValue(_ value: DatabaseValue) -> Cents? {
///         if case .integer(let amount) = value { return Cents(amount: amount) }
///         return nil
///     }
///     static func fromColumn(_ column: StatementColumn) -> Cents? {
///         column.storageClass == .integer ? Cents(amount: column.int64) : nil
///     }
/// }
/// ```
public struct StatementColumn {
    /// The column's `sqlite3_value`, unprotected: the connection is used by
    /// one thread at a time.
    @usableFromInline let value: OpaquePointer?

    @inlinable @inline(__always)
    init(statement: OpaquePointer, index: Int) {
        value = sqlite3_column_value(statement, Int32(truncatingIfNeeded: index))
    }

    /// The storage class of the value.
    @inlinable @inline(__always)
    public var storageClass: DatabaseValue.StorageClass {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// Whether the value is SQL `NULL`.
    @inlinable @inline(__always)
    public var isNull: Bool { sqlite3_value_type(value) == SQLITE_NULL }

    /// The value as an integer, converted as SQLite's `sqlite3_value_int64`
    /// does (read ``storageClass`` first to refuse conversions).
    @inlinable @inline(__always)
    public var int64: Int64 { sqlite3_value_int64(value) }

    /// The value as a double, converted as `sqlite3_value_double` does.
    @inlinable @inline(__always)
    public var double: Double { sqlite3_value_double(value) }

    /// The value's bytes as UTF-8 text (a blob's bytes as they are; a
    /// number in its text form).
    @inlinable @inline(__always)
    public var string: String {
        guard let text = sqlite3_value_text(value) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
    }

    /// The value's bytes (a text's UTF-8 bytes).
    @inlinable @inline(__always)
    public var data: Data {
        guard let bytes = sqlite3_value_blob(value) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_value_bytes(value)))
    }

    /// The value, copied.
    @inlinable @inline(__always)
    public var databaseValue: DatabaseValue {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: .integer(int64)
        case SQLITE_FLOAT: .real(double)
        case SQLITE_TEXT: .text(string)
        case SQLITE_BLOB: .blob(data)
        default: .null
        }
    }
}

@available(*, unavailable, message: "A column is only valid while its statement stays on the row")
extension StatementColumn: Sendable {}
