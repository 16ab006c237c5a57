import Foundation

/// Decodes a `Decodable` record from a ``Row``: each coding key names a
/// column.
///
/// Plume's own decoder, built for speed: a key is first looked up at the
/// column after the previous one (synthesized `init(from:)` decodes keys in
/// declaration order, which usually is the column order of `SELECT *`),
/// and only then by name. Values convert through
/// ``DatabaseValueConvertible`` (so `Date`, `UUID`, `Data` and enums with
/// raw values read as they are stored); other nested `Decodable` values are
/// read from JSON text.
@usableFromInline
struct RowDecoder: Decoder {
    // The row is held strongly, even while lent: a record whose
    // `init(from:)` keeps the decoder keeps the row, and the fetch then
    // copies its values before moving on.
    @usableFromInline let row: Row
    /// What a number means for a `Date` property.
    @usableFromInline let dates: DatabaseDateDecodingStrategy

    @inlinable
    init(row: Row, dates: DatabaseDateDecodingStrategy = .iso8601) {
        self.row = row
        self.dates = dates
    }

    @usableFromInline var codingPath: [any CodingKey] { [] }
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { [:] }

    @usableFromInline
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        let storage = row.storage
        guard storage.isLent else { return KeyedDecodingContainer(RowKeyedDecodingContainer<Key, Row>(row: row, dates: dates)) }
        return lentContainer(keyedBy: type, storage: storage)
    }

    private func lentContainer<Key: CodingKey>(keyedBy type: Key.Type, storage: RowStorage) -> KeyedDecodingContainer<Key> {
        // A fetch lends the same storage for every row: its container is
        // made once and reused, saving an allocation and two generic
        // metadata lookups per row.
        storage.keyHint = 0
        if storage.cachedContainerKey == ObjectIdentifier(Key.self), let cached = storage.cachedContainer {
            let cache = unsafeDowncast(cached, to: ContainerCache<Key>.self)
            if cache.dates == dates { return cache.container }
        }
        let keyColumns = KeyColumnCache.applies(to: Key.self) ? KeyColumnCache() : nil
        let container = KeyedDecodingContainer(RowKeyedDecodingContainer<Key, Void>(lentStorage: storage, layout: storage.layout, dates: dates,
                                                                                    keyColumns: keyColumns))
        storage.cachedContainer = ContainerCache(container, dates: dates, keyColumns: keyColumns)
        storage.cachedContainerKey = ObjectIdentifier(Key.self)
        return container
    }

    @usableFromInline
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        RowUnkeyedDecodingContainer(row: row, dates: dates)
    }

    @usableFromInline
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.count > 0 else {
            throw RowDecodingError(kind: .indexOutOfRange, column: nil, index: 0, type: Any.self, value: nil, layout: row.layout)
        }
        return ColumnDecoder(row: row, index: 0, key: nil, dates: dates)
    }
}

/// Reads the columns of a row in order, for types that decode from an
/// unkeyed container (tuples-like structs).
struct RowUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let row: Row
    let dates: DatabaseDateDecodingStrategy
    var currentIndex = 0

    init(row: Row, dates: DatabaseDateDecodingStrategy) {
        self.row = row
        self.dates = dates
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { row.count }
    var isAtEnd: Bool { currentIndex >= row.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw outOfRange() }
        if row[currentIndex].isNull {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw outOfRange() }
        defer { currentIndex += 1 }
        return try ColumnDecoder(row: row, index: currentIndex, key: nil, dates: dates).decodeColumn(T.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw RowDecodingError.nestedContainer(row: row, index: currentIndex)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RowDecodingError.nestedContainer(row: row, index: currentIndex)
    }

    mutating func superDecoder() throws -> any Decoder {
        RowDecoder(row: row, dates: dates)
    }

    private func outOfRange() -> RowDecodingError {
        RowDecodingError(kind: .indexOutOfRange, column: nil, index: currentIndex, type: Any.self, value: nil, layout: row.layout)
    }
}

extension RowDecodingError {
    static func nestedContainer(row: Row, index: Int) -> RowDecodingError {
        var error = RowDecodingError(kind: .typeMismatch, column: row.layout.columns[safe: index], index: index,
                                     type: Any.self, value: nil, layout: row.layout)
        error.reason = "a row has no nested containers: decode a Decodable type (stored as JSON) instead"
        return error
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

/// A keyed container kept by a lent ``RowStorage`` between rows.
final class ContainerCache<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>
    let dates: DatabaseDateDecodingStrategy
    /// The container's key columns, which it holds unretained.
    let keyColumns: KeyColumnCache?

    init(_ container: KeyedDecodingContainer<Key>, dates: DatabaseDateDecodingStrategy, keyColumns: KeyColumnCache?) {
        self.container = container
        self.dates = dates
        self.keyColumns = keyColumns
    }
}
