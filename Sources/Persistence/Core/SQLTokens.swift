/// The tokens of an SQL text, each with its parenthesis depth: enough to
/// find the top-level clauses of a statement, not to parse expressions.
package struct SQLTokens {
    package struct Token {
        /// The token's characters in the SQL, as UTF-8 offsets.
        package var range: Range<Int>
        package var text: String
        /// The lowercased word, for a bare (unquoted) keyword or name.
        package var word: String?
        /// The name a bare or quoted identifier stands for.
        package var identifier: String?
        package var depth: Int
    }

    /// The SQL's bytes, each comment blanked out (see ``text(from:to:)``).
    private var utf8: [UInt8]
    package private(set) var tokens: [Token] = []

    /// Nil for text SQLite would not tokenize: an unterminated quote or
    /// comment, unbalanced parentheses, or a NUL.
    package init?(_ sql: String) {
        utf8 = Array(sql.utf8)
        // SQLite reads SQL up to a NUL: what follows would not run.
        guard !utf8.contains(0) else { return nil }
        var index = 0, depth = 0
        while index < utf8.count {
            let byte = utf8[index]
            if Self.isSpace(byte) { index += 1; continue }
            if Self.startsComment(utf8, at: index) {
                guard let end = Self.commentEnd(utf8, from: index) else { return nil }
                blank(index..<end)
                index = end
                continue
            }
            guard let end = Self.tokenEnd(utf8, from: index) else { return nil }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            guard depth >= 0 else { return nil }
            tokens.append(makeToken(index..<end, depth: depth))
            if byte == UInt8(ascii: "(") { depth += 1 }
            index = end
        }
        guard depth == 0 else { return nil }
    }

    /// The SQL between two tokens (from the start of `from` to the start of
    /// `to`, or to the end), trailing spaces trimmed.
    ///
    /// Comments come out as spaces, their newlines kept: a part can be
    /// joined to other SQL without a `-- comment` swallowing what follows
    /// (`SELECT a -- note⏎FROM t` gives the columns `a`, not
    /// `a -- note`), and with the same meaning, since SQLite reads a
    /// comment as a space.
    package func text(from start: Int, to end: Int) -> String {
        let lower = tokens[start].range.lowerBound
        let upper = end < tokens.count ? tokens[end].range.lowerBound : utf8.count
        var bytes = Array(utf8[lower..<upper])
        while let last = bytes.last, Self.isSpace(last) { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The SQL of tokens `range`, byte for byte, except that what separates
    /// two tokens (spaces and comments) becomes one space: the text keeps
    /// its meaning wherever it is put, even before a clause that a line
    /// comment would otherwise swallow.
    package func textWithoutComments(_ range: ClosedRange<Int>) -> String {
        var bytes: [UInt8] = []
        for index in range {
            if index > range.lowerBound, tokens[index - 1].range.upperBound < tokens[index].range.lowerBound {
                bytes.append(UInt8(ascii: " "))
            }
            bytes.append(contentsOf: utf8[tokens[index].range])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Replaces a comment by spaces, keeping its line breaks.
    private mutating func blank(_ range: Range<Int>) {
        for index in range where utf8[index] != 0x0A { utf8[index] = 0x20 }
    }

    private func makeToken(_ range: Range<Int>, depth: Int) -> Token {
        let text = String(decoding: utf8[range], as: UTF8.self)
        let first = utf8[range.lowerBound]
        var word: String?, identifier: String?
        if Self.isWordByte(first) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            word = text.lowercased()
            identifier = text
        } else if first == UInt8(ascii: "\"") || first == UInt8(ascii: "`") {
            let quote = Character(UnicodeScalar(first))
            identifier = String(text.dropFirst().dropLast()).replacingEvery(String([quote, quote]), with: String(quote))
        } else if first == UInt8(ascii: "[") {
            identifier = String(text.dropFirst().dropLast())
        }
        return Token(range: range, text: text, word: word, identifier: identifier, depth: depth)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Letters, digits, `_`, `$` and every non-ASCII byte, as SQLite's
    /// tokenizer counts identifier characters.
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func startsComment(_ utf8: [UInt8], at start: Int) -> Bool {
        let byte = utf8[start]
        let next = start + 1 < utf8.count ? utf8[start + 1] : 0
        return (byte == UInt8(ascii: "-") && next == UInt8(ascii: "-")) || (byte == UInt8(ascii: "/") && next == UInt8(ascii: "*"))
    }

    /// Where the token at `start` ends; nil when a quote is not closed.
    private static func tokenEnd(_ utf8: [UInt8], from start: Int) -> Int? {
        let byte = utf8[start]
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
            return quotedEnd(utf8, from: start, quote: byte)
        case UInt8(ascii: "["):
            return utf8[(start + 1)...].firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 }
        default:
            guard isWordByte(byte) else { return start + 1 }
            var end = start + 1
            while end < utf8.count, isWordByte(utf8[end]) { end += 1 }
            return end
        }
    }

    /// The end of a quoted token, where a doubled quote stays inside.
    private static func quotedEnd(_ utf8: [UInt8], from start: Int, quote: UInt8) -> Int? {
        var index = start + 1
        while index < utf8.count {
            if utf8[index] == quote {
                if index + 1 < utf8.count, utf8[index + 1] == quote { index += 2; continue }
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The end of a comment: a line comment ends at the newline (or the
    /// text's end); nil for an unclosed block comment.
    private static func commentEnd(_ utf8: [UInt8], from start: Int) -> Int? {
        if utf8[start] == UInt8(ascii: "-") {
            return utf8[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? utf8.count
        }
        var index = start + 2
        while index + 1 < utf8.count {
            if utf8[index] == UInt8(ascii: "*") && utf8[index + 1] == UInt8(ascii: "/") { return index + 2 }
            index += 1
        }
        return nil
    }
}

extension SQLTokens {
    /// Whether the statement is `VACUUM … INTO …`: it starts with the
    /// keyword `VACUUM` and holds the keyword `INTO` (a bare `into` is
    /// always the keyword; a schema named so must be quoted).
    package var isVacuumInto: Bool {
        tokens.first?.word == "vacuum" && tokens.contains { $0.word == "into" }
    }

    /// Whether the text uses `REPLACE` as a keyword (`INSERT OR REPLACE`,
    /// `REPLACE INTO`, `ON CONFLICT REPLACE`), not as the `replace()`
    /// function, nor inside a string or a quoted name.

    package var usesReplaceKeyword: Bool {
        tokens.indices.contains { index in
            tokens[index].word == "replace" && (index + 1 == tokens.count || tokens[index + 1].text != "(")
        }
    }
}
