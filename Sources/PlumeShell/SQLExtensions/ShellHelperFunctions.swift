import CSQLite

/// The SQL functions the `sqlite3` shell defines for its own commands:
/// `shell_putsnl`, `shell_escape_crnl`, `shell_int32`, `shell_idquote` and
/// `usleep`.
enum ShellHelperFunctions {
    /// Where `shell_putsnl` prints: the shell's output, set by the shell.
    nonisolated(unsafe) static var print: ([UInt8]) -> Void = { _ in }

    static func installPuts(on connection: OpaquePointer) {
        SQLFunctionRegistry.scalar(connection, "shell_putsnl", 1) { context, arguments in
            print((SQLValue.cText(arguments[0]) ?? Array("(null)".utf8)) + [UInt8(ascii: "\n")])
            sqlite3_result_value(context, arguments[0])
        }
    }

    static func installOthers(on connection: OpaquePointer) {
        SQLFunctionRegistry.scalar(connection, "shell_escape_crnl", 1, escapeLineBreaks)
        SQLFunctionRegistry.scalar(connection, "shell_int32", 2) { context, arguments in
            let blob = SQLValue.blob(arguments[0]) ?? []
            let index = Int(sqlite3_value_int(arguments[1]))
            guard index >= 0, (index + 1) * 4 <= blob.count else { return }
            let value = blob[(index * 4)..<(index * 4 + 4)].reduce(Int64(0)) { $0 << 8 | Int64($1) }
            sqlite3_result_int64(context, value)
        }
        SQLFunctionRegistry.scalar(connection, "shell_idquote", 1) { context, arguments in
            guard let name = SQLValue.cText(arguments[0]) else { return }
            SQLValue.setText(context, SQLiteText.quoted(name, with: UInt8(ascii: "\"")))
        }
        SQLFunctionRegistry.scalar(connection, "usleep", 1) { context, arguments in
            let microseconds = sqlite3_value_int(arguments[0])
            sqlite3_sleep(microseconds / 1000)
            sqlite3_result_int(context, microseconds)
        }
    }

    /// For the output of `quote()`: a text literal holding newlines or
    /// carriage returns becomes `replace(replace('…\n…','\n', char(10)),
    /// '\r', char(13))` with escapes that do not occur in it; anything
    /// else comes back unchanged.
    private static func escapeLineBreaks(_ context: OpaquePointer, _ arguments: [OpaquePointer?]) {
        guard let text = SQLValue.cText(arguments[0]), text.first == UInt8(ascii: "'"),
              text.contains(UInt8(ascii: "\n")) || text.contains(UInt8(ascii: "\r")) else {
            sqlite3_result_value(context, arguments[0])
            return
        }
        let newline = text.contains(UInt8(ascii: "\n")) ? ValueQuoting.unusedToken(in: text, "\\n", "\\012") : nil
        let carriageReturn = text.contains(UInt8(ascii: "\r")) ? ValueQuoting.unusedToken(in: text, "\\r", "\\015") : nil
        var result = Array((newline != nil && carriageReturn != nil ? "replace(replace(" : "replace(").utf8)
        for byte in text {
            switch byte {
            case UInt8(ascii: "\n"): result += newline ?? []
            case UInt8(ascii: "\r"): result += carriageReturn ?? []
            default: result.append(byte)
            }
        }
        if let newline { result += Array(",'".utf8) + newline + Array("', char(10))".utf8) }
        if let carriageReturn { result += Array(",'".utf8) + carriageReturn + Array("', char(13))".utf8) }
        SQLValue.setText(context, result)
    }
}
