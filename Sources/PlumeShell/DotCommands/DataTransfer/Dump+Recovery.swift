import CSQLite

/// How `.dump` goes on through a damaged database, as `sqlite3`'s
/// `run_schema_dump_query` and `run_table_dump_query` do: it prints what it
/// can read, with the errors as SQL comments.
extension Shell {
    /// A statement that failed: its primary result code and message.
    struct DumpQueryFailure: Error {
        var code: Int32
        var message: String
    }

    /// Runs `sql`, calling `body` for each row.
    private func runDumpQuery(_ sql: String, _ body: (OpaquePointer) -> Void) -> DumpQueryFailure? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            let failure = DumpQueryFailure(code: sqlite3_errcode(connection) & 0xFF, message: String(cString: sqlite3_errmsg(connection)))
            sqlite3_finalize(statement)
            return failure
        }
        while sqlite3_step(statement) == SQLITE_ROW { body(statement) }
        let code = sqlite3_finalize(statement) & 0xFF
        return code == SQLITE_OK ? nil : DumpQueryFailure(code: code, message: String(cString: sqlite3_errmsg(connection)))
    }

    /// Dumps the tables the schema query lists. When the schema itself is
    /// damaged, says so and tries again in reverse (where `sqlite3`'s retry
    /// appends an ORDER BY to a query that has one, and fails).
    func dumpSchema(_ query: String, options: DumpOptions, state: inout DumpState) {
        var tables: [(name: [UInt8], type: [UInt8], sql: [UInt8])] = []
        let collect = { (statement: OpaquePointer) in
            tables.append((Shell.columnBytes(statement, 0) ?? [], Shell.columnBytes(statement, 1) ?? [],
                           Shell.columnBytes(statement, 2) ?? []))
        }
        let failure = runDumpQuery(query, collect)
        for table in tables { dumpTable(name: table.name, type: table.type, sql: table.sql, options: options, state: &state) }
        guard let failure, failure.code == SQLITE_CORRUPT else { return }
        output.write("/****** CORRUPTION ERROR *******/\n/****** \(failure.message) ******/\n")
        tables = []
        let retry = runDumpQuery(query + " ORDER BY rowid DESC", collect)
        for table in tables { dumpTable(name: table.name, type: table.type, sql: table.sql, options: options, state: &state) }
        if let retry { output.write("/****** ERROR: \(retry.message) ******/\n") }
    }

    /// Prints the statements (indexes, triggers, views) the query lists,
    /// then its error, if any, as a comment.
    func dumpStatements(_ query: String, state: inout DumpState) {
        let failure = runDumpQuery(query) { statement in
            let sql = storedStatement(Shell.columnBytes(statement, 0) ?? [], of: nil)
            output.write(sql)
            output.write(SQLiteText.contains(sql, Array("--".utf8)) ? "\n;\n" : ";\n")
        }
        guard let failure else { return }
        output.write("/**** ERROR: (\(failure.code)) \(failure.message) *****/\n")
        if failure.code != SQLITE_CORRUPT { state.errors += 1 }
    }

    /// A stored schema statement as `.dump` writes it: without any text
    /// after the statement (``SchemaText/firstStatement(_:)``), which
    /// SQLite ignores but a shell replaying the dump would run; a warning
    /// on standard error says so.
    func storedStatement(_ sql: [UInt8], of name: [UInt8]?) -> [UInt8] {
        let (statement, hadTrailingText) = SchemaText.firstStatement(sql)
        if hadTrailingText {
            let subject = name.map { "of \"" + String(decoding: $0, as: UTF8.self) + "\" " } ?? ""
            printError("-- warning: the stored SQL \(subject)holds text after its statement; .dump leaves it out")
        }
        return statement
    }

    /// Flips `PRAGMA reverse_unordered_selects`.
    func toggleSelectOrder() {
        var setting: Int32 = 0
        _ = runDumpQuery("PRAGMA reverse_unordered_selects") { setting = sqlite3_column_int($0, 0) }
        sqlite3_exec(connection, "PRAGMA reverse_unordered_selects(\(setting == 0 ? 1 : 0))", nil, nil, nil)
    }
}
