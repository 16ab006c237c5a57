import CSQLite

/// `.schema`, `.tables`, `.indexes` and `.databases`: what the database
/// holds.
extension Shell {
    static let schemaDotCommands: [DotCommand] = [
        DotCommand(name: "databases", minimumLength: 2, usage: ".databases",
                   summary: "List names and files of attached databases") {
            $0.listDatabases($1)
        },
        DotCommand(name: "indexes", minimumLength: 2, usage: ".indexes ?TABLE?", summary: "Show names of indexes",
                   details: Shell.indexesHelp) {
            $0.listSchemaNames($1, indexes: true)
        },
        DotCommand(name: "indices", minimumLength: 4, usage: ".indices ?TABLE?", summary: "Same as .indexes", isListed: false) {
            $0.listSchemaNames($1, indexes: true)
        },
        DotCommand(name: "schema", minimumLength: 2, usage: ".schema ?PATTERN?",
                   summary: "Show the CREATE statements matching PATTERN", details: Shell.schemaHelp) {
            $0.schema($1)
        },
        DotCommand(name: "tables", minimumLength: 2, usage: ".tables ?TABLE?",
                   summary: "List names of tables matching LIKE pattern TABLE") {
            $0.listSchemaNames($1, indexes: false)
        },
    ]

    /// `.help indexes`.
    static let indexesHelp = """
                               If TABLE is specified, only show indexes for
                               tables matching TABLE using the LIKE operator.

    """

    /// `.help schema`.
    static let schemaHelp = """
           Options:
              --indent             Try to pretty-print the schema
              --nosys              Omit objects whose names start with "sqlite_"

        """

    /// `.databases`: `NAME: FILE r/o|r/w` and the open transaction, for
    /// each attached database.
    private func listDatabases(_ command: DotCommandLine) -> DotCommandResult {
        var databases: [(name: [UInt8], file: [UInt8])] = []
        if let error = forEachRow("PRAGMA database_list", { row in
            guard let name = Shell.columnBytes(row, 1), let file = Shell.columnBytes(row, 2) else { return }
            databases.append((name, file))
        }) {
            printError("Error: \(error)")
            return .failed
        }
        for database in databases {
            let name = database.name.cPath
            let state = sqlite3_txn_state(connection, name)
            let readOnly = sqlite3_db_readonly(connection, name) == 1
            output.write(database.name + Array(": ".utf8) + (database.file.isEmpty ? Array("\"\"".utf8) : database.file))
            output.write(readOnly ? " r/o" : " r/w")
            output.write(state == SQLITE_TXN_NONE ? "" : state == SQLITE_TXN_READ ? " read-txn" : " write-txn")
            output.write("\n")
        }
        return .succeeded
    }

