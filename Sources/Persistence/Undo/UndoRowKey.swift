import Foundation

/// The key of one recorded row, as the history stores it, kept as SQLite
/// holds it: a rowid, or the bytes of a `WITHOUT ROWID` key's text (SQL
/// literals joined by commas, as ``sqlLiteralExpression(_:)`` writes them)
/// so that text that
/// is not valid UTF-8 is never repaired on its way through Swift.
struct UndoRowKey: Hashable {
    let table: String
    let rowID: Int64?
    let bytes: Data

    /// The key as ``ChangeHistoryEntry/key`` shows it (text repaired).
    var value: DatabaseValue {
        if let rowID { return .integer(rowID) }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// The literal values of a `WITHOUT ROWID` key, one per key column, to
    /// bind as `?` (texts as blobs, cast back to text in the SQL so that
    /// their bytes are kept), or nil when the text is not made of
    /// `quote()` literals.
    func literals(count: Int) -> [KeyLiteral]? {
        guard rowID == nil else { return nil }
        var literals: [KeyLiteral] = []
        var index = bytes.startIndex
        let quote = UInt8(ascii: "'"), comma = UInt8(ascii: ",")
        while index < bytes.endIndex {
            if bytes[index] == quote {
                var text = Data()
                index += 1
                while true {
                    guard index < bytes.endIndex else { return nil }
                    if bytes[index] == quote {
                        if index + 1 < bytes.endIndex, bytes[index + 1] == quote {
                            text.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    text.append(bytes[index])
                    index += 1
                }
                literals.append(.text(text))
            } else {
                let end = bytes[index...].firstIndex(of: comma) ?? bytes.endIndex
                let token = String(decoding: bytes[index..<end], as: UTF8.self)
                guard let literal = KeyLiteral(token: token) else { return nil }
                literals.append(literal)
                index = end
            }
            if index < bytes.endIndex {
                guard bytes[index] == comma else { return nil }
                index += 1
                guard index < bytes.endIndex else { return nil }
            }
        }
        return literals.count == count ? literals : nil
    }
}

/// One value of a `WITHOUT ROWID` key, read back from `quote()`'s output.
enum KeyLiteral {
    case integer(Int64)
    case real(Double)
    case text(Data)
    case blob(Data)

    /// A number, a blob literal (`X'…'`) or a text holding a `NUL`
    /// (`CAST(X'…' AS TEXT)`); nil otherwise (`NULL` is never part of a
    /// primary key of a `WITHOUT ROWID` table).
    init?(token: String) {
        if let integer = Int64(token) {
            self = .integer(integer)
        } else if token.hasPrefix("X'") || token.hasPrefix("x'"), token.hasSuffix("'"), token.count >= 3 {
            guard let data = Self.bytes(hex: token.utf8.dropFirst(2).dropLast()) else { return nil }
            self = .blob(data)
        } else if token.hasPrefix("CAST(X'"), token.hasSuffix("' AS TEXT)") {
            guard let data = Self.bytes(hex: token.utf8.dropFirst(7).dropLast(10)) else { return nil }
            self = .text(data)
        } else if let real = Double(token), token.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            self = .real(real)
        } else {
            return nil
        }
    }

    private static func bytes(hex: Substring.UTF8View) -> Data? {
        let hex = Array(hex)
        guard hex.count.isMultiple(of: 2) else { return nil }
        var data = Data()
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            data.append(byte)
        }
        return data
    }

    /// The SQL that stands for the value: a parameter, or the literal of
    /// an empty text or blob (an empty blob binds as `NULL`).
    var placeholder: String {
        switch self {
        case .text(let bytes): bytes.isEmpty ? "''" : "CAST(? AS TEXT)"
        case .blob(let bytes): bytes.isEmpty ? "X''" : "?"
        case .integer, .real: "?"
        }
    }

    /// The value to bind, if the placeholder is a parameter.
    var argument: DatabaseValue? {
        switch self {
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let bytes), .blob(let bytes): bytes.isEmpty ? nil : .blob(bytes)
        }
    }
}
