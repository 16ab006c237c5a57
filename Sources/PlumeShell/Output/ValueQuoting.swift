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
        let newlines = text.filter { $0 == 0x0A }.count
        let returns = text.filter { $0 == 0x0D }.count
        if newlines == 0 && returns == 0 { return sqlString(text) }
        var result: [UInt8] = []
        let newlineToken = newlines > 0 ? unusedToken(in: text, "\\n", "\\012") : []
        let returnToken = returns > 0 ? unusedToken(in: text, "\\r", "\\015") : []
        if newlines > 0 { result += Array("replace(".utf8) }
        if returns > 0 { result += Array("replace(".utf8) }
        result.append(0x27)
        for byte in text {
            switch byte {
            case 0x27: result += [0x27, 0x27]
            case 0x0A: result += newlineToken
            case 0x0D: result += returnToken
            default: result.append(byte)
            }
        }
        result.append(0x27)
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
        byte < 0x21 || byte == 0x22 || byte == 0x27 || byte >= 0x7F
    }

    /// One CSV field: bare when it can be, else `"…"` with `"` doubled.
    static func csvField(_ text: [UInt8], separator: [UInt8]) -> [UInt8] {
        if !text.isEmpty && !text.contains(where: needsCSVQuote) && !SQLiteText.contains(text, separator) {
            return text
        }
        return SQLiteText.quoted(text, with: 0x22)
    }

    /// A JSON string.
    static func jsonString(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [0x22]
        for byte in bytes {
            switch byte {
            case 0x5C, 0x22: result += [0x5C, byte]
            case 0x08: result += [0x5C, 0x62]
            case 0x0C: result += [0x5C, 0x66]
            case 0x0A: result += [0x5C, 0x6E]
            case 0x0D: result += [0x5C, 0x72]
            case 0x09: result += [0x5C, 0x74]
            case 0..<0x20: result += SQLiteText.format("\\u%04x", Int32(byte))
            default: result.append(byte)
            }
        }
        result.append(0x22)
        return result
    }

    /// Text escaped for HTML.
    static func html(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for byte in text {
            switch byte {
            case 0x3C: result += Array("&lt;".utf8)
            case 0x26: result += Array("&amp;".utf8)
            case 0x3E: result += Array("&gt;".utf8)
            case 0x22: result += Array("&quot;".utf8)
            case 0x27: result += Array("&#39;".utf8)
            default: result.append(byte)
            }
        }
        return result
    }

    /// A C string literal, as `.show` prints separators and the null value.
    static func cString(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [0x22]
        for byte in text {
            switch byte {
            case 0x5C: result += [0x5C, 0x5C]
            case 0x22: result += [0x5C, 0x22]
            case 0x09: result += [0x5C, 0x74]
            case 0x0A: result += [0x5C, 0x6E]
            case 0x0D: result += [0x5C, 0x72]
            case 0x20...0x7E: result.append(byte)
            default: result += SQLiteText.format("\\%03o", Int32(byte))
            }
        }
        result.append(0x22)
        return result
    }
}
