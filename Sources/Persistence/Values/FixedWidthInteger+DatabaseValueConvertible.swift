/// Every fixed-width integer is stored as an SQLite INTEGER and read back
/// exactly: a stored value that does not fit the type (300 in a `UInt8`,
/// 2.5 in an `Int16`) reads as a ``RowDecodingError`` whose reason names
/// the type's range.
///
/// `UInt` and `UInt64` values above `Int64.max` do not fit SQLite's
/// 64-bit signed integers: record writes refuse them
/// (``RecordError/Code/valueOutOfRange``); as a bound argument such a
/// value becomes an approximate REAL.
extension FixedWidthInteger where Self: DatabaseValueConvertible {
    /// The integer as SQLite stores it, or an approximate REAL when it
    /// does not fit 64 signed bits.
    @inlinable @inline(__always)
    static func storedValue(_ value: Self) -> DatabaseValue {
        if let exact = Int64(exactly: value) { return .integer(exact) }
        return .real(Double(value))
    }

    @inlinable @inline(__always)
    static func exactly(_ value: DatabaseValue) -> Self? {
        Int64.fromDatabaseValue(value).flatMap { Self(exactly: $0) }
    }

    @inlinable @inline(__always)
    static func exactly(_ column: StatementColumn) -> Self? {
        Int64.fromColumn(column).flatMap { Self(exactly: $0) }
    }
}

extension Int8: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> Int8? { exactly(value) }
    @inlinable @inline(__always) public static func fromColumn(_ column: StatementColumn) -> Int8? { exactly(column) }
}

extension Int16: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> Int16? { exactly(value) }
    @inlinable @inline(__always) public static func fromColumn(_ column: StatementColumn) -> Int16? { exactly(column) }
}

extension UInt8: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> UInt8? { exactly(value) }
    @inlinable @inline(__always) public static func fromColumn(_ column: StatementColumn) -> UInt8? { exactly(column) }
}

extension UInt16: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> UInt16? { exactly(value) }
    @inlinable @inline(__always) public static func fromColumn(_ column: StatementColumn) -> UInt16? { exactly(column) }
}

extension UInt32: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> UInt32? { exactly(value) }
    @inlinable @inline(__always) public static func fromColumn(_ column: StatementColumn) -> UInt32? { exactly(column) }
}

extension UInt64: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    /// `.integer`, or an approximate `.real` above `Int64.max` (which
    /// record writes refuse).
    @inlinable public var databaseValue: DatabaseValue { Self.storedValue(self) }
    @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> UInt64? { exactly(value) }
    @inlinable @inline(__always) public static func fromColumn(_ column: StatementColumn) -> UInt64? { exactly(column) }
}

extension UInt: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    /// `.integer`, or an approximate `.real` above `Int64.max` (which
    /// record writes refuse).
    @inlinable public var databaseValue: DatabaseValue { Self.storedValue(self) }
    @inlinable public static func fromDatabaseValue(_ value: DatabaseValue) -> UInt? { exactly(value) }
    @inlinable @inline(__always) public static func fromColumn(_ column: StatementColumn) -> UInt? { exactly(column) }
}

extension RowDecodingError {
    /// Why a stored number is no value of an integer type: its range.
    static func integerRangeReason(_ type: Any.Type, value: DatabaseValue) -> String? {
        let unwrapped = (type as? any OptionalValue.Type)?.wrappedType ?? type
        guard let integer = unwrapped as? any FixedWidthInteger.Type else { return nil }
        switch value {
        case .real(let number) where number.rounded(.towardZero) != number:
            return "\(number) is not a whole number"
        case .integer, .real:
            return "\(value) is out of range for \(unwrapped) (\(integer.rangeDescription))"
        default:
            return nil
        }
    }
}

extension FixedWidthInteger {
    /// `0...255`
    static var rangeDescription: String { "\(Self.min)...\(Self.max)" }
}
