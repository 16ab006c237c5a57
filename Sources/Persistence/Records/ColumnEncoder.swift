import Foundation

/// Encodes one value into one column: a ``DatabaseValueConvertible``
/// directly, a single-value `Encodable` (an enum with a raw value) through
/// its single-value container, and anything that asks for a keyed or
/// unkeyed container as JSON text (keys sorted, so equal values store
/// equal text).
final class ColumnEncoder: Encoder, SingleValueEncodingContainer {
    private var value: DatabaseValue?
    private var needsJSON = false
    private let strategies: RecordEncodingStrategies

    private init(strategies: RecordEncodingStrategies) {
        self.strategies = strategies
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The database value of an encodable value.
    ///
    /// - Throws: What the value's `encode(to:)` or `JSONEncoder` throws.
    static func databaseValue<T: Encodable>(of value: T, strategies: RecordEncodingStrategies) throws -> DatabaseValue {
        if let date = value as? Date { return strategies.databaseValue(of: date) }
        if let uuid = value as? UUID { return strategies.databaseValue(of: uuid) }
        if let integer = value as? any BinaryInteger {
            // Int8, UInt16, UInt64…: stored as INTEGER when they fit.
            guard let int = Int64(exactly: integer) else {
                throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(integer) does not fit in SQLite's 64-bit INTEGER"))
            }
            return .integer(int)
        }
        if let convertible = value as? any DatabaseValueConvertible {
            return convertible.databaseValue
        }
        // An enum with a raw value is stored as its raw value, whatever
        // its own Codable conformance writes.
        if let representable = value as? any RawRepresentable,
           let raw = representable.rawValue as? any DatabaseValueConvertible & Encodable {
            return try databaseValue(of: raw, strategies: strategies)
        }
        let encoder = ColumnEncoder(strategies: strategies)
        do {
            try value.encode(to: encoder)
        } catch is JSONColumnRequest {
            encoder.needsJSON = true
        }
        if !encoder.needsJSON, let single = encoder.value { return single }
        return .text(String(decoding: try strategies.jsonEncoder().encode(value), as: UTF8.self))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        needsJSON = true
        return KeyedEncodingContainer(Discarding<Key>(strategies: strategies))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        needsJSON = true
        return Discarding<AnyCodingKey>(strategies: strategies)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { value = .null }
    func encode<T: Encodable>(_ value: T) throws {
        self.value = try Self.databaseValue(of: value, strategies: strategies)
    }

    /// A container that stops the encoding: the value goes to JSON instead.
    struct Discarding<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer, SingleValueEncodingContainer {
        let strategies: RecordEncodingStrategies
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }

        mutating func encodeNil(forKey key: Key) throws { throw JSONColumnRequest() }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw JSONColumnRequest() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Discarding<NestedKey>(strategies: strategies))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> any Encoder { ColumnEncoder(strategies: strategies) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { ColumnEncoder(strategies: strategies) }

        mutating func encodeNil() throws { throw JSONColumnRequest() }
        mutating func encode<T: Encodable>(_ value: T) throws { throw JSONColumnRequest() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Discarding<NestedKey>(strategies: strategies))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    }
}

/// Thrown inside a nested value's `encode(to:)` once it asked for a
/// container: it is stored as JSON instead.
private struct JSONColumnRequest: Error {}

/// A coding key for containers that need one but have none.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
