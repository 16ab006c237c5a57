/// The protocol's JSON written by hand: deterministic (a key's text is
/// compared byte for byte on the server) and without the cost of an
/// encoder per value.
public enum SyncJSON {
    /// Appends `value` in the protocol's JSON form.
    public static func append(_ value: SyncValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .integer(let integer): out += String(integer)
        case .text(let text): appendString(text, to: &out)
        case .real(let real):
            out += "{\"real\":"
            appendString(SyncValue.realText(real), to: &out)
            out += "}"
        case .blob(let bytes):
            out += "{\"blob\":\""
            out += Base64.encode(bytes)
            out += "\"}"
        }
    }

    /// A JSON string literal for `text`: `"` and `\` escaped, control
    /// characters as `\uXXXX` (or `\n`, `\t`, …), everything else as is.
    public static func appendString(_ text: String, to out: inout String) {
        out += "\""
        var pending = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) : nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[pending..<index])
                out += escape
                pending = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        out.unicodeScalars.append(contentsOf: scalars[pending...])
        out += "\""
    }

    /// A key's canonical text: the JSON array of its values, as
    /// ``append(_:to:)`` writes them. Two keys are the same row when their
    /// texts are equal.
    public static func keyText(_ key: [SyncValue]) -> String {
        var out = "["
        for (index, value) in key.enumerated() {
            if index > 0 { out += "," }
            append(value, to: &out)
        }
        return out + "]"
    }

    /// A row's or an update's values as a JSON object, columns sorted by
    /// name (so that equal rows have equal texts).
    public static func objectText(_ values: SyncRow) -> String {
        var out = "{"
        for (index, (column, value)) in values.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { out += "," }
            appendString(column, to: &out)
            out += ":"
            append(value, to: &out)
        }
        return out + "}"
    }
}

/// Standard base64 with padding (RFC 4648 §4), without Foundation.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let n = UInt32(bytes[index]) << 16
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
