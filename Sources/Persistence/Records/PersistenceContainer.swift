import CSQLite
import Foundation

/// Where an ``InsertableRecord`` writes its columns
/// (``InsertableRecord/encode(to:)``): into the parameters of the
/// statement that stores it, or into a list of names and values.
///
/// Records made with ``Table(_:primaryKey:)`` write every column, in declaration
/// order; `Encodable` records write what their coding keys name.
///
/// ```swift
/// func encode(to container: inout PersistenceContainer) throws {
///     try container.encode(id, forColumn: "id")
///     try container.encode(name, forColumn: "name")
/// }
/// ```
public struct PersistenceContainer {
    // Binding, the container holds nothing to retain: it is passed and
    // copied for every record an insert loop writes.

    /// The statement handle bound in place, or nil to collect names and
    /// values.
    @usableFromInline let handle: OpaquePointer?
    /// The statement's parameter count: columns past it are not bound.
    @usableFromInline let parameterCount: Int32
    /// The next column's position.
    @usableFromInline var position: Int32 = 0
    /// The columns whose NULL is recorded (the primary key's), as bits:
    /// position `i` (from 0, below 64) is bit `i`; 0 for none.
    @usableFromInline let keyMask: UInt64
    /// Whether a column of `keyMask` was NULL.
    @usableFromInline var keyIsNull = false
    @usableFromInline let strategies: RecordEncodingStrategies
    /// The record type, for the table's name in errors (a metatype:
    /// nothing to retain), or the collector's table.
    @usableFromInline let recordType: (any InsertableRecord.Type)?
    /// The collected names and values, without a statement.
    @usableFromInline let collector: Collector?

    /// Column names and values, collected.
    @usableFromInline
    final class Collector {
        let table: String
        var columns: [String] = []
        var values: [DatabaseValue] = []

        init(table: String) {
            self.table = table
        }
    }

    /// The collected column names.
    var columns: [String] { collector?.columns ?? [] }
    /// The collected values.
    var values: [DatabaseValue] { collector?.values ?? [] }
    /// The record's table.
    var table: String { recordType?.databaseTableName ?? collector?.table ?? "" }

    /// A container collecting names and values.
    init(table: String, strategies: RecordEncodingStrategies) {
        self.handle = nil
        self.parameterCount = 0
        self.keyMask = 0
        self.strategies = strategies
        self.recordType = nil
        self.collector = Collector(table: table)
    }

    /// A container binding column `i` (from 0) to parameter `?i+1` of a
    /// statement.
    @usableFromInline
    init(binding statement: Statement, record: any InsertableRecord.Type, keyMask: UInt64, strategies: RecordEncodingStrategies) throws {
        let handle = try statement.checkHandle()
        self.handle = handle
        self.parameterCount = sqlite3_bind_parameter_count(handle)
        self.keyMask = keyMask
        self.strategies = strategies
        self.recordType = record
        self.collector = nil
    }

    /// Writes a value.
    ///
    /// - Throws: ``DatabaseError`` when the value cannot be bound.
    @inlinable @inline(__always)
    public mutating func encode<T: DatabaseValueConvertible>(_ value: T, forColumn column: String) throws {
        try put(value.databaseValue, column)
    }

