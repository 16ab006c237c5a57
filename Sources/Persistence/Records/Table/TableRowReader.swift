import CSQLite
import Foundation

/// Reads the columns of a ``TypedTable`` from a row, for the `init(row:)`
/// the ``Table(_:primaryKey:)`` macro generates: by position when the row comes from
/// the table's own `SELECT` (its columns first, in declaration order), by
/// column name otherwise.
///
/// ```swift
/// init(row: borrowing RowView) throws {
///     let reader = TableRowReader<Self>(row, dates: Self.databaseDateEncodingStrategy.decodingStrategy)
///     self.id = try reader.value(at: 0, in: row)
///     self.name = try reader.value(at: 1, in: row)
/// }
/// ```
///
/// The reader keeps no reference to the row: each read borrows the row
/// it is given, so that reading a record costs no reference counting.
public struct TableRowReader<Record: TypedTable> {
    @usableFromInline let dates: DatabaseDateDecodingStrategy
    @usableFromInline let byPosition: Bool

    /// A reader of a row, with the record's date strategy.
    ///
    /// - Complexity: O(n) for n declared columns, to see whether the row
    ///   reads by position; O(1) for the rows of a fetch after its first.
    @inlinable @inline(__always)
    public init(_ row: borrowing RowView, dates: DatabaseDateDecodingStrategy) {
        self.dates = dates
        self.byPosition = Self.readsByPosition(row.row.storage)
    }

    /// Whether the row holds the record's columns first, in order; for
    /// the rows a fetch lends, found once and kept on the storage.
    @inlinable @inline(__always)
    static func readsByPosition(_ storage: RowStorage) -> Bool {
        guard storage.isLent else { return Record.tableSchema.isReadByPosition(storage.layout) }
        let id = ObjectIdentifier(Record.self)
        if storage.positionalSchema == id { return true }
        return checkPositions(storage)
    }

    /// The first check of a fetch's rows, out of line.
    @usableFromInline
    static func checkPositions(_ storage: RowStorage) -> Bool {
        guard Record.tableSchema.isReadByPosition(storage.layout) else { return false }
        storage.positionalSchema = ObjectIdentifier(Record.self)
        return true
    }

    /// The row's index of declared column `column`, or nil when a
    /// by-name row lacks it.
    @inlinable @inline(__always)
    func index(of column: Int, in storage: RowStorage) -> Int? {
        byPosition ? column : storage.layout.index(ofColumn: Record.tableSchema.columnNames[column])
    }

    /// Reads the value of the declared column at `column`.
    ///
    /// - Parameters:
    ///   - column: The column's position among the record's declared
    ///     columns.
    ///   - row: The row the reader was made for.
    /// - Throws: ``RowDecodingError`` when the column is missing (an
    ///   optional then reads nil) or its value does not convert.
    @inlinable @inline(__always)
    public func value<T: DatabaseValueConvertible>(at column: Int, in row: borrowing RowView) throws -> T {
        try read(at: column, from: row.row.storage)
    }

    @inlinable @inline(__always)
    func read<T: DatabaseValueConvertible>(at column: Int, from storage: RowStorage) throws -> T {
        guard let index = index(of: column, in: storage) else { return try missing(column, in: storage) }
        if let value = storage.decode(T.self, at: index) { return value }
        throw Row(storage: storage).decodingError(T.self, at: index)
    }

    /// Reads a value that is both convertible and `Decodable` as
    /// convertible.
    ///
    /// - Throws: ``RowDecodingError``.
    @inlinable @inline(__always)
    public func value<T: DatabaseValueConvertible & Decodable>(at column: Int, in row: borrowing RowView) throws -> T {
        try read(at: column, from: row.row.storage)
    }

    @inlinable @inline(__always)
    func read<T: DatabaseValueConvertible & Decodable>(at column: Int, from storage: RowStorage) throws -> T {
        guard let index = index(of: column, in: storage) else { return try missing(column, in: storage) }
        if let value = storage.decode(T.self, at: index) { return value }
        throw Row(storage: storage).decodingError(T.self, at: index)
    }

