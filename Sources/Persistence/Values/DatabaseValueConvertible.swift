import Foundation

/// A type that converts to and from ``DatabaseValue``: what can be bound to a
/// statement and read from a row.
///
/// Plume conforms every fixed-width integer (`Int`, `Int8` … `Int64`,
/// `UInt`, `UInt8` … `UInt64`), `Double`, `Float`, `String`,
/// `Data`, `Bool`, `Date`, `UUID` and `Optional` of those. Conform your own
/// types (an enum with a raw value, a money type) by mapping them to one of
/// those.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to store.
    var databaseValue: DatabaseValue { get }

    /// Reads a value, or returns nil when the stored value does not convert.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?

    /// Reads a value in place from a column of the row a fetch is stepping,
    /// or returns nil when it does not convert.
    ///
    /// It must accept exactly what ``fromDatabaseValue(_:)`` accepts. The
    /// default copies the column into a ``DatabaseValue`` and calls
    /// ``fromDatabaseValue(_:)``; Plume's own types read the column
    /// directly, which saves making and freeing that value for every row
    /// of a large fetch. See ``StatementColumn`` for an example.
    static func fromColumn(_ column: StatementColumn) -> Self?

    /// The storage class the type's values are stored as, when there is
    /// one (`Int` → `.integer`, `String` → `.text`), else nil. Default:
    /// nil; ``Database/validate(_:nullableColumns:)`` compares it with the column's
    /// declared type.
    static var databaseStorageClass: DatabaseValue.StorageClass? { get }
}

extension DatabaseValueConvertible {
    /// Unknown: any column will do.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { nil }

    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Self? {
        fromDatabaseValue(column.databaseValue)
    }
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> DatabaseValue? { column.databaseValue }
}

extension Int64: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    @inlinable
    public var databaseValue: DatabaseValue { .integer(self) }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        switch value {
        case .integer(let int): return int
        case .real(let double): return Int64(exactly: double)
        default: return nil
        }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Int64? {
        switch column.storageClass {
        case .integer: return column.int64
        case .real: return Int64(exactly: column.double)
        default: return nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    @inlinable
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        Int64.fromDatabaseValue(value).flatMap { Int(exactly: $0) }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Int? {
        Int64.fromColumn(column).flatMap { Int(exactly: $0) }
    }
}

extension Int32: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    @inlinable
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int32? {
        Int64.fromDatabaseValue(value).flatMap { Int32(exactly: $0) }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Int32? {
        Int64.fromColumn(column).flatMap { Int32(exactly: $0) }
    }
}

extension Double: DatabaseValueConvertible {
    /// `.real`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .real }
    @inlinable
    public var databaseValue: DatabaseValue { .real(self) }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .real(let double): return double
        case .integer(let int): return Double(int)
        default: return nil
        }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Double? {
        switch column.storageClass {
        case .real, .integer: return column.double
        default: return nil
        }
    }
}

