import CSQLite

extension Shell {
    /// `.fullschema`.
    static let fullSchemaDotCommands: [DotCommand] = [
        DotCommand(name: "fullschema", minimumLength: 2, usage: ".fullschema ?--indent?",
                   summary: "Show schema and the content of sqlite_stat tables") {
            $0.fullSchema($1)
        },
    ]

    /// `.fullschema ?--indent?`: every `CREATE` statement of `main` and
    /// `temp` in creation order, then the `sqlite_stat1` and
    /// `sqlite_stat4` rows as `INSERT` statements between two
    /// `ANALYZE sqlite_schema;`.
    private func fullSchema(_ command: DotCommandLine) -> DotCommandResult {
        let arguments = command.arguments.map(\.cString)
        let indent = arguments.count == 2 && [Array("-indent".utf8), Array("--indent".utf8)].contains(arguments[1])
        guard arguments.count == 1 || indent else {
            printError("Usage: .fullschema ?--indent?")
            return .failed
        }
        let failure = forEachRow("""
            SELECT sql FROM  (SELECT sql sql, type type, tbl_name tbl_name, name name, rowid x     FROM sqlite_schema UNION ALL   \
            SELECT sql, type, tbl_name, name, rowid FROM sqlite_temp_schema) WHERE type!='meta' AND sql NOTNULL AND \
            name NOT LIKE 'sqlite_%' ORDER BY x
            """) { row in
            let sql = Shell.columnBytes(row, 0) ?? []
            output.write(indent ? SchemaText.indentedStatement(sql) : SchemaText.statementLine(sql))
        }
        var hasStatistics = false
        if failure == nil {
            forEachRow("SELECT rowid FROM sqlite_schema WHERE name GLOB 'sqlite_stat[134]'") { _ in hasStatistics = true }
        }
        guard hasStatistics else {
            output.write("/* No STAT tables available */\n")
            return failure == nil ? .succeeded : .failed
        }
        output.write("ANALYZE sqlite_schema;\n")
        let saved = settings
        settings.showHeader = false
        settings.mode = .insert
        for table in ["sqlite_stat1", "sqlite_stat4"] {
            settings.insertTable = Array(table.utf8)
            _ = executeSQL(Array("SELECT * FROM \(table)".utf8))
        }
        settings = saved
        output.write("ANALYZE sqlite_schema;\n")
        return .succeeded
    }
}