    /// Writes a value that is both convertible and `Encodable` as
    /// convertible.
    ///
    /// - Throws: ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode<T: DatabaseValueConvertible & Encodable>(_ value: T, forColumn column: String) throws {
        try put(value.databaseValue, column)
    }

    /// Writes a number, refusing NaN (which SQLite would store as NULL).
    ///
    /// SQLite writes integral reals of REAL columns as integers: `-0.0`
    /// reads back as `0.0` (which Swift finds equal).
    ///
    /// - Throws: ``RecordError`` (``RecordError/Code/encodingFailed``) for
    ///   NaN, ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: Double, forColumn column: String) throws {
        if value.isNaN { throw notANumber(column) }
        try put(.real(value), column)
    }

    /// Writes an optional number, refusing NaN.
    ///
    /// - Throws: ``RecordError`` for NaN, ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: Double?, forColumn column: String) throws {
        if let value { try encode(value, forColumn: column) } else { try put(.null, column) }
    }

    /// Writes a number, refusing NaN.
    ///
    /// - Throws: ``RecordError`` for NaN, ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: Float, forColumn column: String) throws {
        try encode(Double(value), forColumn: column)
    }

    /// Writes an optional number, refusing NaN.
    ///
    /// - Throws: ``RecordError`` for NaN, ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: Float?, forColumn column: String) throws {
        try encode(value.map(Double.init), forColumn: column)
    }

    /// Writes an unsigned integer, refusing one above `Int64.max` (SQLite
    /// stores 64-bit signed integers).
    ///
    /// - Throws: ``RecordError`` (``RecordError/Code/valueOutOfRange``),
    ///   ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: UInt64, forColumn column: String) throws {
        guard let exact = Int64(exactly: value) else { throw outOfRange(value, column) }
        try put(.integer(exact), column)
    }

    /// Writes an optional unsigned integer, refusing one above `Int64.max`.
    ///
    /// - Throws: ``RecordError`` (``RecordError/Code/valueOutOfRange``),
    ///   ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: UInt64?, forColumn column: String) throws {
        if let value { try encode(value, forColumn: column) } else { try put(.null, column) }
    }

    /// Writes an unsigned integer, refusing one above `Int64.max`.
    ///
    /// - Throws: ``RecordError`` (``RecordError/Code/valueOutOfRange``),
    ///   ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: UInt, forColumn column: String) throws {
        try encode(UInt64(value), forColumn: column)
    }

    /// Writes an optional unsigned integer, refusing one above `Int64.max`.
    ///
    /// - Throws: ``RecordError`` (``RecordError/Code/valueOutOfRange``),
    ///   ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: UInt?, forColumn column: String) throws {
        try encode(value.map(UInt64.init), forColumn: column)
    }

    @usableFromInline
    func outOfRange(_ value: UInt64, _ column: String) -> RecordError {
        RecordError(code: .valueOutOfRange, table: table,
                    message: "column \"\(column)\": \(value) does not fit SQLite's 64-bit signed INTEGER (at most \(Int64.max))")
    }

    /// Writes a date as the record's strategy says.
    ///
    /// - Throws: ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: Date, forColumn column: String) throws {
        try put(strategies.databaseValue(of: value), column)
    }

    /// Writes an optional date as the record's strategy says.
    ///
    /// - Throws: ``DatabaseError``.
    @inlinable @inline(__always)
    public mutating func encode(_ value: Date?, forColumn column: String) throws {
        try put(value.map { strategies.databaseValue(of: $0) } ?? .null, column)
    }

    /// Writes a UUID as the record's strategy says.
    ///
    /// - Throws: ``DatabaseError``.
    public mutating func encode(_ value: UUID, forColumn column: String) throws {
        try put(strategies.databaseValue(of: value), column)
    }

    /// Writes an optional UUID as the record's strategy says.
    ///
    /// - Throws: ``DatabaseError``.
    public mutating func encode(_ value: UUID?, forColumn column: String) throws {
        try put(value.map { strategies.databaseValue(of: $0) } ?? .null, column)
    }

    /// A value of a type Plume cannot store: the ``Table(_:primaryKey:)``
    /// macro reports this at the property, with the remedy.
    @available(*, unavailable, message: "a @Table property's type must conform to DatabaseValueConvertible (stored as one value) or Codable (stored as JSON text)")
    public mutating func encode<T>(_ value: T, forColumn column: String) throws {
        fatalError("unavailable")
    }

    /// Writes a nested `Encodable` value as JSON text with sorted keys
    /// (nil as NULL).
    ///
    /// - Throws: ``RecordError`` when the value does not encode,
    ///   ``DatabaseError``.
    public mutating func encode<T: Encodable>(_ value: T, forColumn column: String) throws {
        if let optional = value as? any OptionalValue, optional.isNil {
            return try put(.null, column)
        }
        do {
            try put(try ColumnEncoder.databaseValue(of: value, strategies: strategies), column)
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw RecordError(code: .encodingFailed, table: table, message: "column \"\(column)\": \(error)")
        }
    }

    @usableFromInline
    func notANumber(_ column: String) -> RecordError {
        RecordError(code: .encodingFailed, table: table,
                    message: "column \"\(column)\" is NaN, which SQLite would store as NULL")
    }

    /// Binds or collects the next column's value.
    @inlinable @inline(__always)
    mutating func put(_ value: DatabaseValue, _ column: String) throws {
        guard let handle else { return append(value, column) }
        position += 1
        if keyMask != 0, case .null = value, position <= 64, keyMask & (1 &<< UInt64(position &- 1)) != 0 { keyIsNull = true }
        if position <= parameterCount {
            let code = Statement.bind(value, at: position, handle: handle)
            if code != SQLITE_OK { throw Statement.bindError(code, handle: handle) }
        }
    }

    @usableFromInline
    func append(_ value: DatabaseValue, _ column: String) {
        guard let collector else { return }
        if let existing = collector.columns.firstIndex(of: column) {
            collector.values[existing] = value
        } else {
            collector.columns.append(column)
            collector.values.append(value)
        }
    }
}

@available(*, unavailable)
extension PersistenceContainer: Sendable {}
