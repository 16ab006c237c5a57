import Foundation

/// Decodes one column of a row: a ``DatabaseValueConvertible`` value
/// directly, a single-value `Decodable` (an enum with a raw value, a
/// wrapper struct) through its single-value container, and anything that
/// asks for a keyed or unkeyed container (a nested struct, an array, a
/// dictionary) from the column's JSON text.
struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let row: Row
    let index: Int
    /// The key of the column, kept as is so that no array is built unless
    /// someone asks for the coding path.
    let key: (any CodingKey)?

    /// The column's value, read once.
    let value: DatabaseValue
    /// What a number means for a date.
    let dates: DatabaseDateDecodingStrategy

    init(row: Row, index: Int, key: (any CodingKey)?, value: DatabaseValue? = nil, dates: DatabaseDateDecodingStrategy) {
        self.row = row
        self.index = index
        self.key = key
        self.value = value ?? row[index]
        self.dates = dates
    }

    var codingPath: [any CodingKey] { key.map { [$0] } ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Decodes the column as `T`.
    ///
    /// - Throws: ``RowDecodingError`` naming the column when the value does
    ///   not convert.
    func decodeColumn<T: Decodable>(_ type: T.Type) throws -> T {
        // The common Foundation types first: comparing metadata is much
        // cheaper than a dynamic cast.
        if T.self == Date.self {
            guard let date = dates.date(from: value) else { throw mismatch(Date.self) }
            return unsafeBitCast(date, to: T.self)
        }
        if T.self == UUID.self { return unsafeBitCast(try convert(UUID.self), to: T.self) }
        if T.self == Data.self { return unsafeBitCast(try convert(Data.self), to: T.self) }
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
            // Unwrap the conversion before casting: for `T == Int?`, a
            // mismatch is `Int??.none`, which `as? T` would turn into a
            // nil `Int?` instead of an error.
            guard let converted = convertible.fromDatabaseValue(value) else { throw mismatch(T.self) }
            return converted as! T
        }
        // An enum with a raw value is read from its raw value, whatever
        // its own Codable conformance reads.
        if let representable = T.self as? any RawRepresentable.Type, let decoded = try decodeRawValue(representable) {
            return decoded as! T
        }
        do {
            return try T(from: self)
        } catch is JSONColumnMarker {
            return try decodeJSON(T.self)
        } catch let error as DecodingError {
            // An enum without a case for the stored raw value, for example.
            throw mismatch(T.self, reason: error.plumeSummary)
        }
    }

    /// A raw-representable value from its stored raw value; nil when the
    /// raw type is not convertible.
    private func decodeRawValue<R: RawRepresentable>(_ type: R.Type) throws -> R? {
        guard let rawType = R.RawValue.self as? any DatabaseValueConvertible.Type else { return nil }
        guard let raw = rawType.fromDatabaseValue(value) as? R.RawValue else { throw mismatch(R.self) }
        guard let decoded = R(rawValue: raw) else {
            throw mismatch(R.self, reason: "no \(R.self) has the raw value \(value)")
        }
        return decoded
    }

    private func convert<T: DatabaseValueConvertible>(_ type: T.Type) throws -> T {
        if let converted = T.fromDatabaseValue(value) { return converted }
        throw mismatch(T.self)
    }

    private func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        let data: Data
        switch value {
        case .text(let text): data = Data(text.utf8)
        case .blob(let blob): data = blob
        default: throw mismatch(T.self, reason: "a nested value is stored as JSON text")
        }
        if let problem = JSONSyntax.firstProblem(in: data) {
            throw mismatch(T.self, reason: "invalid JSON at byte \(problem.offset): \(problem.reason)")
        }
        do {
            return try dates.jsonDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw mismatch(T.self, reason: "invalid JSON: \(error.plumeSummary)")
        }
    }

    private func mismatch(_ type: Any.Type, reason: String? = nil) -> RowDecodingError {
        var error = RowDecodingError(kind: .typeMismatch, column: row.layout.columns[index], index: index,
                                     type: type, value: value, layout: row.layout)
        error.reason = reason ?? RowDecodingError.integerRangeReason(type, value: value)
        return error
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw JSONColumnMarker()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw JSONColumnMarker()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { value.isNull }

    func decode(_ type: Bool.Type) throws -> Bool { try decodeColumn(type) }
    func decode(_ type: String.Type) throws -> String { try decodeColumn(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeColumn(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeColumn(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeColumn(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeColumn(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeColumn(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeColumn(type) }

    private func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        if let int = Int64.fromDatabaseValue(value), let converted = T(exactly: int) { return converted }
        throw mismatch(T.self)
    }
}

/// Thrown by ``ColumnDecoder`` when a type asks for a container: the
/// column holds JSON.
private struct JSONColumnMarker: Error {}

extension DecodingError {
    /// A one-line description with the coding path.
    var plumeSummary: String {
        func path(_ context: Context) -> String {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        }
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context),
             .keyNotFound(_, let context), .dataCorrupted(let context):
            return path(context)
        @unknown default:
            return String(describing: self)
        }
    }
}