    /// Reads text, refusing bytes that are not valid UTF-8.
    ///
    /// - Throws: ``RowDecodingError``, with a reason for invalid UTF-8.
    @inlinable @inline(__always)
    public func value(at column: Int, in row: borrowing RowView) throws -> String {
        try read(at: column, from: row.row.storage)
    }

    @inlinable @inline(__always)
    func read(at column: Int, from storage: RowStorage) throws -> String {
        guard let index = index(of: column, in: storage) else { return try missing(column, in: storage) }
        var isNull = false
        if let value = try Self.validatedString(storage, at: index, isNull: &isNull) { return value }
        throw Row(storage: storage).decodingError(String.self, at: index)
    }

    /// Reads optional text, refusing bytes that are not valid UTF-8.
    ///
    /// - Throws: ``RowDecodingError``, with a reason for invalid UTF-8.
    @inlinable @inline(__always)
    public func value(at column: Int, in row: borrowing RowView) throws -> String? {
        try read(at: column, from: row.row.storage)
    }

    @inlinable @inline(__always)
    func read(at column: Int, from storage: RowStorage) throws -> String? {
        guard let index = index(of: column, in: storage) else { return nil }
        var isNull = false
        if let value = try Self.validatedString(storage, at: index, isNull: &isNull) { return value }
        if isNull { return nil }
        throw Row(storage: storage).decodingError(String?.self, at: index)
    }

    /// Reads a date, numbers read as the record's strategy says.
    ///
    /// - Throws: ``RowDecodingError``.
    @inlinable @inline(__always)
    public func value(at column: Int, in row: borrowing RowView) throws -> Date {
        try read(at: column, from: row.row.storage)
    }

    @inlinable @inline(__always)
    func read(at column: Int, from storage: RowStorage) throws -> Date {
        guard let index = index(of: column, in: storage) else { return try missing(column, in: storage) }
        if let date = date(storage, at: index) { return date }
        throw Row(storage: storage).decodingError(Date.self, at: index)
    }

    /// Reads an optional date, numbers read as the record's strategy says.
    ///
    /// - Throws: ``RowDecodingError``.
    @inlinable @inline(__always)
    public func value(at column: Int, in row: borrowing RowView) throws -> Date? {
        try read(at: column, from: row.row.storage)
    }

    @inlinable @inline(__always)
    func read(at column: Int, from storage: RowStorage) throws -> Date? {
        guard let index = index(of: column, in: storage), !storage.isNull(at: index) else { return nil }
        if let date = date(storage, at: index) { return date }
        throw Row(storage: storage).decodingError(Date?.self, at: index)
    }

    /// A property of a type Plume cannot read: the ``Table(_:primaryKey:)``
    /// macro reports this at the property, with the remedy.
    @available(*, unavailable, message: "a @Table property's type must conform to DatabaseValueConvertible (stored as one value) or Codable (stored as JSON text)")
    public func value<T>(at column: Int, in row: borrowing RowView) throws -> T {
        fatalError("unavailable")
    }

    /// Reads a `Decodable` value as `Codable` records read a column: a
    /// raw-representable value from its raw value, a single-value type
    /// through its single-value container, anything else from JSON text
    /// (NULL reads as nil for an optional).
    ///
    /// - Throws: ``RowDecodingError`` naming the column, with the reason
    ///   (invalid JSON, no case for a raw value).
    public func value<T: Decodable>(at column: Int, in row: borrowing RowView) throws -> T {
        let storage = row.row.storage
        guard let index = index(of: column, in: storage) else { return try missing(column, in: storage) }
        return try ColumnDecoder(row: Row(storage: storage), index: index, key: nil, dates: dates).decodeColumn(T.self)
    }

    @inlinable @inline(__always)
    func date(_ storage: RowStorage, at index: Int) -> Date? {
        if dates.readsMilliseconds {
            return dates.date(from: Row(storage: storage)[index])
        }
        return storage.decode(Date.self, at: index)
    }

