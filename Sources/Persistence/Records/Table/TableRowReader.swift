import CSQLite
import Foundation

/// Reads the columns of a ``TypedTable`` from a row, for the `init(row:)`
/// the ``Table(_:)`` macro generates: by position when the row comes from
/// the table's own `SELECT` (its columns first, in declaration order), by
/// column name otherwise.
///
/// ```swift
/// init(row: RowView) throws {
///     let reader = TableRowReader(row, schema: Self.tableSchema, dates: Self.databaseDateDecodingStrategy)
///     self.id = try reader.value(at: 0)
///     self.name = try reader.value(at: 1)
/// }
/// ```
public struct TableRowReader {
    @usableFromInline let row: Row
    @usableFromInline let schema: TableSchema
    @usableFromInline let dates: DatabaseDateDecodingStrategy
    @usableFromInline let byPosition: Bool

    /// A reader of a row, with the record's date strategy.
    ///
    /// - Complexity: O(n) for n declared columns, to see whether the row
    ///   reads by position.
    @inlinable
    public init(_ row: RowView, schema: TableSchema, dates: DatabaseDateDecodingStrategy) {
        self.row = row.lentRow()
        self.schema = schema
        self.dates = dates
        self.byPosition = schema.isReadByPosition(self.row.layout)
    }

    /// The row's index of declared column `column`, or nil when a
    /// by-name row lacks it.
    @inlinable @inline(__always)
    func index(of column: Int) -> Int? {
        byPosition ? column : row.layout.index(ofColumn: schema.columnNames[column])
    }

    /// Reads the value of the declared column at `column`.
    ///
    /// - Throws: ``RowDecodingError`` when the column is missing (an
    ///   optional then reads nil) or its value does not convert.
    @inlinable @inline(__always)
    public func value<T: DatabaseValueConvertible>(at column: Int) throws -> T {
        guard let index = index(of: column) else { return try missing(column) }
        if let value = row.storage.decode(T.self, at: index) { return value }
        throw row.decodingError(T.self, at: index)
    }

    /// Reads a value that is both convertible and `Decodable` as
    /// convertible.
    ///
    /// - Throws: ``RowDecodingError``.
    @inlinable @inline(__always)
    public func value<T: DatabaseValueConvertible & Decodable>(at column: Int) throws -> T {
        guard let index = index(of: column) else { return try missing(column) }
        if let value = row.storage.decode(T.self, at: index) { return value }
        throw row.decodingError(T.self, at: index)
    }

    /// Reads text, refusing bytes that are not valid UTF-8.
    ///
    /// - Throws: ``RowDecodingError``, with a reason for invalid UTF-8.
    @inlinable @inline(__always)
    public func value(at column: Int) throws -> String {
        guard let index = index(of: column) else { return try missing(column) }
        if let value = try validatedString(at: index) { return value }
        throw row.decodingError(String.self, at: index)
    }

    /// Reads optional text, refusing bytes that are not valid UTF-8.
    ///
    /// - Throws: ``RowDecodingError``, with a reason for invalid UTF-8.
    @inlinable @inline(__always)
    public func value(at column: Int) throws -> String? {
        guard let index = index(of: column) else { return nil }
        if row.storage.isNull(at: index) { return nil }
        if let value = try validatedString(at: index) { return value }
        throw row.decodingError(String?.self, at: index)
    }

    /// Reads a date, numbers read as the record's strategy says.
    ///
    /// - Throws: ``RowDecodingError``.
    @inlinable
    public func value(at column: Int) throws -> Date {
        guard let index = index(of: column) else { return try missing(column) }
        if let date = date(at: index) { return date }
        throw row.decodingError(Date.self, at: index)
    }

    /// Reads an optional date, numbers read as the record's strategy says.
    ///
    /// - Throws: ``RowDecodingError``.
    @inlinable
    public func value(at column: Int) throws -> Date? {
        guard let index = index(of: column), !row.storage.isNull(at: index) else { return nil }
        if let date = date(at: index) { return date }
        throw row.decodingError(Date?.self, at: index)
    }

    /// Reads a nested `Decodable` value from JSON text (NULL reads as nil
    /// for an optional).
    ///
    /// - Throws: ``RowDecodingError`` naming the column, with the JSON
    ///   error as its reason.
    public func value<T: Decodable>(at column: Int) throws -> T {
        guard let index = index(of: column) else { return try missing(column) }
        let stored = row[index]
        let data: Data
        switch stored {
        case .text(let text): data = Data(text.utf8)
        case .blob(let blob): data = blob
        case .null where T.self is any OptionalValue.Type: data = Data("null".utf8)
        default: throw row.decodingError(T.self, at: index)
        }
        do {
            return try dates.jsonDecoder().decode(T.self, from: data)
        } catch {
            var failure = RowDecodingError.typeMismatch(at: index, type: T.self, row: row)
            failure.reason = "invalid JSON: \(error)"
            throw failure
        }
    }

    @inlinable @inline(__always)
    func date(at index: Int) -> Date? {
        if dates.readsMilliseconds {
            return dates.date(from: row[index])
        }
        return row.storage.decode(Date.self, at: index)
    }

    /// Text at a row index; nil when the value is not text (or a blob of
    /// valid UTF-8), an error when its bytes are not UTF-8.
    @inlinable @inline(__always)
    func validatedString(at index: Int) throws -> String? {
        guard let statement = row.storage.statement else {
            return try String.fromDatabaseValue(row.storage.values[index]).map { try checkedText($0, at: index) }
        }
        let value = sqlite3_column_value(statement, Int32(truncatingIfNeeded: index))
        let type = sqlite3_value_type(value)
        guard type == SQLITE_TEXT || type == SQLITE_BLOB else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        guard count > 0, let bytes = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_value_text(value)) : sqlite3_value_blob(value) else { return "" }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
        if let text = Self.validUTF8(buffer) { return text }
        throw invalidUTF8(at: index)
    }

    /// The text of valid UTF-8 bytes, or nil.
    @usableFromInline
    static func validUTF8(_ bytes: UnsafeRawBufferPointer) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            // One pass: validates and copies, without repairing.
            return String(validating: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // Repairing changes the bytes (U+FFFD is three bytes): equal bytes
        // mean the text was valid.
        var isValid = text.utf8.count == bytes.count
        if isValid, text.utf8.contains(0xEF) {
            isValid = text.utf8.elementsEqual(bytes)
        }
        return isValid ? text : nil
    }

    /// A copied value's text, which a lossy conversion may have repaired.
    @usableFromInline
    func checkedText(_ text: String, at index: Int) throws -> String {
        if case .blob(let data) = row.storage.values[index], String(data: data, encoding: .utf8) == nil {
            throw invalidUTF8(at: index)
        }
        return text
    }

    @usableFromInline
    func invalidUTF8(at index: Int) -> RowDecodingError {
        var failure = RowDecodingError.typeMismatch(at: index, type: String.self, row: row)
        failure.reason = "the text is not valid UTF-8"
        return failure
    }

    /// A declared column the row lacks: nil for an optional, else an error.
    @usableFromInline
    func missing<T>(_ column: Int) throws -> T {
        if let optional = T.self as? any ExpressibleByNilLiteral.Type, let none = optional.init(nilLiteral: ()) as? T {
            return none
        }
        throw RowDecodingError.columnNotFound(schema.columnNames[column], type: T.self, layout: row.layout)
    }
}

@available(*, unavailable)
extension TableRowReader: Sendable {}
