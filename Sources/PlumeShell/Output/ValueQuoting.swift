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
        if !text.isEmpty && !text.contains(where: needsCSVQuote) && !SQLiteText.contains(text, separator) {
            return text
        }
        return SQLiteText.quoted(text, with: UInt8(ascii: "\""))
    }

    /// A JSON string.
    static func jsonString(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""): result += [UInt8(ascii: "\\"), byte]
            case 0x08: result += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: result += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case UInt8(ascii: "\n"): result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): result += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): result += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<UInt8(ascii: " "): result += SQLiteText.format("\\u%04x", Int32(byte))
            default: result.append(byte)
            }
        }
        result.append(UInt8(ascii: "\""))
        return result
    }

    /// Text escaped for HTML.
    static func html(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for byte in text {
            switch byte {
            case UInt8(ascii: "<"): result += Array("&lt;".utf8)
            case UInt8(ascii: "&"): result += Array("&amp;".utf8)
            case UInt8(ascii: ">"): result += Array("&gt;".utf8)
            case UInt8(ascii: "\""): result += Array("&quot;".utf8)
            case UInt8(ascii: "'"): result += Array("&#39;".utf8)
            default: result.append(byte)
            }
        }
        return result
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
