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
        // Every byte that needs escaping is ASCII, so the runs between
        // them are whole characters: appended at once, not scalar by scalar.
        let bytes = text.utf8
        var pending = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                if pending != index { out += text[pending..<index] }
                out += escape(byte)
                pending = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if pending == bytes.startIndex {
            out += text
        } else if pending != bytes.endIndex {
            out += text[pending...]
        }
        out += "\""
    }

    /// The escape of an ASCII byte that cannot appear as is in a string.
    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        case UInt8(ascii: "\n"): "\\n"
        case UInt8(ascii: "\r"): "\\r"
        case UInt8(ascii: "\t"): "\\t"
        default: "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
        }
    }

    /// A key's canonical text: the JSON array of its values, as
    /// ``append(_:to:)`` writes them. Two keys are the same row when their
    /// texts are equal.
    public static func keyText(_ key: [SyncValue]) -> String {
        keyText(count: key.count) { key[$0] }
    }

    /// A key's canonical text, as ``keyText(_:)`` writes it, from values
    /// read one by one rather than from an array of them.
    ///
    /// - Parameters:
    ///   - count: The number of values in the key.
    ///   - value: The value at a position of the key, from 0 up.
    public static func keyText(count: Int, _ value: (Int) -> SyncValue) -> String {
        var out = "["
        for index in 0..<count {
            if index > 0 { out += "," }
            append(value(index), to: &out)
        }
        return out + "]"
    }

    /// A row's or an update's values as a JSON object, columns sorted by
    /// name (so that equal rows have equal texts).
    public static func objectText(_ values: SyncRow) -> String {
        var out = "{"
        for (index, (column, value)) in values.sorted(by: { $0.key < $1.key }).enumerated() {
            appendMemberName(column, first: index == 0, to: &out)
            append(value, to: &out)
        }
        return out + "}"
    }

    /// Appends what comes before a member's value inside an object: a
    /// comma unless it is the `first` member, the quoted name, a colon.
    static func appendMemberName(_ name: String, first: Bool, to out: inout String) {
        if !first { out += "," }
        appendString(name, to: &out)
        out += ":"
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

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// The bytes of padded standard base64; nil for anything else (a
    /// length that is not a multiple of 4, a byte outside the alphabet,
    /// padding other than at the end).
    static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            var quad: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                if byte == UInt8(ascii: "="), isLast, offset >= 2 {
                    padding += 1
                    quad <<= 6
                    continue
                }
                let value = values[Int(byte)]
                guard value != 0xFF, padding == 0 else { return nil }
                quad = quad << 6 | UInt32(value)
            }
            out.append(UInt8(quad >> 16 & 0xFF))
            if padding < 2 { out.append(UInt8(quad >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(quad & 0xFF)) }
            index += 4
        }
        return out
    }
}
