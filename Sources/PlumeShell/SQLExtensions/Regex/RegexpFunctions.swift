import CSQLite

/// `regexp(PATTERN, STRING)` (behind the `REGEXP` operator) and its
/// case-insensitive twin `regexpi`, as `sqlite3`'s regexp extension
/// defines them.
enum RegexpFunctions {
    static func install(on connection: OpaquePointer) {
        let flags = SQLITE_INNOCUOUS | SQLITE_DETERMINISTIC
        SQLFunctionRegistry.scalar(connection, "regexp", 2, flags: flags) { match($0, $1, ignoringCase: false) }
        SQLFunctionRegistry.scalar(connection, "regexpi", 2, flags: flags) { match($0, $1, ignoringCase: true) }
    }

    private static func match(_ context: OpaquePointer, _ arguments: [OpaquePointer?], ignoringCase: Bool) {
        guard let pattern = SQLValue.cText(arguments[0]) else { return }
        let regex: ShellRegex
        do {
            regex = try ShellRegex(pattern, ignoringCase: ignoringCase)
        } catch {
            SQLValue.setError(context, error.message)
            return
        }
        guard let subject = SQLValue.cText(arguments[1]) else { return }
        sqlite3_result_int(context, regex.matches(subject) ? 1 : 0)
    }
}