    /// Text at a row index; nil when the value is not text (or a blob of
    /// valid UTF-8), with `isNull` set for NULL; an error when its bytes
    /// are not UTF-8. The column is read once.
    @inlinable @inline(__always)
    static func validatedString(_ storage: RowStorage, at index: Int, isNull: inout Bool) throws -> String? {
        guard let statement = storage.statement else {
            isNull = storage.values[index].isNull
            return try String.fromDatabaseValue(storage.values[index]).map { try checkedText($0, storage, at: index) }
        }
        let value = sqlite3_column_value(statement, Int32(truncatingIfNeeded: index))
        let type = sqlite3_value_type(value)
        if type == SQLITE_NULL {
            isNull = true
            return nil
        }
        if type == SQLITE_TEXT, let text = sqlite3_value_text(value) {
            let count = Int(sqlite3_value_bytes(value))
            // SQLite ends text with a NUL: one pass validates and copies,
            // as `String(cString:)` does for the raw C baseline. Text that
            // holds a NUL itself reads shorter, and takes the byte path.
            if let valid = String(validatingCString: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)),
               valid.utf8.count == count {
                return valid
            }
            if let valid = Self.validUTF8(UnsafeRawBufferPointer(start: text, count: count)) { return valid }
            throw invalidUTF8(storage, at: index)
        }
        guard type == SQLITE_BLOB else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        guard count > 0, let bytes = sqlite3_value_blob(value) else { return "" }
        if let text = Self.validUTF8(UnsafeRawBufferPointer(start: bytes, count: count)) { return text }
        throw invalidUTF8(storage, at: index)
    }

    /// The text of valid UTF-8 bytes, or nil.
    @inlinable @inline(__always)
    static func validUTF8(_ bytes: UnsafeRawBufferPointer) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        // ASCII, the common case, is valid UTF-8: a word at a time.
        if isASCII(bytes) { return text }
        return repairedNothing(text, bytes) ? text : nil
    }

    /// Whether every byte is below 0x80.
    @inlinable @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count >= 8 else {
            for byte in bytes where byte >= 0x80 { return false }
            return true
        }
        var offset = 0
        while offset + 8 <= count {
            if bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        // The last word, overlapping the ones read.
        return bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
    }

    /// Whether decoding kept the bytes as they were: repairing puts U+FFFD
    /// (EF BF BD) where bytes were invalid, which changes the count or
    /// the bytes.
    @usableFromInline
    static func repairedNothing(_ text: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard text.utf8.count == bytes.count else { return false }
        let same = text.utf8.withContiguousStorageIfAvailable { copied in
            bytes.count == 0 || memcmp(copied.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
        return same ?? text.utf8.elementsEqual(bytes)
    }

    /// A copied value's text, which a lossy conversion may have repaired.
    @usableFromInline
    static func checkedText(_ text: String, _ storage: RowStorage, at index: Int) throws -> String {
        if case .blob(let data) = storage.values[index], String(data: data, encoding: .utf8) == nil {
            throw invalidUTF8(storage, at: index)
        }
        return text
    }

    @usableFromInline
    static func invalidUTF8(_ storage: RowStorage, at index: Int) -> RowDecodingError {
        var failure = RowDecodingError.typeMismatch(at: index, type: String.self, row: Row(storage: storage))
        failure.reason = "the text is not valid UTF-8"
        return failure
    }

    /// A declared column the row lacks: nil for an optional, else an error.
    @usableFromInline
    func missing<T>(_ column: Int, in storage: RowStorage) throws -> T {
        if let optional = T.self as? any ExpressibleByNilLiteral.Type, let none = optional.init(nilLiteral: ()) as? T {
            return none
        }
        throw RowDecodingError.columnNotFound(Record.tableSchema.columnNames[column], type: T.self, layout: storage.layout)
    }
}

@available(*, unavailable)
extension TableRowReader: Sendable {}
