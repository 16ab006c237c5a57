import CSQLite

extension Shell {
    /// `.parameter`.
    static let parameterDotCommands: [DotCommand] = [
        DotCommand(name: "parameter", minimumLength: 3, usage: ".parameter CMD ...",
                   summary: "Manage SQL parameter bindings", details: """
                      clear                   Erase all bindings
                      init                    Initialize the TEMP table that holds bindings
                      list                    List the current parameter bindings
                      set PARAMETER VALUE     Given SQL parameter PARAMETER a value of VALUE
                                              PARAMETER should start with one of: $ : @ ?
                      unset PARAMETER         Remove PARAMETER from the binding table

                   """) {
            $0.parameter($1)
        },
    ]

    /// `.parameter clear|init|list|set NAME VALUE|unset NAME`; anything
    /// else prints the help (and succeeds, as in `sqlite3`).
    private func parameter(_ command: DotCommandLine) -> DotCommandResult {
        _ = connection // opens the database
        let arguments = command.arguments.map(\.cString)
        let action = arguments.count > 1 ? String(decoding: arguments[1], as: UTF8.self) : ""
        switch (arguments.count, action) {
        case (2, "clear"):
            sqlite3_exec(connection, "DROP TABLE IF EXISTS temp.sqlite_parameters;", nil, nil, nil)
        case (2, "list"):
            listParameters()
        case (2, "init"):
            createParameterTable()
        case (4, "set"):
            return setParameter(arguments[2], arguments[3])
        case (3, "unset"):
            let sql = Array("DELETE FROM temp.sqlite_parameters WHERE key=".utf8) + SQLiteText.literal(arguments[2])
            sqlite3_exec(connection, sql.cPath, nil, nil, nil)
        default:
            showHelp(Array("parameter".utf8))
        }
        return .succeeded
    }

    /// Creates `temp.sqlite_parameters` unless it exists (a name SQLite
    /// reserves, so with the schema writable for the moment).
    private func createParameterTable() {
        var defensive: Int32 = 0, writableSchema: Int32 = 0
        _ = plume_db_config_int(connection, SQLITE_DBCONFIG_DEFENSIVE, -1, &defensive)
        _ = plume_db_config_int(connection, SQLITE_DBCONFIG_DEFENSIVE, 0, nil)
        _ = plume_db_config_int(connection, SQLITE_DBCONFIG_WRITABLE_SCHEMA, -1, &writableSchema)
        _ = plume_db_config_int(connection, SQLITE_DBCONFIG_WRITABLE_SCHEMA, 1, nil)
        sqlite3_exec(connection, """
            CREATE TABLE IF NOT EXISTS temp.sqlite_parameters(
              key TEXT PRIMARY KEY,
              value
            ) WITHOUT ROWID;
            """, nil, nil, nil)
        _ = plume_db_config_int(connection, SQLITE_DBCONFIG_WRITABLE_SCHEMA, writableSchema, nil)
        _ = plume_db_config_int(connection, SQLITE_DBCONFIG_DEFENSIVE, defensive, nil)
    }

    /// `.parameter set NAME VALUE`: VALUE as an SQL expression, or as text
    /// when it is not one.
    private func setParameter(_ key: [UInt8], _ value: [UInt8]) -> DotCommandResult {
        createParameterTable()
        let insert = Array("REPLACE INTO temp.sqlite_parameters(key,value)VALUES(".utf8) + SQLiteText.literal(key) + [UInt8(ascii: ",")]
        var statement: OpaquePointer?
        var result = DotCommandResult.succeeded
        if prepare(insert + value.cString + Array(");".utf8), &statement) != SQLITE_OK {
            sqlite3_finalize(statement)
            statement = nil
            if prepare(insert + SQLiteText.literal(value) + Array(");".utf8), &statement) != SQLITE_OK {
                output.write(Array("Error: ".utf8) + errorMessage + [UInt8(ascii: "\n")])
                sqlite3_finalize(statement)
                statement = nil
                result = .failed
            }
        }
        if let statement { sqlite3_step(statement) }
        sqlite3_finalize(statement)
        return result
    }

    /// Each binding as `NAME VALUE`, names padded to the longest (at most
    /// 40 characters), values quoted as SQL.
    private func listParameters() {
        var width = 0
        forEachRow("SELECT max(length(key)) FROM temp.sqlite_parameters;") { width = Int(min(sqlite3_column_int($0, 0), 40)) }
        guard width > 0 else { return }
        forEachRow("SELECT key, quote(value) FROM temp.sqlite_parameters;") { row in
            let key = Shell.columnBytes(row, 0) ?? []
            output.write(key)
            output.write(repeating: UInt8(ascii: " "), count: width - key.count)
            output.write([UInt8(ascii: " ")] + (Shell.columnBytes(row, 1) ?? []) + [UInt8(ascii: "\n")])
        }
    }

    /// Binds each parameter of `statement` (`?NNN`, `:name`, `@name`,
    /// `$name`, or `?N` for an anonymous `?`) to its value in
    /// `temp.sqlite_parameters`, NULL when it has none: `bind_prepared_stmt`.
    func bindParameters(_ statement: OpaquePointer) {
        let count = sqlite3_bind_parameter_count(statement)
        guard count > 0,
              sqlite3_table_column_metadata(connection, "TEMP", "sqlite_parameters", "key", nil, nil, nil, nil, nil) == SQLITE_OK
        else { return }
        var query: OpaquePointer?
        guard sqlite3_prepare_v2(connection, "SELECT value FROM temp.sqlite_parameters WHERE key=?1", -1, &query, nil) == SQLITE_OK,
              let query else { return }
        defer { sqlite3_finalize(query) }
        for index in 1...count {
            if let name = sqlite3_bind_parameter_name(statement, index) {
                sqlite3_bind_text(query, 1, name, -1, plume_sqlite_transient())
            } else {
                sqlite3_bind_text(query, 1, "?\(index)", -1, plume_sqlite_transient())
            }
            if sqlite3_step(query) == SQLITE_ROW {
                sqlite3_bind_value(statement, index, sqlite3_column_value(query, 0))
            } else {
                sqlite3_bind_null(statement, index)
            }
            sqlite3_reset(query)
        }
    }
}
