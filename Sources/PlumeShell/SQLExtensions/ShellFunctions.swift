import CSQLite

/// The SQL functions, collations and table-valued functions the `sqlite3`
/// shell registers on its connections, among them those the `.schema`
/// query calls: `shell_add_schema(sql, schema, name)` and
/// `shell_module_schema(name)`.
enum ShellFunctions {
    /// Registers everything on a connection, in `sqlite3`'s order (which
    /// `pragma_function_list` shows).
    static func install(on connection: OpaquePointer) {
        SHA3Functions.install(on: connection)
        UIntCollation.install(on: connection)
        DecimalFunctions.install(on: connection)
        RegexpFunctions.install(on: connection)
        IEEE754Functions.install(on: connection)
        SeriesTable.install(on: connection)
        FileIOFunctions.install(on: connection)
        FileSystemTable.install(on: connection)
        CompletionTable.install(on: connection)
        installSchemaFunctions(on: connection)
        ShellHelperFunctions.installPuts(on: connection)
        ShellHelperFunctions.installOthers(on: connection)
        EditFunction.install(on: connection)
    }

    private static func installSchemaFunctions(on connection: OpaquePointer) {
        sqlite3_create_function_v2(connection, "shell_add_schema", 3, SQLITE_UTF8, nil, { context, _, values in
            guard let context, let values else { return }
            ShellFunctions.addSchema(context, values)
        }, nil, nil, nil)
        sqlite3_create_function_v2(connection, "shell_module_schema", 1, SQLITE_UTF8, nil, { context, _, values in
            guard let context, let values else { return }
            ShellFunctions.moduleSchema(context, values)
        }, nil, nil, nil)
    }

    private static func text(_ value: OpaquePointer?) -> [UInt8]? {
        guard let pointer = sqlite3_value_text(value) else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_value_bytes(value))))
    }

    private static func setResult(_ context: OpaquePointer, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
            sqlite3_result_text(context, base, Int32(buffer.count), plume_sqlite_transient())
        }
    }

    /// Qualifies `CREATE … name` with the schema name of an attached
    /// database, and appends `/* view(columns) */` to views.
    private static func addSchema(_ context: OpaquePointer, _ values: UnsafeMutablePointer<OpaquePointer?>) {
        let prefixes = ["TABLE", "INDEX", "UNIQUE INDEX", "VIEW", "TRIGGER", "VIRTUAL TABLE"]
        guard let sql = text(values[0]), sql.starts(with: Array("CREATE ".utf8)) else {
            sqlite3_result_value(context, values[0])
            return
        }
        let schema = text(values[1])
        let name = text(values[2])
        for prefix in prefixes {
            let length = prefix.utf8.count
            guard sql.count > 7 + length, sql[7..<(7 + length)].elementsEqual(prefix.utf8), sql[7 + length] == UInt8(ascii: " ")
            else { continue }
            var result: [UInt8]?
            if let schema {
                let quote = SQLiteText.quoteCharacter(for: schema)
                let isTemp = String(decoding: schema, as: UTF8.self).lowercased() == "temp"
                let qualifier = quote != nil && !isTemp ? SQLiteText.quoted(schema, with: UInt8(ascii: "\"")) : schema
                result = Array(sql[..<(7 + length)]) + [UInt8(ascii: " ")] + qualifier + [UInt8(ascii: ".")] + Array(sql[(8 + length)...])
            }
            if let name, prefix.hasPrefix("V"), let fake = fakeSchema(sqlite3_context_db_handle(context), schema: schema, name: name) {
                result = (result ?? sql) + Array("\n/* ".utf8) + fake + Array(" */".utf8)
            }
            if let result {
                setResult(context, result)
                return
            }
        }
        sqlite3_result_value(context, values[0])
    }

    private static func moduleSchema(_ context: OpaquePointer, _ values: UnsafeMutablePointer<OpaquePointer?>) {
        guard let name = text(values[0]),
              let fake = fakeSchema(sqlite3_context_db_handle(context), schema: nil, name: name) else { return }
        setResult(context, Array("/* ".utf8) + fake + Array(" */".utf8))
    }

    /// `name(column,column)` from `PRAGMA table_info`, nil when the table
    /// has no columns.
    static func fakeSchema(_ connection: OpaquePointer?, schema: [UInt8]?, name: [UInt8]) -> [UInt8]? {
        let schemaName = schema ?? Array("main".utf8)
        let sql = "PRAGMA " + String(decoding: SQLiteText.quoted(schemaName, with: UInt8(ascii: "\"")), as: UTF8.self)
            + ".table_info=" + String(decoding: SQLiteText.literal(name), as: UTF8.self) + ";"
        var statement: OpaquePointer?
        sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        var result: [UInt8] = []
        if let schema {
            let isTemp = String(decoding: schema, as: UTF8.self).lowercased() == "temp"
            result += SQLiteText.quoted(schema, with: isTemp ? nil : SQLiteText.quoteCharacter(for: schema)) + [UInt8(ascii: ".")]
        }
        result += SQLiteText.identifier(name)
        var rows = 0
        while statement != nil, sqlite3_step(statement) == SQLITE_ROW {
            let column = sqlite3_column_text(statement, 1).map { Array(String(cString: $0).utf8) } ?? []
            result.append(rows == 0 ? UInt8(ascii: "(") : UInt8(ascii: ","))
            result += SQLiteText.identifier(column)
            rows += 1
        }
        result.append(UInt8(ascii: ")"))
        return rows == 0 ? nil : result
    }
}
