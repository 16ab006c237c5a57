import CSQLite

/// How the shell prints schema SQL (`.schema`, `.dump`).
enum SchemaText {
    /// One schema statement followed by `;` and a newline, as the shell's
    /// `printSchemaLine`: a trailing comment is closed first so that the `;`
    /// ends the statement, and `CREATE TABLE "x"` becomes
    /// `CREATE TABLE IF NOT EXISTS "x"`.
    static func statementLine(_ sql: [UInt8], tail: String = ";\n") -> [UInt8] {
        var text = sql
        if tail.hasPrefix(";"), SQLiteText.contains(text, Array("/*".utf8)) || SQLiteText.contains(text, Array("--".utf8)) {
            for terminator in ["", "*/", "\n"] {
                let candidate = text + Array(terminator.utf8) + [UInt8(ascii: ";")]
                if isComplete(candidate) {
                    text = Array(candidate.dropLast())
                    break
                }
            }
        }
        let prefix = Array("CREATE TABLE ".utf8)
        if text.count > prefix.count, text.starts(with: prefix), [UInt8(ascii: "'"), UInt8(ascii: "\"")].contains(text[prefix.count]) {
            return Array("CREATE TABLE IF NOT EXISTS ".utf8) + text[prefix.count...] + Array(tail.utf8)
        }
        return text + Array(tail.utf8)
    }

    /// A stored schema statement (`sqlite_schema.sql`) up to the end of its
    /// statement, and whether text followed it.
    ///
    /// SQLite compiles only the first statement of that text and ignores
    /// the rest, so a file written with `PRAGMA writable_schema` can carry
    /// anything after it: a `.shell` line that a `.dump` replayed by a
    /// shell would run. The statement ends at the first `;` where
    /// `sqlite3_complete` says the text is complete (a trigger's `;`s inside
    /// `BEGIN … END` do not end it); only white space may follow.
    ///
    /// - Complexity: O(n·k) for n bytes and k semicolons.
    static func firstStatement(_ sql: [UInt8]) -> (statement: [UInt8], hadTrailingText: Bool) {
        var index = 0
        while let semicolon = sql[index...].firstIndex(of: UInt8(ascii: ";")) {
            if isComplete(Array(sql[...semicolon])) {
                let rest = sql[(semicolon + 1)...]
                if rest.allSatisfy(SQLiteText.isSpace) { return (sql, false) }
                return (Array(sql[..<semicolon]), true)
            }
            index = semicolon + 1
        }
        return (sql, false)
    }

    /// `sqlite3_complete` on bytes.
    static func isComplete(_ sql: [UInt8]) -> Bool {
        var terminated = sql
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { sqlite3_complete($0) != 0 }
        }
    }
}
