import Foundation

/// The keyed container of ``RowDecoder``: keys are column names.
///
/// While a fetch lends the row, the container remembers in the row's
/// storage where the previous key was found, and tries the next key at the
/// following column before any hashing (synthesized `init(from:)` decodes
/// keys in declaration order, usually the column order of `SELECT *`).
/// Missing columns and NULLs decode as nil for optional properties; for
/// others they throw a ``RowDecodingError`` naming the column.
struct RowKeyedDecodingContainer<Key: CodingKey, Owner>: KeyedDecodingContainerProtocol {
    // Layout and storage are held unmanaged: copying the container (the
    // standard library's box copies it for every key) then costs no
    // reference counting, and a container cached in a lent storage (see
    // ``RowDecoder``) does not keep that storage alive, which would make
    // every lent row look kept. For lent rows, the fetch keeps both alive
    // and `Owner` is `Void`, so that the container is plain data; for
    // other rows, `owner` (the row) does.
    private let unmanagedLayout: Unmanaged<RowLayout>
    private let unmanagedStorage: Unmanaged<RowStorage>
    /// Keeps the row alive while the container lives, when it is not lent.
    private let owner: Owner
    /// What a number means for a date.
    private let dates: DatabaseDateDecodingStrategy
    /// The columns of one-byte keys, for lent rows (kept alive by the
    /// ``ContainerCache`` that keeps this container).
    private let keyColumns: Unmanaged<KeyColumnCache>?

    /// A container for a row that is not lent.
    init(row: Row, dates: DatabaseDateDecodingStrategy) where Owner == Row {
        self.unmanagedLayout = Unmanaged.passUnretained(row.layout)
        self.unmanagedStorage = Unmanaged.passUnretained(row.storage)
        self.owner = row
        self.dates = dates
        self.keyColumns = nil
    }

    /// A container for the rows a fetch lends from `storage`, kept by that
    /// storage between rows.
    init(lentStorage storage: RowStorage, layout: RowLayout, dates: DatabaseDateDecodingStrategy,
         keyColumns: KeyColumnCache?) where Owner == Void {
        self.unmanagedLayout = Unmanaged.passUnretained(layout)
        self.unmanagedStorage = Unmanaged.passUnretained(storage)
        self.owner = ()
        self.dates = dates
        self.keyColumns = keyColumns.map { Unmanaged.passUnretained($0) }
    }

    private var layout: RowLayout { unmanagedLayout.takeUnretainedValue() }

    /// The storage, without retaining it: it outlives every use (see
    /// `unmanagedStorage`).
    @inline(__always)
    private func withStorage<T>(_ body: (RowStorage) throws -> T) rethrows -> T {
        try unmanagedStorage._withUnsafeGuaranteedRef(body)
    }

    /// The row being decoded.
    private var row: Row { Row(storage: unmanagedStorage.takeUnretainedValue()) }

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { layout.columns.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        layout.index(ofColumn: key.stringValue) != nil
    }

    /// The column of a key: the one after the previous key's when its name
    /// matches exactly, else a case-insensitive lookup.
    @inline(__always)
    private func index(of key: Key) -> Int? {
        if let keyColumns, let index = cachedIndex(of: key, in: keyColumns) { return index }
        let name = key.stringValue
        return unmanagedLayout._withUnsafeGuaranteedRef { layout in
            withStorage { storage in
                guard storage.isLent else { return layout.index(ofColumn: name) }
                let columns = layout.columns
                let expected = storage.keyHint
                if expected < columns.count, columns[expected] == name {
                    storage.keyHint = expected + 1
                    return expected
                }
                guard let found = layout.index(ofColumn: name) else { return nil }
                storage.keyHint = found + 1
                return found
            }
        }
    }

    /// The column of a one-byte key as ``index(of:)`` finds it, without
    /// the key's name once its byte was seen: the next column when it is
    /// the one named exactly, else the lookup by name. Returns `.some(nil)`
    /// for a missing column, nil when the key's name matches several
    /// columns exactly (``index(of:)`` then compares names).
    @inline(__always)
    private func cachedIndex(of key: Key, in cache: Unmanaged<KeyColumnCache>) -> Int?? {
        cache._withUnsafeGuaranteedRef { cache in
            withStorage { storage in
                let byte = KeyColumnCache.byte(of: key)
                let exact = cache.exactColumn(ofByte: byte) { (key.stringValue, layout) }
                guard exact != KeyColumnCache.severalExactColumns else { return nil }
                // A copied row (no longer lent) has no hint: the lookup.
                guard storage.isLent else { return .some(cache.foundColumn(ofByte: byte)) }
                if exact >= 0, storage.keyHint == exact {
                    storage.keyHint = exact + 1
                    return .some(exact)
                }
                guard let found = cache.foundColumn(ofByte: byte) else { return .some(nil) }
                storage.keyHint = found + 1
                return .some(found)
            }
        }
    }

    @inline(__always)
    private func requiredIndex<T>(of key: Key, _ type: T.Type) throws -> Int {
        guard let index = index(of: key) else {
            throw RowDecodingError(kind: .columnNotFound, column: key.stringValue, index: nil, type: T.self, value: nil, layout: layout)
        }
        return index
    }

    @inline(__always)
    private func convert<T: DatabaseValueConvertible>(_ type: T.Type, at index: Int) throws -> T {
        if let converted = withStorage({ $0.decode(T.self, at: index) }) { return converted }
        throw mismatch(T.self, at: index)
    }

    @inline(__always)
    private func convertInteger<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws -> T {
        if let int = withStorage({ $0.decode(Int64.self, at: index) }), let converted = T(exactly: int) { return converted }
        throw mismatch(T.self, at: index)
    }

    private func mismatch<T>(_ type: T.Type, at index: Int) -> RowDecodingError {
        let value = withStorage { $0.value(at: index) }
        var error = RowDecodingError(kind: .typeMismatch, column: layout.columns[index], index: index, type: T.self, value: value,
                                     layout: layout)
        error.reason = RowDecodingError.integerRangeReason(T.self, value: value)
        return error
    }

    /// The column of an optional value and its value, or nil when the
    /// column is missing or NULL. The column is read once.
    @inline(__always)
    private func presentValue(of key: Key) -> (index: Int, value: DatabaseValue)? {
        guard let index = index(of: key) else { return nil }
        let value = withStorage { $0.value(at: index) }
        if value.isNull { return nil }
        return (index, value)
    }

    @inline(__always)
    private func convertIfPresent<T: DatabaseValueConvertible>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let index = index(of: key) else { return nil }
        // Optional's conversion: .some(nil) for NULL, nil for a mismatch.
        if let converted = withStorage({ $0.decode(T?.self, at: index) }) { return converted }
        throw mismatch(T.self, at: index)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let index = index(of: key) else { return true }
        return withStorage { $0.isNull(at: index) }
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
        if T.self == Date.self, !dates.readsMilliseconds { return unsafeBitCast(try convert(Date.self, at: index), to: T.self) }
        return try ColumnDecoder(row: row, index: index, key: key, dates: dates).decodeColumn(T.self)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try convertIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try convertIfPresent(type, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let (index, value) = presentValue(of: key) else { return nil }
        return try ColumnDecoder(row: row, index: index, key: key, value: value, dates: dates).decodeColumn(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw RowDecodingError.nestedContainer(row: row, index: index(of: key) ?? -1)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw RowDecodingError.nestedContainer(row: row, index: index(of: key) ?? -1)
    }

    func superDecoder() throws -> any Decoder {
        RowDecoder(row: row, dates: dates)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        RowDecoder(row: row, dates: dates)
    }
}
