import Foundation

/// Encodes an `Encodable` record into column names and values: each coding
/// key names a column.
///
/// Values convert through ``DatabaseValueConvertible`` (`Date`, `UUID`,
/// `Data`, enums with raw values are stored as Plume stores them); other
/// nested values are stored as JSON text. A nil optional is stored as NULL,
/// so that updates clear the column.
final class RecordEncoder: Encoder {
    private(set) var columns: [String] = []
    private(set) var values: [DatabaseValue] = []
    private var misuse: String?
    let strategies: RecordEncodingStrategies

    init(strategies: RecordEncodingStrategies) {
        self.strategies = strategies
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The columns and values of a record.
    ///
    /// - Throws: ``RecordError`` when the record does not encode into a
    ///   keyed container, or what its `encode(to:)` throws.
    static func encode(_ record: some Encodable, table: String,
                       strategies: RecordEncodingStrategies) throws -> (columns: [String], values: [DatabaseValue]) {
        let encoder = RecordEncoder(strategies: strategies)
        try record.encode(to: encoder)
        if let misuse = encoder.misuse {
            throw RecordError(code: .encodingFailed, table: table, message: misuse)
        }
        return (encoder.columns, encoder.values)
    }

    func set(_ value: DatabaseValue, forColumn column: String) {
        if let existing = columns.firstIndex(of: column) {
            values[existing] = value
        } else {
            columns.append(column)
            values.append(value)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RecordKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        misuse = "a record must encode its columns into a keyed container, not an unkeyed one"
        return ColumnEncoder.Discarding<AnyCodingKey>(strategies: strategies)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        misuse = "a record must encode its columns into a keyed container, not a single value"
        return ColumnEncoder.Discarding<AnyCodingKey>(strategies: strategies)
    }
}

/// The keyed container of ``RecordEncoder``.
struct RecordKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: RecordEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.set(.null, forColumn: key.stringValue)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.set(try ColumnEncoder.databaseValue(of: value, strategies: encoder.strategies), forColumn: key.stringValue)
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, key) }

    private mutating func encodeOptional(_ value: (some DatabaseValueConvertible)?, _ key: Key) throws {
        encoder.set(value?.databaseValue ?? .null, forColumn: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.set(.null, forColumn: key.stringValue)
        return KeyedEncodingContainer(ColumnEncoder.Discarding<NestedKey>(strategies: encoder.strategies))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ColumnEncoder.Discarding<Key>(strategies: encoder.strategies)
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}
