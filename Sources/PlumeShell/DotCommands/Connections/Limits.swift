import CSQLite

/// `.limits`, `.dbconfig` and `.timeout`: the connection's limits and
/// options.
extension Shell {
    static let limitDotCommands: [DotCommand] = [
        DotCommand(name: "dbconfig", minimumLength: 3, usage: ".dbconfig ?op? ?val?",
                   summary: "List or change sqlite3_db_config() options") { $0.databaseConfiguration($1) },
        DotCommand(name: "limits", minimumLength: 5, usage: ".limit ?LIMIT? ?VAL?",
                   summary: "Display or change the value of an SQLITE_LIMIT") { $0.limits($1) },
        DotCommand(name: "timeout", minimumLength: 5, usage: ".timeout MS",
                   summary: "Try opening locked tables for MS milliseconds") {
            $0.setTimeout($1)
        },
    ]

    /// `.timeout MS`: how long a statement waits for a lock (0 without MS).
    private func setTimeout(_ command: DotCommandLine) -> DotCommandResult {
        let milliseconds = command.arguments.count >= 2 ? DotCommandLine.integerValue(command.arguments[1].cString) ?? 0 : 0
        sqlite3_busy_timeout(connection, Int32(truncatingIfNeeded: milliseconds))
        return .succeeded
    }

    private static let limitNames: [(name: String, code: Int32)] = [
        ("length", SQLITE_LIMIT_LENGTH),
        ("sql_length", SQLITE_LIMIT_SQL_LENGTH),
        ("column", SQLITE_LIMIT_COLUMN),
        ("expr_depth", SQLITE_LIMIT_EXPR_DEPTH),
        ("compound_select", SQLITE_LIMIT_COMPOUND_SELECT),
        ("vdbe_op", SQLITE_LIMIT_VDBE_OP),
        ("function_arg", SQLITE_LIMIT_FUNCTION_ARG),
        ("attached", SQLITE_LIMIT_ATTACHED),
        ("like_pattern_length", SQLITE_LIMIT_LIKE_PATTERN_LENGTH),
        ("variable_number", SQLITE_LIMIT_VARIABLE_NUMBER),
        ("trigger_depth", SQLITE_LIMIT_TRIGGER_DEPTH),
        ("worker_threads", SQLITE_LIMIT_WORKER_THREADS),
    ]

    /// `.limit ?LIMIT? ?NEW?`: every limit, or one (any unambiguous
    /// prefix, in any case), set first when NEW is given.
    private func limits(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        func line(_ limit: (name: String, code: Int32)) {
            let name = String(repeating: " ", count: max(0, 20 - limit.name.count)) + limit.name
            output.write("\(name) \(sqlite3_limit(connection, limit.code, -1))\n")
        }
        let count = command.arguments.count
        if count == 1 {
            Shell.limitNames.forEach(line)
            return .succeeded
        }
        guard count <= 3 else {
            printError("Usage: .limit NAME ?NEW-VALUE?")
            return .failed
        }
        let typed = command.bytes(1)
        let matches = Shell.limitNames.filter { SQLiteText.isPrefix(typed, of: $0.name, ignoringCase: true) }
        guard matches.count <= 1 else {
            printError(bytes: Array("ambiguous limit: \"".utf8) + typed + [UInt8(ascii: "\"")])
            return .failed
        }
        guard let limit = matches.first else {
            printError(bytes: Array("unknown limit: \"".utf8) + typed + Array("\"\nenter \".limits\" with no arguments for a list.".utf8))
            return .failed
        }
        if count == 3 {
            sqlite3_limit(connection, limit.code, Int32(truncatingIfNeeded: DotCommandLine.integer(command.bytes(2))))
        }
        line(limit)
        return .succeeded
    }

    private static let databaseOptions: [(name: String, code: Int32)] = [
        ("defensive", SQLITE_DBCONFIG_DEFENSIVE),
        ("dqs_ddl", SQLITE_DBCONFIG_DQS_DDL),
        ("dqs_dml", SQLITE_DBCONFIG_DQS_DML),
        ("enable_fkey", SQLITE_DBCONFIG_ENABLE_FKEY),
        ("enable_qpsg", SQLITE_DBCONFIG_ENABLE_QPSG),
        ("enable_trigger", SQLITE_DBCONFIG_ENABLE_TRIGGER),
        ("enable_view", SQLITE_DBCONFIG_ENABLE_VIEW),
        ("fts3_tokenizer", SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER),
        ("legacy_alter_table", SQLITE_DBCONFIG_LEGACY_ALTER_TABLE),
        ("legacy_file_format", SQLITE_DBCONFIG_LEGACY_FILE_FORMAT),
        ("load_extension", SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION),
        ("no_ckpt_on_close", SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE),
        ("reset_database", SQLITE_DBCONFIG_RESET_DATABASE),
        ("trigger_eqp", SQLITE_DBCONFIG_TRIGGER_EQP),
        ("trusted_schema", SQLITE_DBCONFIG_TRUSTED_SCHEMA),
        ("writable_schema", SQLITE_DBCONFIG_WRITABLE_SCHEMA),
    ]

    /// `.dbconfig ?OP? ?VALUE?`: every `sqlite3_db_config` option, or one
    /// (its exact name), set first when VALUE is given. An unknown name is
    /// reported without failing the command, as in `sqlite3`.
    private func databaseConfiguration(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        let count = command.arguments.count
        for option in Shell.databaseOptions where count == 1 || command.bytes(1) == Array(option.name.utf8) {
            if count >= 3 {
                _ = plume_db_config_int(connection, option.code, DotCommandLine.booleanNumber(command.bytes(2)), nil)
            }
            var value: Int32 = 0
            _ = plume_db_config_int(connection, option.code, -1, &value)
            output.write(String(repeating: " ", count: max(0, 19 - option.name.count)) + option.name + (value != 0 ? " on\n" : " off\n"))
            if count > 1 { return .succeeded }
        }
        if count > 1 {
            printError(bytes: Array("Error: unknown dbconfig \"".utf8) + command.bytes(1) + [UInt8(ascii: "\"")])
            printError("Enter \".dbconfig\" with no arguments for a list")
        }
        return .succeeded
    }
}
