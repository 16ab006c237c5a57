/// A malformed protocol body: where (`changes[3].key[0]`) and what is
/// wrong, with the byte offset the reader stopped at.
public struct SyncJSONError: Error, CustomStringConvertible, Sendable {
    /// The path of the value in the body (`changes[3].op`), empty for the
    /// body itself.
    public var path: String
    /// What is wrong.
    public var reason: String
    /// The byte offset where reading stopped.
    public var offset: Int

    /// The path and the reason: `changes[3].op: expected …`.
    public var description: String {
        "\(path.isEmpty ? "the body" : path): \(reason) (at byte \(offset))"
    }

    /// The error with `component` (`.key` or `[3]`) in front of its path.
    func inside(_ component: String) -> SyncJSONError {
        var error = self
        if path.isEmpty {
            error.path = component.hasPrefix(".") ? String(component.dropFirst()) : component
        } else {
            error.path = (component.hasPrefix(".") ? String(component.dropFirst()) : component) + (path.hasPrefix("[") ? path : "." + path)
        }
        return error
    }
}

/// Reads the protocol's JSON bodies straight from their bytes, without
/// Foundation's `JSONDecoder` (Documentation/SyncProtocol.md): the same
/// values, a fraction of the time. Stricter than JSON where the protocol
/// is (an integer has neither fraction nor exponent), and names what is
/// wrong and where.
public struct SyncJSONReader {
    let bytes: [UInt8]
    var index = 0

