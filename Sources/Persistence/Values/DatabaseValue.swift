import Foundation

/// A value of one of SQLite's five storage classes.
///
/// ```swift
/// let value: DatabaseValue = .text("Arthur")
/// value.storageClass // .text
/// ```
///
/// Two values are equal (`==`) when SQLite's `=` with the `BINARY`
/// collation says so: texts and blobs byte for byte (so "é" and "e" with a
/// combining accent, which Swift's `String` calls equal, are different
/// values), integers and reals by numeric value, `NULL` only to `NULL`.
/// ``BuiltInCollation`` orders values and compares them under the other
/// collations.
public enum DatabaseValue: Hashable, Sendable {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// A blob of bytes.
    case blob(Data)

    /// SQLite's storage classes, as `typeof()` names them.
    public enum StorageClass: String, Sendable, CaseIterable {
        /// `NULL`.
        case null
        /// A 64-bit signed integer.
        case integer
        /// A 64-bit floating-point number.
        case real
        /// Text.
        case text
        /// A blob of bytes.
        case blob
    }

    /// The storage class of this value.
    public var storageClass: StorageClass {
        switch self {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .blob
        }
    }

    /// Whether this value is SQL `NULL`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension DatabaseValue: CustomStringConvertible {
    /// The value as SQL would quote it: `NULL`, `1`, `1.5`, `'text'`, `X'0A'`.
    public var description: String {
        switch self {
        case .null:
            return "NULL"
        case .integer(let value):
            return String(value)
        case .real(let value):
            return String(value)
        case .text(let value):
            return "'" + value.replacingEvery("'", with: "''") + "'"
        case .blob(let data):
            return "X'" + data.map { byte in
                let hex = String(byte, radix: 16, uppercase: true)
                return byte < 16 ? "0" + hex : hex
            }.joined() + "'"
        }
    }
}

extension DatabaseValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}
