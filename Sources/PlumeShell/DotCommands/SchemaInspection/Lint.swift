import CSQLite
import PlumeTerminal

extension Shell {
    /// `.lint`.
    static let lintDotCommands: [DotCommand] = [
        DotCommand(name: "lint", minimumLength: 3, usage: ".lint OPTIONS", summary: "Report potential schema issues.",
                   details: Shell.lintHelp) { $0.lint($1) },
    ]

    /// `.help lint`.
    static let lintHelp = """
         Options:
            fkey-indexes     Find missing foreign key indexes

    """

    /// `.lint fkey-indexes ?-verbose? ?-groupbyparent?`: the foreign keys
    /// no index serves, with the `CREATE INDEX` that would. As in
    /// `sqlite3`, `.lint` never fails the command.
    private func lint(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        let subcommand = command.arguments.count >= 2 ? command.bytes(1) : []
        guard !subcommand.isEmpty, SQLiteText.isPrefix(subcommand, of: "fkey-indexes", ignoringCase: true) else {
            printError(bytes: Array("Usage ".utf8) + command.bytes(0) + Array(" sub-command ?switches...?".utf8))
            printError("Where sub-commands are:")
            printError("    fkey-indexes")
            return .succeeded
        }
        var verbose = false, groupByParent = false
        for index in 2..<max(2, command.arguments.count) {
            let option = command.bytes(index)
            if option.count > 1, SQLiteText.isPrefix(option, of: "-verbose", ignoringCase: true) {
                verbose = true
            } else if option.count > 1, SQLiteText.isPrefix(option, of: "-groupbyparent", ignoringCase: true) {
                groupByParent = true
            } else {
                printError(bytes: Array("Usage: ".utf8) + command.bytes(0) + [UInt8(ascii: " ")] + command.bytes(1)
                           + Array(" ?-verbose? ?-groupbyparent?".utf8))
                return .succeeded
            }
        }
        lintForeignKeyIndexes(connection, verbose: verbose, groupByParent: groupByParent)
        return .succeeded
    }

    private func lintForeignKeyIndexes(_ connection: OpaquePointer, verbose: Bool, groupByParent: Bool) {
        sqlite3_create_function_v2(connection, "fkey_collate_clause", 4, SQLITE_UTF8, nil, { context, _, values in
            Shell.foreignKeyCollateClause(context, values)
        }, nil, nil, nil)
        let query = RawStatement(connection, Shell.foreignKeyLintSQL)
        guard query.prepareCode == SQLITE_OK else {
            printError(bytes: Shell.errorMessage(connection))
            return
        }
        query.bind(1, groupByParent ? 1 : 0)
        let indent = groupByParent ? "    " : ""
        var previousParent: [UInt8]?
        var code = SQLITE_OK
        while query.step() {
            guard let plan = query.string(0), let glob = query.text(1) else { continue }
            let null = Array("(null)".utf8)
            let child = query.text(2) ?? null, target = query.text(3) ?? null, create = query.text(4) ?? null
            let parent = query.text(5) ?? null
            let explain = RawStatement(connection, plan)
            code = explain.prepareCode
            if code != SQLITE_OK { break }
            var indexed: Bool?
            if explain.step() {
                let detail = explain.string(3)
                indexed = detail.map { Shell.matches(glob: glob, $0) || Shell.matches(glob: Array(Shell.integerKeyGlob.utf8), $0) } ?? false
            }
            code = explain.finalize()
            if code != SQLITE_OK { break }
            guard let indexed else {
                output.flush()
                StandardStreams.writeError("Error: internal error")
                break
            }
            if groupByParent && (verbose || !indexed)
                && (previousParent.map { sqlite3_stricmp(String(decoding: parent, as: UTF8.self), String(decoding: $0, as: UTF8.self)) != 0 } ?? true) {
                output.write(Array("-- Parent table ".utf8) + parent + [UInt8(ascii: "\n")])
                previousParent = parent
            }
            if !indexed {
                output.write(Array(indent.utf8) + create + Array(" --> ".utf8) + target + [UInt8(ascii: "\n")])
            } else if verbose {
                output.write(Array((indent + "/* no extra indexes required for ").utf8) + child + Array(" -> ".utf8) + target
                             + Array(" */\n".utf8))
            }
        }
        if code != SQLITE_OK { printError(bytes: Shell.errorMessage(connection)) }
        if query.finalize() != SQLITE_OK && code == SQLITE_OK { printError(bytes: Shell.errorMessage(connection)) }
    }

    /// `fkey_collate_clause(parent, parent-column, child, child-column)`:
    /// ` COLLATE X` when the parent column's collation differs from the
    /// child column's, else an empty string.
    private static func foreignKeyCollateClause(_ context: OpaquePointer?, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let context, let values else { return }
        let connection = sqlite3_context_db_handle(context)
        sqlite3_result_text(context, "", -1, plume_sqlite_transient())
        var parentCollation: UnsafePointer<CChar>?, childCollation: UnsafePointer<CChar>?
        func text(_ index: Int) -> UnsafePointer<CChar>? {
            sqlite3_value_text(values[index]).map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
        }
        var code = sqlite3_table_column_metadata(connection, "main", text(0), text(1), nil, &parentCollation, nil, nil, nil)
        if code == SQLITE_OK {
            code = sqlite3_table_column_metadata(connection, "main", text(2), text(3), nil, &childCollation, nil, nil, nil)
        }
        if code == SQLITE_OK, sqlite3_stricmp(parentCollation, childCollation) != 0, let parentCollation {
            sqlite3_result_text(context, " COLLATE " + String(cString: parentCollation), -1, plume_sqlite_transient())
        }
    }

    private static let integerKeyGlob = "SEARCH * USING INTEGER PRIMARY KEY (rowid=?)"

    /// One row per foreign key of the main database: the query a foreign
    /// key check runs, the plan an index would give it, the child and
    /// parent columns, the `CREATE INDEX` that would help, the parent.
    private static let foreignKeyLintSQL = """
        SELECT      'EXPLAIN QUERY PLAN SELECT 1 FROM ' || quote(s.name) || ' WHERE '  || group_concat(quote(s.name) || '.' \
        || quote(f.[from]) || '=?'   || fkey_collate_clause(       f.[table], COALESCE(f.[to], p.[name]), s.name, f.[from]),' AND '), \
             'SEARCH ' || s.name || ' USING COVERING INDEX*('  || group_concat('*=?', ' AND ') || ')',      s.name  || '(' \
        || group_concat(f.[from],  ', ') || ')',      f.[table] || '(' || group_concat(COALESCE(f.[to], p.[name])) || ')', \
             'CREATE INDEX ' || quote(s.name ||'_'|| group_concat(f.[from], '_'))  || ' ON ' || quote(s.name) || '('  \
        || group_concat(quote(f.[from]) ||        fkey_collate_clause(          f.[table], COALESCE(f.[to], p.[name]), \
        s.name, f.[from]), ', ')  || ');',      f.[table] FROM sqlite_schema AS s, pragma_foreign_key_list(s.name) AS f \
        LEFT JOIN pragma_table_info AS p ON (pk-1=seq AND p.arg=f.[table]) GROUP BY s.name, f.id \
        ORDER BY (CASE WHEN ? THEN f.[table] ELSE s.name END)
        """
}