extension Float: DatabaseValueConvertible {
    /// `.real`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .real }
    @inlinable
    public var databaseValue: DatabaseValue { .real(Double(self)) }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Float? {
        Double.fromDatabaseValue(value).map { Float($0) }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Float? {
        Double.fromColumn(column).map { Float($0) }
    }
}

extension Bool: DatabaseValueConvertible {
    /// `.integer`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .integer }
    @inlinable
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        switch value {
        case .integer(let int): return int != 0
        case .real(let double): return double != 0
        default: return nil
        }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Bool? {
        switch column.storageClass {
        case .integer: return column.int64 != 0
        case .real: return column.double != 0
        default: return nil
        }
    }
}

extension String: DatabaseValueConvertible {
    /// `.text`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .text }
    @inlinable
    public var databaseValue: DatabaseValue { .text(self) }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        switch value {
        case .text(let string): return string
        case .blob(let data): return String(data: data, encoding: .utf8)
        default: return nil
        }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> String? {
        switch column.storageClass {
        case .text: return column.string
        case .blob: return String(data: column.data, encoding: .utf8)
        default: return nil
        }
    }
}

extension Data: DatabaseValueConvertible {
    /// `.blob`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .blob }
    @inlinable
    public var databaseValue: DatabaseValue { .blob(self) }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        switch value {
        case .blob(let data): return data
        case .text(let string): return Data(string.utf8)
        default: return nil
        }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Data? {
        switch column.storageClass {
        case .blob, .text: return column.data
        default: return nil
        }
    }
}

/// Dates are stored as ISO-8601 text in UTC, as SQLite's date functions
/// write it (`YYYY-MM-DD HH:MM:SS.SSS`, millisecond precision): it sorts in
/// time order and compares with `datetime('now')`. Reading also accepts
/// numbers of seconds since 1970-01-01 UTC (what `unixepoch()` returns) and
/// `YYYY-MM-DD[ HH:MM[:SS[.SSS]]]` text with `T` or a space and, after a
/// time, an optional `Z`: text SQLite's `julianday` reads as the same
/// instant. Records choose another form with
/// ``InsertableRecord/databaseDateEncodingStrategy``.
extension Date: DatabaseValueConvertible {
    /// `.text`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .text }
    public var databaseValue: DatabaseValue { .text(SQLiteDateFormat.text(from: self)) }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
        switch value {
        case .real(let seconds): return Date(timeIntervalSince1970: seconds)
        case .integer(let seconds): return Date(timeIntervalSince1970: Double(seconds))
        case .text(let text): return SQLiteDateFormat.date(from: text)
        default: return nil
        }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Date? {
        switch column.storageClass {
        case .real, .integer: return Date(timeIntervalSince1970: column.double)
        case .text: return SQLiteDateFormat.date(from: column.string)
        default: return nil
        }
    }
}

/// UUIDs are stored as 16-byte blobs; reading also accepts their text form.
extension UUID: DatabaseValueConvertible {
    /// `.blob`.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { .blob }
    public var databaseValue: DatabaseValue {
        withUnsafeBytes(of: uuid) { .blob(Data($0)) }
    }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> UUID? {
        switch value {
        case .blob(let data) where data.count == 16:
            return data.withUnsafeBytes { bytes in
                var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: bytes) }
                return UUID(uuid: uuid)
            }
        case .text(let text):
            return UUID(uuidString: text)
        default:
            return nil
        }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// The wrapped type's.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { Wrapped.databaseStorageClass }
    @inlinable
    public var databaseValue: DatabaseValue {
        self?.databaseValue ?? .null
    }
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
    @inlinable @inline(__always)
    public static func fromColumn(_ column: StatementColumn) -> Wrapped?? {
        if column.isNull { return .some(nil) }
        return Wrapped.fromColumn(column).map { .some($0) }
    }
}

extension DatabaseValueConvertible where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
    /// The raw value's.
    public static var databaseStorageClass: DatabaseValue.StorageClass? { RawValue.databaseStorageClass }
    public var databaseValue: DatabaseValue { rawValue.databaseValue }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
        RawValue.fromDatabaseValue(value).flatMap(Self.init(rawValue:))
    }
    public static func fromColumn(_ column: StatementColumn) -> Self? {
        RawValue.fromColumn(column).flatMap(Self.init(rawValue:))
    }
}

