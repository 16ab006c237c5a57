import CSQLite

extension Shell {
    /// `.progress` and `.scanstats`.
    static let progressDotCommands: [DotCommand] = [
        DotCommand(name: "progress", minimumLength: 3, usage: ".progress N",
                   summary: "Invoke progress handler after every N opcodes", details: Shell.progressHelp) { $0.progress($1) },
        DotCommand(name: "scanstats", minimumLength: 1, usage: ".scanstats on|off",
                   summary: "Turn sqlite3_stmt_scanstatus() metrics on or off") { $0.scanStatistics($1) },
    ]

    /// `.help progress`.
    static let progressHelp = """
       --limit N                 Interrupt after N progress callbacks
       --once                    Do no more than one progress interrupt
       --quiet|-q                No output except at interrupts
       --reset                   Reset the count for each input and interrupt

    """

    /// `.progress N ?--limit N? ?--once? ?--quiet|-q? ?--reset?`: a
    /// progress handler every N virtual machine steps that prints its
    /// count and interrupts the statement after the limit.
    private func progress(_ command: DotCommandLine) -> DotCommandResult {
        admin.progress = ProgressSettings()
        var steps: Int32 = 0
        var index = 1
        while index < command.arguments.count {
            var option = command.bytes(index)
            defer { index += 1 }
            guard option.first == UInt8(ascii: "-") else {
                steps = Int32(truncatingIfNeeded: DotCommandLine.integer(option))
                continue
            }
            option.removeFirst()
            if option.first == UInt8(ascii: "-") { option.removeFirst() }
            switch String(decoding: option, as: UTF8.self) {
            case "quiet", "q": admin.progress.quiet = true
            case "reset": admin.progress.reset = true
            case "once": admin.progress.once = true
            case "limit":
                guard index + 1 < command.arguments.count else {
                    printError("Error: missing argument on --limit")
                    return .failed
                }
                index += 1
                admin.progress.limit = UInt32(truncatingIfNeeded: Int32(truncatingIfNeeded: DotCommandLine.integer(command.bytes(index))))
            default:
                printError(bytes: Array("Error: unknown option: \"".utf8) + command.bytes(index) + [UInt8(ascii: "\"")])
                return .failed
            }
        }
        admin.progress.installed = steps > 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(connection, steps, { context in
            Unmanaged<Shell>.fromOpaque(context!).takeUnretainedValue().progressCallback()
        }, context)
        return .succeeded
    }

    /// `sqlite3`'s `progress_handler`.
    private func progressCallback() -> Int32 {
        admin.progress.count &+= 1
        let count = admin.progress.count
        if admin.progress.limit > 0 && count >= admin.progress.limit {
            output.write("Progress limit reached (\(count))\n")
            if admin.progress.reset { admin.progress.count = 0 }
            if admin.progress.once { admin.progress.limit = 0 }
            return 1
        }
        if !admin.progress.quiet { output.write("Progress \(count)\n") }
        return 0
    }

    /// Before each line of SQL: `--reset` starts the count again.
    func resetProgressForInput() {
        if admin.progress.reset { admin.progress.count = 0 }
    }

    /// `.scanstats on|off`. Like `sqlite3` 3.40.1 built without
    /// `SQLITE_ENABLE_STMT_SCANSTATUS`, it only warns.
    private func scanStatistics(_ command: DotCommandLine) -> DotCommandResult {
        guard command.arguments.count == 2 else {
            printError("Usage: .scanstats on|off")
            return .failed
        }
        admin.scanStatistics = DotCommandLine.booleanValue(command.bytes(1))
        printError("Warning: .scanstats not available in this build.")
        return .succeeded
    }
}