    /// Prepares SQL and steps it, calling `body` for each row; returns
    /// SQLite's error message when it fails.
    @discardableResult
    func forEachRow(_ sql: String, bind: [UInt8]? = nil, _ body: (OpaquePointer) -> Void) -> String? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_finalize(statement)
            return message
        }
        if let bind {
            bind.withUnsafeBufferPointer { buffer in
                let base = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
                _ = sqlite3_bind_text(statement, 1, base, Int32(buffer.count), plume_sqlite_transient())
            }
        }
        while sqlite3_step(statement) == SQLITE_ROW { body(statement) }
        return sqlite3_finalize(statement) == SQLITE_OK ? nil : String(cString: sqlite3_errmsg(connection))
    }

    /// Column `index` of the current row as bytes (nil for NULL).
    static func columnBytes(_ statement: OpaquePointer, _ index: Int32) -> [UInt8]? {
        guard let pointer = sqlite3_column_text(statement, index) else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index))))
    }

    /// The attached schemas (`main`, `temp`, …), read with the query
    /// `sqlite3` uses (`.trace` shows it): `.schema` selects from
    /// `pragma_database_list`, others run the pragma.
    ///
    /// - Returns: The names, or nil after printing sqlite3's error when the
    ///   list cannot be read (a file that is not a database).
    private func schemaNames(selectingFromPragma: Bool = false) -> [[UInt8]]? {
        var names: [[UInt8]] = []
        let query = selectingFromPragma ? "SELECT name FROM pragma_database_list" : "PRAGMA database_list"
        if let error = forEachRow(query, { statement in
            if let name = Shell.columnBytes(statement, selectingFromPragma ? 0 : 1) { names.append(name) }
        }) {
            printError("Error: \(error)")
            return nil
        }
        return names
    }

    /// `.tables ?PATTERN?` and `.indexes ?TABLE?`: names in columns across
    /// an 80-column screen.
    private func listSchemaNames(_ command: DotCommandLine, indexes: Bool) -> DotCommandResult {
        if indexes && command.arguments.count > 2 {
            printError("Usage: .indexes ?LIKE-PATTERN?")
            return .failed
        }
        var parts: [String] = []
        guard let schemas = schemaNames() else { return .failed }
        for schema in schemas {
            let name = String(decoding: schema, as: UTF8.self)
            var part = name.lowercased() == "main" ? "SELECT name FROM "
                : "SELECT " + String(decoding: SQLiteText.literal(schema), as: UTF8.self) + "||'.'||name FROM "
            part += String(decoding: SQLiteText.quoted(schema, with: UInt8(ascii: "\"")), as: UTF8.self) + ".sqlite_schema "
            part += indexes ? " WHERE type='index'   AND tbl_name LIKE ?1"
                : " WHERE type IN ('table','view')   AND name NOT LIKE 'sqlite_%'   AND name LIKE ?1"
            parts.append(part)
        }
        var names: [[UInt8]] = []
        let pattern = command.arguments.count > 1 ? command.arguments[1] : Array("%".utf8)
        if let error = forEachRow(parts.joined(separator: " UNION ALL ") + " ORDER BY 1", bind: pattern, { statement in
            names.append(Shell.columnBytes(statement, 0) ?? [])
        }) {
            printError("Error: \(error)")
            return .failed
        }
        guard !names.isEmpty else { return .succeeded }
        let width = names.map(\.count).max()!
        let columns = max(1, 80 / (width + 2))
        let rows = (names.count + columns - 1) / columns
        for row in 0..<rows {
            for index in stride(from: row, to: names.count, by: rows) {
                if index >= rows { output.write("  ") }
                output.write(names[index])
                output.write(repeating: UInt8(ascii: " "), count: width - names[index].count)
            }
            output.write("\n")
        }
        return .succeeded
    }

    /// `.schema ?--indent? ?--nosys? ?PATTERN?`
    func schema(_ command: DotCommandLine) -> DotCommandResult {
        var pattern: [UInt8]?
        var noSystemTables = false
        var indent = false
        for index in 1..<command.arguments.count {
            let argument = command.string(index)
            if argument == "--nosys" || argument == "-nosys" {
                noSystemTables = true
            } else if argument == "--indent" || argument == "-indent" {
                indent = true
            } else if argument.hasPrefix("-") {
                printError("Unknown option: \"\(argument)\"")
                return .failed
            } else if pattern == nil {
                pattern = command.arguments[index]
            } else {
                printError("Usage: .schema ?--indent? ?--nosys? ?LIKE-PATTERN?")
                return .failed
            }
        }
        if let pattern {
            let name = String(decoding: pattern, as: UTF8.self).lowercased()
            if ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"].contains(name) {
                let sql = Array("CREATE TABLE ".utf8) + pattern
                    + Array(" (\n  type text,\n  name text,\n  tbl_name text,\n  rootpage integer,\n  sql text\n)".utf8)
                output.write(indent ? SchemaText.indentedStatement(sql) : SchemaText.statementLine(sql))
            }
        }
        guard let select = schemaQuery(pattern: pattern, noSystemTables: noSystemTables) else { return .failed }
        if let error = forEachRow(select, { statement in
            if let sql = Shell.columnBytes(statement, 0) {
                output.write(indent ? SchemaText.indentedStatement(sql) : SchemaText.statementLine(sql))
            }
        }) {
            printError("Error: \(error)")
            return .failed
        }
        return .succeeded
    }

    /// The query of `.schema`: the `CREATE` statements of every attached
    /// database (and, with a pattern, of the virtual-table modules) whose
    /// table matches the pattern (GLOB when it has a wildcard, else LIKE),
    /// in schema order; nil when the schemas cannot be listed.
    private func schemaQuery(pattern: [UInt8]?, noSystemTables: Bool) -> String? {
        var select = "SELECT sql FROM"
        var divider = "("
        guard let schemas = schemaNames(selectingFromPragma: true) else { return nil }
        for (number, schema) in schemas.enumerated() {
            let isMain = String(decoding: schema, as: UTF8.self).lowercased() == "main"
            select += divider + "SELECT shell_add_schema(sql,"
            select += isMain ? "NULL" : String(decoding: SQLiteText.literal(schema), as: UTF8.self)
            select += ",name) AS sql, type, tbl_name, name, rowid,\(number + 1) AS snum, "
            select += String(decoding: SQLiteText.literal(schema), as: UTF8.self) + " AS sname FROM "
            select += String(decoding: SQLiteText.identifier(schema), as: UTF8.self) + ".sqlite_schema"
            divider = " UNION ALL "
        }
        if pattern != nil {
            select += " UNION ALL SELECT shell_module_schema(name), 'table', name, name, name, 9e+99, 'main' FROM pragma_module_list"
        }
        select += ") WHERE "
        if let pattern {
            let isGlob = pattern.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }
            select += pattern.contains(UInt8(ascii: ".")) ? "lower(printf('%s.%s',sname,tbl_name))" : "lower(tbl_name)"
            select += isGlob ? " GLOB " : " LIKE "
            select += String(decoding: SQLiteText.literal(pattern), as: UTF8.self)
            if !isGlob { select += " ESCAPE '\\' " }
            select += " AND "
        }
        if noSystemTables { select += "name NOT LIKE 'sqlite_%' AND " }
        select += "sql IS NOT NULL ORDER BY snum, rowid"
        return select
    }
}
