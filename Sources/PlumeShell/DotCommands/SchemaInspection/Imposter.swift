import CSQLite

extension Shell {
    /// `.imposter`.
    static let imposterDotCommands: [DotCommand] = [
        DotCommand(name: "imposter", minimumLength: 1, usage: ".imposter INDEX TABLE",
                   summary: "Create imposter table TABLE on index INDEX") { $0.imposter($1) },
    ]

    /// `.imposter INDEX TABLE` (or `.imposter off`): a WITHOUT ROWID table
    /// TABLE laid over the b-tree of INDEX (or of a WITHOUT ROWID table),
    /// through `SQLITE_TESTCTRL_IMPOSTER`.
    private func imposter(_ command: DotCommandLine) -> DotCommandResult {
        let count = command.arguments.count
        guard count == 3 || (count == 2 && sqlite3_stricmp(command.text(1), "off") == 0) else {
            printError("Usage: .imposter INDEX IMPOSTER\n       .imposter off")
            return .failed
        }
        let connection = self.connection
        if count == 2 {
            _ = plume_test_control_imposter(connection, "main", 0, 1)
            return .succeeded
        }
        let name = command.bytes(1)
        let root = RawStatement(connection, "SELECT rootpage, 0 FROM sqlite_schema WHERE name=\(Shell.literal(name)) AND type='index'"
                                + "UNION ALL SELECT rootpage, 1 FROM sqlite_schema WHERE name=\(Shell.literal(name)) AND type='table'"
                                + "   AND sql LIKE '%without%rowid%'")
        var rootPage: Int32 = 0, isTable = false
        if root.step() {
            rootPage = root.int(0)
            isTable = root.int(1) != 0
        }
        _ = root.finalize()
        let columns = RawStatement(connection, "PRAGMA index_xinfo=\(Shell.literal(name))")
        var list: String?
        var keyLength = 0
        var index = 0
        while columns.prepareCode == SQLITE_OK && columns.step() {
            index += 1
            let column = columns.string(2) ?? (columns.int(1) == -1 ? "_ROWID_" : "expr\(index)")
            if isTable && keyLength == 0 && columns.int(5) == 0, let list { keyLength = list.utf8.count }
            let quoted = Shell.quotedIdentifier(Array(column.utf8))
            list = list.map { $0 + "," + quoted } ?? quoted
        }
        _ = columns.finalize()
        guard index > 0, rootPage != 0, let list else {
            printError(bytes: Array("no such index: \"".utf8) + name + [UInt8(ascii: "\"")])
            return .failed
        }
        let key = keyLength == 0 ? list : String(decoding: list.utf8.prefix(keyLength), as: UTF8.self)
        let sql = "CREATE TABLE \(Shell.quotedIdentifier(command.bytes(2)))(\(list),PRIMARY KEY(\(key)))WITHOUT ROWID"
        let code = plume_test_control_imposter(connection, "main", 1, rootPage)
        guard code == SQLITE_OK else {
            printError("SQLITE_TESTCTRL_IMPOSTER returns \(code)")
            return .failed
        }
        let created = sqlite3_exec(connection, sql, nil, nil, nil)
        _ = plume_test_control_imposter(connection, "main", 0, 0)
        if created != SQLITE_OK {
            printError(bytes: Array("Error in [\(sql)]: ".utf8) + Shell.errorMessage(connection))
            return .failed
        }
        output.write("\(sql);\n")
        output.write(Array("WARNING: writing to an imposter table will corrupt the \"".utf8) + name
                     + Array("\" \(isTable ? "table" : "index")!\n".utf8))
        return .succeeded
    }
}
