/// Checks text against the JSON grammar (RFC 8259) as SQLite's `json`
/// functions read it, before Foundation's decoder reads it: Foundation
/// also takes text SQLite refuses (a trailing comma: `[0,]`), and a column
/// Plume reads must be one that `json_extract` can read too.
enum JSONSyntax {
    /// The first problem in the text: its byte offset and what is wrong;
    /// nil for valid JSON.
    static func firstProblem(in bytes: some Collection<UInt8>) -> (offset: Int, reason: String)? {
        var parser = Parser(bytes: Array(bytes))
        do throws(Problem) {
            parser.skipSpace()
            try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.offset == parser.bytes.count else { throw parser.problem("text after the JSON value") }
            return nil
        } catch {
            return (error.offset, error.reason)
        }
    }

    private struct Problem: Error {
        var offset: Int
        var reason: String
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0

        /// SQLite's nesting limit (`JSON_MAX_DEPTH`, 2000), lower.
        static let maximumDepth = 1000

        func problem(_ reason: String) -> Problem { Problem(offset: offset, reason: reason) }

        var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(Problem) {
            guard current == byte else { throw problem("expected \(what)") }
            offset += 1
        }

        mutating func value(depth: Int) throws(Problem) {
            guard depth < Self.maximumDepth else { throw problem("nested more than \(Self.maximumDepth) deep") }
            guard let byte = current else { throw problem("expected a value, found the end") }
            switch byte {
            case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), depth: depth, keyed: true)
            case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), depth: depth, keyed: false)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw problem("expected a value")
            }
        }

        /// An object or an array: members separated by commas, none
        /// after the last.
        mutating func container(close: UInt8, depth: Int, keyed: Bool) throws(Problem) {
            offset += 1
            skipSpace()
            if current == close { offset += 1; return }
            while true {
                if keyed {
                    guard current == UInt8(ascii: "\"") else { throw problem("expected a member name in quotes") }
                    try string()
                    skipSpace()
                    try expect(UInt8(ascii: ":"), "':' after a member name")
                    skipSpace()
                }
                try value(depth: depth + 1)
                skipSpace()
                if current == close { offset += 1; return }
                try expect(UInt8(ascii: ","), keyed ? "',' or '}'" : "',' or ']'")
                skipSpace()
            }
        }

        mutating func literal(_ word: String) throws(Problem) {
            for byte in word.utf8 { try expect(byte, "'\(word)'") }
        }

        /// A string: no control characters, escapes of the grammar only.
        mutating func string() throws(Problem) {
            offset += 1
            while let byte = current {
                offset += 1
                switch byte {
                case UInt8(ascii: "\""): return
                case 0x00..<0x20: offset -= 1; throw problem("a control character in a string")
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { break }
                    offset += 1
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            guard let digit = current, digit.isHexDigit else { throw problem("expected 4 hex digits after \\u") }
                            offset += 1
                        }
                    } else if !Array(#""\/bfnrt"#.utf8).contains(escaped) {
                        offset -= 1
                        throw problem("an unknown escape in a string")
                    }
                default: break
                }
            }
            throw problem("an unterminated string")
        }

        /// A number: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
        mutating func number() throws(Problem) {
            if current == UInt8(ascii: "-") { offset += 1 }
            guard let first = current, first.isDigit else { throw problem("expected a digit") }
            offset += 1
            if first == UInt8(ascii: "0"), let next = current, next.isDigit { throw problem("a number with a leading zero") }
            try digits(required: false)
            if current == UInt8(ascii: ".") {
                offset += 1
                try digits(required: true)
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                offset += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
                try digits(required: true)
            }
        }

        mutating func digits(required: Bool) throws(Problem) {
            let start = offset
            while let byte = current, byte.isDigit { offset += 1 }
            if required && offset == start { throw problem("expected a digit") }
        }
    }
}

private extension UInt8 {
    var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    var isHexDigit: Bool { isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20) }
}
