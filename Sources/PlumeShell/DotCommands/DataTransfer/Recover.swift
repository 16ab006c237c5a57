import CSQLite

extension Shell {
    /// `.recover`.
    static let recoverDotCommands: [DotCommand] = [
        DotCommand(name: "recover", minimumLength: 1, usage: ".recover",
                   summary: "Recover as much data as possible from corrupt db.", details: Shell.recoverHelp) { $0.recover($1) },
    ]

    /// `.help recover`.
    static let recoverHelp = """
       --ignore-freelist        Ignore pages that appear to be on db freelist
       --lost-and-found TABLE   Alternative name for the lost-and-found table
       --no-rowids              Do not attempt to recover rowid values
                                that are not also INTEGER PRIMARY KEYs

    """

    /// `.recover ?--ignore-freelist? ?--lost-and-found TABLE? ?--no-rowids?`.
    ///
    /// `sqlite3` 3.40.1 builds in SQLite's recovery extension, which reads
    /// pages through the `sqlite_dbpage` virtual table. Plume follows its
    /// steps as far as they go where the library lacks that table (as
    /// Debian's does, so that `sqlite3` itself stops there): the script's
    /// opening lines, the settings copied from the database, then the
    /// error. Page-level salvage itself is not implemented: with a library
    /// that has `sqlite_dbpage`, Plume reports that instead.
    private func recover(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        var index = 1
        while index < command.arguments.count {
            var option = command.bytes(index)
            if option.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { option.removeFirst() }
            let hasValue = index < command.arguments.count - 1
            if !option.isEmpty && SQLiteText.isPrefix(option, of: "-ignore-freelist") && option.count <= 17 {
                // pages on the freelist are skipped
            } else if !option.isEmpty && SQLiteText.isPrefix(option, of: "-recovery-db") && hasValue {
                index += 1
            } else if !option.isEmpty && SQLiteText.isPrefix(option, of: "-lost-and-found") && hasValue {
                index += 1
            } else if !option.isEmpty && SQLiteText.isPrefix(option, of: "-no-rowids") {
                // rowids that are not INTEGER PRIMARY KEYs are dropped
            } else {
                printError(bytes: Array("unexpected option: ".utf8) + command.bytes(index))
                showHelp(command.bytes(0))
                return .failed
            }
            index += 1
        }
        var error: (message: [UInt8], code: Int32)?
        func statement(_ sql: String) { output.write(sql + ";\n") }
        func run(_ sql: String) {
            guard error == nil, sqlite3_exec(connection, sql, nil, nil, nil) != SQLITE_OK else { return }
            error = (Shell.errorMessage(connection), sqlite3_errcode(connection))
        }
        statement("BEGIN")
        statement("PRAGMA writable_schema = on")
        sqlite3_file_control(connection, "main", SQLITE_FCNTL_RESET_CACHE, nil)
        run("PRAGMA writable_schema = on")
        run("BEGIN")
        let openedTransaction = error == nil
        run("SELECT 1 FROM sqlite_schema")
        for pragma in ["encoding", "page_size", "auto_vacuum", "user_version", "application_id"] where error == nil {
            let value = RawStatement(connection, "PRAGMA 'main'.\(pragma)")
            if value.prepareCode != SQLITE_OK {
                error = (Shell.errorMessage(connection), sqlite3_errcode(connection))
            } else if value.step(), let text = value.text(0) {
                output.write(Array("PRAGMA \(pragma) = ".utf8) + SQLiteText.literal(text) + Array(";\n".utf8))
            }
        }
        if error == nil {
            let hasPageTable = RawStatement(connection, "SELECT 1 FROM sqlite_dbpage('main') WHERE 0").prepareCode == SQLITE_OK
            error = hasPageTable ? (Array("page-level recovery is not implemented in plume".utf8), SQLITE_ERROR)
                : (Array("SQL logic error".utf8), SQLITE_ERROR)
        }
        if let error {
            printError(bytes: Array("sql error: ".utf8) + error.message + Array(" (\(error.code))".utf8))
        }
        if openedTransaction && sqlite3_get_autocommit(connection) == 0 { sqlite3_exec(connection, "END", nil, nil, nil) }
        return .failed
    }
}
