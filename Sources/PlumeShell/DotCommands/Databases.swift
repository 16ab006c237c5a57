import CSQLite

extension Shell {
    /// `.databases`, `.prompt`, `.stats` and `.timeout`.
    static let connectionDotCommands: [DotCommand] = [
        DotCommand(name: "databases", minimumLength: 2, usage: ".databases",
                   summary: "List names and files of attached databases") {
            $0.listDatabases($1)
        },
        DotCommand(name: "prompt", minimumLength: 1, usage: ".prompt MAIN CONTINUE",
                   summary: "Replace the standard prompts") {
            $0.setPrompts($1)
        },
        DotCommand(name: "stats", minimumLength: 2, usage: ".stats ?ARG?",
                   summary: "Show stats or turn stats on or off", details: """
                      off                      Turn off automatic stat display
                      on                       Turn on automatic stat display
                      stmt                     Show statement stats
                      vmstep                   Show the virtual machine step count only

                   """) {
            $0.statistics($1)
        },
        DotCommand(name: "timeout", minimumLength: 5, usage: ".timeout MS",
                   summary: "Try opening locked tables for MS milliseconds") {
            $0.setTimeout($1)
        },
    ]

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

    /// `.prompt MAIN CONTINUE`: each kept to 19 bytes.
    private func setPrompts(_ command: DotCommandLine) -> DotCommandResult {
        let arguments = command.arguments.map(\.cString)
        if arguments.count >= 2 { diagnostics.mainPrompt = Array(arguments[1].prefix(19)) }
        if arguments.count >= 3 { diagnostics.continuationPrompt = Array(arguments[2].prefix(19)) }
        return .succeeded
    }

    /// `.stats ?on|off|stmt|vmstep?`: without an argument, the statistics
    /// now.
    private func statistics(_ command: DotCommandLine) -> DotCommandResult {
        switch command.arguments.count {
        case 1:
            writeStatistics(statement: nil)
        case 2:
            switch String(decoding: command.arguments[1].cString, as: UTF8.self) {
            case "stmt": diagnostics.statistics = 2
            case "vmstep": diagnostics.statistics = 3
            default: diagnostics.statistics = UInt8(truncatingIfNeeded: DotCommandLine.booleanInteger(command.arguments[1].cString))
            }
        default:
            printError("Usage: .stats ?on|off|stmt|vmstep?")
            return .failed
        }
        return .succeeded
    }

    /// `.timeout MS`: how long a statement waits for a lock (0 without MS).
    private func setTimeout(_ command: DotCommandLine) -> DotCommandResult {
        let milliseconds = command.arguments.count >= 2 ? DotCommandLine.integerValue(command.arguments[1].cString) ?? 0 : 0
        sqlite3_busy_timeout(connection, Int32(truncatingIfNeeded: milliseconds))
        return .succeeded
    }
}
