import Foundation
import Persistence

/// Reads the key the change history records for a `WITHOUT ROWID` table:
/// the primary key's values as SQLite's `quote()` writes them, separated by
/// commas (`'a''b',3,X'00ff',1.5,NULL`), a text holding a `NUL` written
/// `CAST(X'610062' AS TEXT)` (`quote()` would cut it at the `NUL`).
enum SQLLiteralList {
    /// The values, or nil when the text is not such a list.
    static func parse(_ text: String) -> [DatabaseValue]? {
        var values: [DatabaseValue] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index <= bytes.count {
            guard index < bytes.count else { return nil }
            let value: DatabaseValue
            switch bytes[index] {
            case UInt8(ascii: "'"):
                var content: [UInt8] = []
                index += 1
                while true {
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "'") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") {
                            content.append(UInt8(ascii: "'"))
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    content.append(bytes[index])
                    index += 1
                }
                value = .text(String(decoding: content, as: UTF8.self))
            case UInt8(ascii: "X"), UInt8(ascii: "x"):
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") else { return nil }
                index += 2
                var hex: [UInt8] = []
                while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
                    hex.append(bytes[index])
                    index += 1
                }
                guard index < bytes.count, let data = Self.bytes(hex: hex) else { return nil }
                index += 1
                value = .blob(data)
            case UInt8(ascii: "C") where bytes[index...].starts(with: Array("CAST(X'".utf8)):
                index += 7
                var hex: [UInt8] = []
                while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
                    hex.append(bytes[index])
                    index += 1
                }
                let suffix = Array("' AS TEXT)".utf8)
                guard bytes[index...].starts(with: suffix), let data = Self.bytes(hex: hex) else { return nil }
                index += suffix.count
                value = .text(String(decoding: data, as: UTF8.self))
            default:
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ",") { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                if word == "NULL" {
                    value = .null
                } else if let integer = Int64(word) {
                    value = .integer(integer)
                } else if let real = Double(word) {
                    value = .real(real)
                } else {
                    return nil
                }
            }
            values.append(value)
            if index == bytes.count { return values }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
        return values
    }

    /// The bytes hexadecimal digits spell, or nil.
    private static func bytes(hex: [UInt8]) -> Data? {
        guard hex.count % 2 == 0 else { return nil }
        var data = Data()
        var position = 0
        while position < hex.count {
            guard let byte = UInt8(String(decoding: hex[position..<position + 2], as: UTF8.self), radix: 16) else { return nil }
            data.append(byte)
            position += 2
        }
        return data
    }
}
