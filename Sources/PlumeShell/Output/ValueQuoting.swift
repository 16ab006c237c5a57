/// The quoting rules of the `sqlite3` shell's output modes, byte for byte.
enum ValueQuoting {
    /// `'text'` with `'` doubled (`quote` mode, headers of `quote` mode).
    static func sqlString(_ text: [UInt8]) -> [UInt8] {
        SQLiteText.literal(text)
    }

    /// A SQL string literal whose newlines and carriage returns are written
    /// as escapes restored by `replace(…, char(10))`, so that each `INSERT`
    /// of `insert` mode and `.dump` stays on one line.
    static func escapedSQLString(_ text: [UInt8]) -> [UInt8] {
        let newlines = text.filter { $0 == UInt8(ascii: "\n") }.count
        let returns = text.filter { $0 == UInt8(ascii: "\r") }.count
        if newlines == 0 && returns == 0 { return sqlString(text) }
        var result: [UInt8] = []
        let newlineToken = newlines > 0 ? unusedToken(in: text, "\\n", "\\012") : []
        let returnToken = returns > 0 ? unusedToken(in: text, "\\r", "\\015") : []
        if newlines > 0 { result += Array("replace(".utf8) }
        if returns > 0 { result += Array("replace(".utf8) }
        result.append(UInt8(ascii: "'"))
        for byte in text {
            switch byte {
            case UInt8(ascii: "'"): result += [UInt8(ascii: "'"), UInt8(ascii: "'")]
            case UInt8(ascii: "\n"): result += newlineToken
            case UInt8(ascii: "\r"): result += returnToken
            default: result.append(byte)
            }
        }
        result.append(UInt8(ascii: "'"))
        if returns > 0 { result += Array(",'".utf8) + returnToken + Array("',char(13))".utf8) }
        if newlines > 0 { result += Array(",'".utf8) + newlineToken + Array("',char(10))".utf8) }
        return result
    }

    /// The shell's `unused_string`: the first of `a`, `b`, `(a0)`, `(a1)`…
    /// that does not occur in `text`.
    static func unusedToken(in text: [UInt8], _ a: String, _ b: String) -> [UInt8] {
        if !SQLiteText.contains(text, Array(a.utf8)) { return Array(a.utf8) }
        if !SQLiteText.contains(text, Array(b.utf8)) { return Array(b.utf8) }
        var index = 0
        while true {
            let candidate = Array("(\(a)\(index))".utf8)
            if !SQLiteText.contains(text, candidate) { return candidate }
            index += 1
        }
    }

    /// Bytes that force a CSV field into quotes (the shell's `needCsvQuote`).
    private static func needsCSVQuote(_ byte: UInt8) -> Bool {
        byte < UInt8(ascii: "!") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte >= 0x7F
    }

    /// One CSV field: bare when it can be, else `"…"` with `"` doubled.
    static func csvField(_ text: [UInt8], separator: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        text.withUnsafeBufferPointer { appendCSVField($0, separator: separator, to: &result) }
        return result
    }

    /// Appends one CSV field: bare when it can be, else `"…"` with `"`
    /// doubled.
    static func appendCSVField(_ text: UnsafeBufferPointer<UInt8>, separator: [UInt8], to sink: inout some ByteSink) {
        if !text.isEmpty && !text.contains(where: needsCSVQuote) && !contains(text, separator) {
            sink.append(bytes: text)
        } else {
            SQLiteText.appendQuoted(text, with: UInt8(ascii: "\""), to: &sink)
        }
    }

    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, text.count >= needle.count else { return needle.isEmpty }
        for start in 0...(text.count - needle.count) where text[start] == first {
            if text[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// A JSON string.
    static func jsonString(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        bytes.withUnsafeBufferPointer { appendJSONString($0, to: &result) }
        return result
    }

    /// Appends a JSON string: runs of bytes that need no escape are
    /// copied whole.
    static func appendJSONString(_ bytes: UnsafeBufferPointer<UInt8>, to sink: inout some ByteSink) {
        sink.append(byte: UInt8(ascii: "\""))
        var runStart = 0
        for (index, byte) in bytes.enumerated() where byte < UInt8(ascii: " ") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") {
            sink.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""): sink.append(byte: UInt8(ascii: "\\")); sink.append(byte: byte)
            case 0x08: sink.append("\\b")
            case 0x0C: sink.append("\\f")
            case UInt8(ascii: "\n"): sink.append("\\n")
            case UInt8(ascii: "\r"): sink.append("\\r")
            case UInt8(ascii: "\t"): sink.append("\\t")
            default:
                let escape = SQLiteText.format("\\u%04x", Int32(byte))
                escape.withUnsafeBufferPointer { sink.append(bytes: $0) }
            }
        }
        sink.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        sink.append(byte: UInt8(ascii: "\""))
    }

    /// Text escaped for HTML.
    static func html(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        text.withUnsafeBufferPointer { appendHTML($0, to: &result) }
        return result
    }

    /// Appends text escaped for HTML.
    static func appendHTML(_ text: UnsafeBufferPointer<UInt8>, to sink: inout some ByteSink) {
        var runStart = 0
        for (index, byte) in text.enumerated() {
            let escape: StaticString
            switch byte {
            case UInt8(ascii: "<"): escape = "&lt;"
            case UInt8(ascii: "&"): escape = "&amp;"
            case UInt8(ascii: ">"): escape = "&gt;"
            case UInt8(ascii: "\""): escape = "&quot;"
            case UInt8(ascii: "'"): escape = "&#39;"
            default: continue
            }
            sink.append(bytes: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            sink.append(escape)
            runStart = index + 1
        }
        sink.append(bytes: UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    /// A C string literal, as `.show` prints separators and the null value.
    static func cString(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text {
            switch byte {
            case UInt8(ascii: "\\"): result += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\""): result += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\t"): result += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\n"): result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): result += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: " ")...UInt8(ascii: "~"): result.append(byte)
            default: result += SQLiteText.format("\\%03o", Int32(byte))
            }
        }
        result.append(UInt8(ascii: "\""))
        return result
    }
}
