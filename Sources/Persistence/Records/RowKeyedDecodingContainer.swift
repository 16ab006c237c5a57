import Foundation

/// The keyed container of ``RowDecoder``: keys are column names.
///
/// While a fetch lends the row, the container remembers in the row's
/// storage where the previous key was found, and tries the next key at the
/// following column before any hashing (synthesized `init(from:)` decodes
/// keys in declaration order, usually the column order of `SELECT *`).
/// Missing columns and NULLs decode as nil for optional properties; for
/// others they throw a ``RowDecodingError`` naming the column.
struct RowKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row

    init(row: Row) {
        self.row = row
        if row.storage.isLent { row.storage.keyHint = 0 }
    }

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { row.layout.columns.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        row.layout.index(ofColumn: key.stringValue) != nil
    }

    /// The column of a key: the one after the previous key's when its name
    /// matches exactly, else a case-insensitive lookup.
    @inline(__always)
    private func index(of key: Key) -> Int? {
        let name = key.stringValue
        let storage = row.storage
        guard storage.isLent else { return row.layout.index(ofColumn: name) }
        let columns = row.layout.columns
        let expected = storage.keyHint
        if expected < columns.count, columns[expected] == name {
            storage.keyHint = expected + 1
            return expected
        }
        guard let found = row.layout.index(ofColumn: name) else { return nil }
        storage.keyHint = found + 1
        return found
    }

    @inline(__always)
    private func requiredIndex<T>(of key: Key, _ type: T.Type) throws -> Int {
        guard let index = index(of: key) else {
            throw RowDecodingError(kind: .columnNotFound, column: key.stringValue, index: nil, type: T.self, value: nil, layout: row.layout)
        }
        return index
    }

    @inline(__always)
    private func convert<T: DatabaseValueConvertible>(_ type: T.Type, at index: Int) throws -> T {
        let value = row[index]
        if let converted = T.fromDatabaseValue(value) { return converted }
        throw RowDecodingError(kind: .typeMismatch, column: row.layout.columns[index], index: index, type: T.self, value: value, layout: row.layout)
    }

    @inline(__always)
    private func convertInteger<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws -> T {
        let value = row[index]
        if let int = Int64.fromDatabaseValue(value), let converted = T(exactly: int) { return converted }
        throw RowDecodingError(kind: .typeMismatch, column: row.layout.columns[index], index: index, type: T.self, value: value, layout: row.layout)
    }

    /// The column index of an optional value, or nil when the column is
    /// missing or NULL.
    @inline(__always)
    private func presentIndex(of key: Key) -> Int? {
        guard let index = index(of: key), !row[index].isNull else { return nil }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        presentIndex(of: key) == nil
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try convert(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try convert(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try convert(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try convert(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try convert(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try convertInteger(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try convertInteger(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try convert(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try convert(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try convertInteger(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try convertInteger(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try convertInteger(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try convertInteger(type, at: requiredIndex(of: key, type)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try convertInteger(type, at: requiredIndex(of: key, type)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let index = try requiredIndex(of: key, type)
        // Dates are the most common non-primitive column: skip the column
        // decoder (comparing metadata is cheap).
        if T.self == Date.self { return unsafeBitCast(try convert(Date.self, at: index), to: T.self) }
        return try ColumnDecoder(row: row, index: index, key: key).decodeColumn(T.self)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentIndex(of: key).map { try convert(type, at: $0) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentIndex(of: key).map { try convert(type, at: $0) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try presentIndex(of: key).map { try convert(type, at: $0) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try presentIndex(of: key).map { try convert(type, at: $0) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentIndex(of: key).map { try convert(type, at: $0) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try presentIndex(of: key).map { try convert(type, at: $0) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try presentIndex(of: key).map { try convert(type, at: $0) } }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = presentIndex(of: key) else { return nil }
        return try ColumnDecoder(row: row, index: index, key: key).decodeColumn(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw RowDecodingError.nestedContainer(row: row, index: index(of: key) ?? -1)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw RowDecodingError.nestedContainer(row: row, index: index(of: key) ?? -1)
    }

    func superDecoder() throws -> any Decoder {
        RowDecoder(row: row)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        RowDecoder(row: row)
    }
}
