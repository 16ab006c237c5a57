import CSQLite

extension SchemaText {
    /// A schema statement as `.schema --indent` prints it (the shell's
    /// `MODE_Pretty`): white space collapsed, and a statement of 79 bytes or
    /// more split after the opening parenthesis and after each top-level
    /// comma, one column or constraint per indented line.
    static func indentedStatement(_ sql: [UInt8]) -> [UInt8] {
        if like("CREATE VIEW%", sql) || like("CREATE TRIG%", sql) {
            return sql + Array(";\n".utf8)
        }
        let text = collapsingSpace(sql)
        guard text.count >= 79 else { return statementLine(text) }
        var result: [UInt8] = []
        var chunk: [UInt8] = []
        var awaiting: UInt8 = 0
        var depth = 0
        var lines = 0
        var index = 0
        func at(_ offset: Int) -> UInt8 { offset < text.count ? text[offset] : 0 }
        while index < text.count {
            let byte = text[index]
            if byte == awaiting && awaiting != 0 {
                awaiting = 0
            } else if awaiting != 0 {
                // inside a string, identifier or comment
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") {
                awaiting = byte
            } else if byte == UInt8(ascii: "[") {
                awaiting = UInt8(ascii: "]")
            } else if byte == UInt8(ascii: "-") && at(index + 1) == UInt8(ascii: "-") {
                awaiting = UInt8(ascii: "\n")
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if lines > 0 && depth == 0 && !chunk.isEmpty {
                    result += statementLine(chunk, tail: "\n")
                    chunk = []
                }
            }
            chunk.append(byte)
            if depth == 1 && awaiting == 0
                && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: "\n")
                    || (byte == UInt8(ascii: ",") && !onlySpaceToEndOfLine(text, from: index + 1))) {
                if byte == UInt8(ascii: "\n") { chunk.removeLast() }
                result += statementLine(chunk, tail: "\n  ")
                chunk = []
                lines += 1
                while index + 1 < text.count, SQLiteText.isSpace(text[index + 1]) { index += 1 }
            }
            index += 1
        }
        return result + statementLine(chunk)
    }

    /// Runs of white space become one space (a newline stays a newline),
    /// with no space after `(` nor before `(` and `)`.
    private static func collapsingSpace(_ sql: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for byte in sql.drop(while: SQLiteText.isSpace) {
            if SQLiteText.isSpace(byte) {
                if result.last == UInt8(ascii: "\r") { result[result.count - 1] = UInt8(ascii: "\n") }
                if let last = result.last, SQLiteText.isSpace(last) || last == UInt8(ascii: "(") { continue }
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")"), let last = result.last, SQLiteText.isSpace(last) {
                result.removeLast()
            }
            result.append(byte)
        }
        while let last = result.last, SQLiteText.isSpace(last) { result.removeLast() }
        return result
    }

    private static func onlySpaceToEndOfLine(_ text: [UInt8], from start: Int) -> Bool {
        var index = start
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") { return true }
            if SQLiteText.isSpace(byte) { index += 1; continue }
            return byte == UInt8(ascii: "-") && index + 1 < text.count && text[index + 1] == UInt8(ascii: "-")
        }
        return true
    }

    private static func like(_ pattern: String, _ text: [UInt8]) -> Bool {
        let value = String(decoding: text, as: UTF8.self)
        return sqlite3_strlike(pattern, value, 0) == 0
    }
}