    /// A reader of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads one whole body with `read`: nothing but whitespace may
    /// follow.
    ///
    /// - Throws: ``SyncJSONError`` for malformed JSON, a shape other than
    ///   the protocol's, or bytes after the value.
    public static func decode<T>(_ bytes: [UInt8], _ read: (inout SyncJSONReader) throws -> T) throws -> T {
        var reader = SyncJSONReader(bytes)
        let value = try read(&reader)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("unexpected bytes after the value") }
        return value
    }

    /// The row (or an update's values) a stored JSON text holds: an
    /// outbox's `vals`, a log's or a current row's `vals`.
    public static func row(_ text: String) throws -> SyncRow {
        try decode(Array(text.utf8)) { try $0.readRow() }
    }

    /// The key a stored JSON text holds (an outbox's `key`).
    public static func key(_ text: String) throws -> [SyncValue] {
        try decode(Array(text.utf8)) { try $0.readKey() }
    }

    // MARK: Protocol shapes

    /// A value: null, an integer, text, `{"real": "…"}` or `{"blob": "…"}`.
    public mutating func readValue() throws -> SyncValue {
        skipWhitespace()
        guard let byte = peek() else { throw error("expected a value, found the end of the body") }
        switch byte {
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        case UInt8(ascii: "\""):
            return .text(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .integer(try readInteger())
        case UInt8(ascii: "{"):
            if let real = readPlainReal() { return .real(real) }
            var tagged: SyncValue?
            let start = index
            try readObject { reader, name in
                guard tagged == nil else { throw reader.error("a tagged value has exactly one of the keys \"real\" and \"blob\"") }
                switch name {
                case "real":
                    let text = try reader.readString()
                    guard let real = SyncValue.real(fromText: text) else {
                        throw reader.error("\"\(text)\" is not a real (a decimal, Infinity or -Infinity)")
                    }
                    tagged = .real(real)
                case "blob":
                    guard let blob = Base64.decode(try reader.readString()) else { throw reader.error("a blob is not valid base64") }
                    tagged = .blob(blob)
                default:
                    throw reader.error("a tagged value has exactly one of the keys \"real\" and \"blob\", not \"\(name)\"")
                }
            }
            guard let tagged else {
                index = start
                throw error("a tagged value has exactly one of the keys \"real\" and \"blob\"")
            }
            return tagged
        default:
            throw error("a value is null, a 64-bit integer, a string, {\"real\": \"…\"} or {\"blob\": \"…\"}")
        }
    }

    /// `{"real":"…"}` written as Plume writes it (no spaces, a plain
    /// decimal, finite), past it; nil, the reader not moved, for anything
    /// else, which the general path reads (and refuses, naming why).
    private mutating func readPlainReal() -> Double? {
        let prefix = Self.plainRealPrefix
        guard index + prefix.count < bytes.count else { return nil }
        for offset in 0..<prefix.count where bytes[index + offset] != prefix[offset] { return nil }
        let start = index + prefix.count
        var end = start
        func digits() -> Bool {
            let first = end
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            return end > first
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") { end += 1 }
        guard digits() else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            guard digits() else { return nil }
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            end += 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
            guard digits() else { return nil }
        }
        guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\""), bytes[end + 1] == UInt8(ascii: "}"),
              let real = SyncValue.real(fromText: String(decoding: bytes[start..<end], as: UTF8.self)) else { return nil }
        index = end + 2
        return real
    }

    private static let plainRealPrefix = Array(#"{"real":""#.utf8)

    /// A key: an array of values.
    public mutating func readKey() throws -> [SyncValue] {
        var key: [SyncValue] = []
        try readArray { reader, _ in key.append(try reader.readValue()) }
        return key
    }

    /// A row or an update's values: an object of values by column.
    public mutating func readRow() throws -> SyncRow {
        var row: SyncRow = [:]
        try readObject { reader, column in row[column] = try reader.readValue() }
        return row
    }

    /// Values or null.
    mutating func readOptionalRow() throws -> SyncRow? {
        try readNull() ? nil : readRow()
    }

    /// An operation: `"insert"`, `"update"` or `"delete"`.
    mutating func readOperation() throws -> SyncOperation {
        let text = try readString()
        guard let operation = SyncOperation(rawValue: text) else {
            throw error("\"\(text)\" is not an operation (insert, update or delete)")
        }
        return operation
    }

    // MARK: JSON

    /// An object, calling `field` for each member with the reader at its
    /// value (which `field` must read).
    mutating func readObject(_ field: (inout SyncJSONReader, String) throws -> Void) throws {
        guard try beginObject() else { return }
        repeat {
            try expectMemberName()
            let name = try readString()
            try readMember(name) { try field(&$0, name) }
        } while try continuesObject()
    }

    /// Past an object's `{`; false when the object is empty (and the
    /// reader past its `}` too).
    mutating func beginObject() throws -> Bool {
        try expect(UInt8(ascii: "{"), "expected an object")
        skipWhitespace()
        guard peek() == UInt8(ascii: "}") else { return true }
        index += 1
        return false
    }

    /// Checks that a member name comes next.
    mutating func expectMemberName() throws {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
    }

    /// Past the `:` after member `name`, then its value, read by `read`;
    /// an error inside names the member.
    mutating func readMember(_ name: String, _ read: (inout SyncJSONReader) throws -> Void) throws {
        try expect(UInt8(ascii: ":"), "expected : after member \"\(name)\"")
        do {
            try read(&self)
        } catch let error as SyncJSONError {
            throw error.inside("." + name)
        }
    }

    /// Past the `,` before another member (true) or the `}` that ends the
    /// object (false).
    mutating func continuesObject() throws -> Bool {
        skipWhitespace()
        guard let byte = peek() else { throw error("expected , or } in an object, found the end of the body") }
        index += 1
        if byte == UInt8(ascii: "}") { return false }
        guard byte == UInt8(ascii: ",") else {
            index -= 1
            throw error("expected , or } in an object")
        }
        return true
    }

    /// An array, calling `element` with the reader at each element (which
    /// `element` must read) and its position.
    mutating func readArray(_ element: (inout SyncJSONReader, Int) throws -> Void) throws {
        try expect(UInt8(ascii: "["), "expected an array")
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        var position = 0
        while true {
            do {
                try element(&self, position)
            } catch let error as SyncJSONError {
                throw error.inside("[\(position)]")
            }
            position += 1
            skipWhitespace()
            guard let byte = peek() else { throw error("expected , or ] in an array, found the end of the body") }
            index += 1
            if byte == UInt8(ascii: "]") { return }
            guard byte == UInt8(ascii: ",") else {
                index -= 1
                throw error("expected , or ] in an array")
            }
        }
    }

    /// True (and past it) when the next value is `null`.
    mutating func readNull() throws -> Bool {
        skipWhitespace()
        guard peek() == UInt8(ascii: "n") else { return false }
        try readLiteral("null")
        return true
    }

    /// A string, its escapes resolved.
    ///
    /// - Throws: ``SyncJSONError`` for anything but a string, an unknown
    ///   escape, an unpaired surrogate, a raw control character or bytes
    ///   that are not UTF-8.
    public mutating func readString() throws -> String {
        skipWhitespace()
        try expect(UInt8(ascii: "\""), "expected a string")
        let start = index
        var ascii = true
        // The common case: no escape.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                if ascii { return String(decoding: bytes[start..<index], as: UTF8.self) }
                guard let text = String(validating: bytes[start..<index], as: UTF8.self) else {
                    index = start
                    throw error("a string is not valid UTF-8")
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("a string holds a raw control character (escape it)") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        guard index < bytes.count else { throw error("a string is not closed") }
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    index = start
                    throw error("a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8)
            case ..<0x20:
                index -= 1
                throw error("a string holds a raw control character (escape it)")
            default:
                utf8.append(byte)
            }
        }
        throw error("a string is not closed")
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws {
        guard index < bytes.count else { throw error("a string is not closed") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a string holds an unpaired surrogate \\u\(String(scalar, radix: 16))")
                }
                index += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a string holds an unpaired surrogate \\u\(String(scalar, radix: 16))") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a string holds an unpaired surrogate \\u\(String(scalar, radix: 16))")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("a string holds an invalid \\u escape") }
            utf8.append(contentsOf: UTF8.encode(unicode)!)
        default:
            index -= 1
            throw error("a string holds an unknown escape \\\(Character(Unicode.Scalar(byte)))")
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape has four hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape has four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A 64-bit signed integer: digits, perhaps a leading `-`, no leading
    /// zero, fraction or exponent.
    public mutating func readInteger() throws -> Int64 {
        skipWhitespace()
        let start = index
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        var digits = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else {
                index = start
                throw error("an integer does not fit in 64 bits")
            }
            magnitude = sum
            digits += 1
            index += 1
        }
        guard digits > 0 else {
            index = start
            throw error("expected an integer")
        }
        guard digits == 1 || bytes[start + (negative ? 1 : 0)] != UInt8(ascii: "0") else {
            index = start
            throw error("an integer has no leading zero")
        }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            index = start
            throw error("an integer has no fraction or exponent (a real is {\"real\": \"…\"})")
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else {
                index = start
                throw error("an integer does not fit in 64 bits")
            }
            return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else {
            index = start
            throw error("an integer does not fit in 64 bits")
        }
        return Int64(magnitude)
    }

    /// Skips any JSON value (a member the protocol does not know).
    mutating func skipValue() throws {
        skipWhitespace()
        guard let byte = peek() else { throw error("expected a value, found the end of the body") }
        switch byte {
        case UInt8(ascii: "{"): try readObject { reader, _ in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader, _ in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"): try readLiteral("true")
        case UInt8(ascii: "f"): try readLiteral("false")
        case UInt8(ascii: "n"): try readLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default: throw error("expected a JSON value")
        }
    }

    private mutating func skipNumber() throws {
        let start = index
        func digits(_ reader: inout SyncJSONReader) -> Int {
            let from = reader.index
            while reader.index < reader.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index]) { reader.index += 1 }
            return reader.index - from
        }
        if peek() == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            index = start
            throw error("malformed number")
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("malformed number") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("malformed number") }
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count,
              literal.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) }) else {
            throw error("expected \(literal)")
        }
        index += count
    }

    // MARK: Bytes

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Past `byte`; `message` (built only on failure: a member's name
    /// would otherwise cost a string per member) says what was expected.
    mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws {
        skipWhitespace()
        guard peek() == byte else {
            throw error(peek() == nil ? "\(message()), found the end of the body" : message())
        }
        index += 1
    }

    func error(_ reason: String) -> SyncJSONError {
        SyncJSONError(path: "", reason: reason, offset: index)
    }
}