/// Writes and parses the text dates SQLite's date functions use.
@usableFromInline
enum SQLiteDateFormat {
    /// `YYYY-MM-DD HH:MM:SS.SSS` in UTC, rounded to the millisecond
    /// (proleptic Gregorian calendar; years before 1 or after 9999 keep
    /// their digits and sign, which SQLite does not read as dates).
    static func text(from date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 9e15 else { return String(date.timeIntervalSince1970) }
        let total = Int64(milliseconds)
        let (days, dayMilliseconds) = floorDivision(total, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (0...9999).contains(year) else { return outOfRangeText(year: year, month: month, day: day, dayMilliseconds) }
        // Written as bytes: this runs for every date bound or encoded.
        return String(unsafeUninitializedCapacity: 23) { buffer in
            func put(_ value: Int64, _ width: Int, at offset: Int) {
                var value = value
                for position in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[position] = UInt8(48 + value % 10)
                    value /= 10
                }
            }
            let seconds = dayMilliseconds / 1000
            put(year, 4, at: 0); buffer[4] = 0x2D
            put(month, 2, at: 5); buffer[7] = 0x2D
            put(day, 2, at: 8); buffer[10] = 0x20
            put(seconds / 3600, 2, at: 11); buffer[13] = 0x3A
            put(seconds / 60 % 60, 2, at: 14); buffer[16] = 0x3A
            put(seconds % 60, 2, at: 17); buffer[19] = 0x2E
            put(dayMilliseconds % 1000, 3, at: 20)
            return 23
        }
    }

    /// A year before 0 or after 9999, which SQLite does not read as a date:
    /// its digits and sign are kept.
    private static func outOfRangeText(year: Int64, month: Int64, day: Int64, _ dayMilliseconds: Int64) -> String {
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let seconds = dayMilliseconds / 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2)).\(pad(dayMilliseconds % 1000, 3))"
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor, remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// Howard Hinnant's `civil_from_days`.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPart = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
        let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    @usableFromInline
    static func date(from text: String) -> Date? {
        // YYYY-MM-DD[ HH:MM[:SS[.SSS…]][Z]] with ' ' or 'T': as SQLite's
        // date functions, a 'Z' only after a time.
        let utf8 = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= utf8.count else { return nil }
            var result: Int64 = 0
            for byte in utf8[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                result = result * 10 + Int64(byte - 48)
            }
            return result
        }
        guard utf8.count >= 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        // Milliseconds, computed as SQLite's date functions compute them
        // (`parseHhMmSs`, `computeJD`): the seconds with their fraction as
        // a double, rounded to the millisecond. So a date written to the
        // millisecond reads back exactly, and text reads as the instant
        // `julianday` gives, or as no date where it gives none.
        var milliseconds = daysSince1970(year: year, month: month, day: day) * 86_400_000
        var index = 10
        if utf8.count > 10 {
            guard utf8[10] == UInt8(ascii: " ") || utf8[10] == UInt8(ascii: "T"),
                  let hour = number(11..<13), utf8.count >= 16, utf8[13] == UInt8(ascii: ":"),
                  let minute = number(14..<16), hour < 24, minute < 60
            else { return nil }
            milliseconds += hour * 3_600_000 + minute * 60_000
            index = 16
            if utf8.count >= 19, utf8[16] == UInt8(ascii: ":"), let second = number(17..<19), second < 60 {
                var fraction = 0.0, scale = 1.0
                index = 19
                if utf8.count > 20, utf8[19] == UInt8(ascii: ".") {
                    var end = 20
                    while end < utf8.count, utf8[end] >= 48, utf8[end] <= 57 { end += 1 }
                    guard end > 20 else { return nil }
                    for position in 20..<end {
                        fraction = fraction * 10 + Double(utf8[position] - 48)
                        scale *= 10
                    }
                    index = end
                }
                // Hundreds of digits overflow both to infinity: no date.
                let secondsInMinute = Double(second) + fraction / scale
                guard secondsInMinute.isFinite else { return nil }
                milliseconds += Int64(secondsInMinute * 1000 + 0.5)
            }
        }
        if index < utf8.count, utf8[index] == UInt8(ascii: "Z") { index += 1 }
        // After 9999-12-31 23:59:59.999 (a fraction rounded up past it),
        // SQLite reads no date.
        guard index == utf8.count, milliseconds <= 253_402_300_799_999 else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Howard Hinnant's `days_from_civil`.
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
