import Foundation

/// A value of one of SQLite's five storage classes, as the sync protocol
/// carries it.
///
/// In JSON (Documentation/SyncProtocol.md, "Values"): `null`; an integer is
/// a JSON number without fraction or exponent (64-bit signed); text is a
/// JSON string; a real is `{"real": "1.5"}` (the shortest decimal that
/// reads back to the same bits, `-0.0`, `Infinity` and `-Infinity`
/// included); a blob is `{"blob": "<base64>"}`. Reals and blobs are tagged
/// so that `1` and `1.0`, or text and bytes, stay distinct on every
/// machine.
public enum SyncValue: Hashable, Sendable {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE 754 double (never NaN: SQLite stores NaN as `NULL`).
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob([UInt8])

    /// Two values are the same when they have the same class and bits
    /// (`0.0` and `-0.0` differ), as the protocol compares them.
    public static func == (lhs: SyncValue, rhs: SyncValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
        case (.text(let a), .text(let b)): a.utf8.elementsEqual(b.utf8)
        case (.blob(let a), .blob(let b)): a == b
        default: false
        }
    }

    /// Hashes the class and bits, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .integer(let value): hasher.combine(1); hasher.combine(value)
        case .real(let value): hasher.combine(2); hasher.combine(value.bitPattern)
        case .text(let value): hasher.combine(3); hasher.combine(Array(value.utf8))
        case .blob(let value): hasher.combine(4); hasher.combine(value)
        }
    }
}

extension SyncValue {
    /// The text of a real in the protocol: the shortest decimal that reads
    /// back to the same double, `Infinity` or `-Infinity`.
    static func realText(_ value: Double) -> String {
        if value == .infinity { return "Infinity" }
        if value == -.infinity { return "-Infinity" }
        return "\(value)"
    }

    /// Reads the text of a real; nil when it is not a number the protocol
    /// writes (NaN included).
    static func real(fromText text: String) -> Double? {
        switch text {
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default:
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }
    }
}

extension SyncValue: Codable {
    private enum TagKey: String, CodingKey {
        case real, blob
    }

    /// Reads a value in the protocol's JSON form.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for anything else: a number
    ///   with a fraction (reals are tagged), an object that is not
    ///   `{"real": …}` or `{"blob": …}`, a real that is not a number, or
    ///   base64 that does not decode.
    public init(from decoder: any Decoder) throws {
        // The common classes first: text, integers, null.
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
            return
        }
        if let text = try? single.decode(String.self) {
            self = .text(text)
            return
        }
        if let integer = try? single.decode(Int64.self) {
            self = .integer(integer)
            return
        }
        guard let container = try? decoder.container(keyedBy: TagKey.self) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a value is null, a 64-bit integer, a string, {\"real\": \"…\"} or {\"blob\": \"…\"}"))
        }
        let keys = container.allKeys
        guard keys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a tagged value has exactly one of the keys \"real\" and \"blob\""))
        }
        let text = try container.decode(String.self, forKey: keys[0])
        switch keys[0] {
        case .real:
            guard let value = Self.real(fromText: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a real (a decimal, Infinity or -Infinity)"))
            }
            self = .real(value)
        case .blob:
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a blob is not valid base64"))
            }
            self = .blob(Array(data))
        }
    }

    /// Writes the value in the protocol's JSON form.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .text(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .real(let value):
            var container = encoder.container(keyedBy: TagKey.self)
            try container.encode(Self.realText(value), forKey: .real)
        case .blob(let value):
            var container = encoder.container(keyedBy: TagKey.self)
            try container.encode(Data(value).base64EncodedString(), forKey: .blob)
        }
    }
}
