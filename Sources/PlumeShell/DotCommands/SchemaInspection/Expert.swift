import CSQLite

/// `.expert` waiting for the next SQL: its advisor and options.
struct ExpertRequest {
    let advisor: IndexAdvisor
    var verbose: Bool
}

/// `.expert`: indexes suggested for the next SQL, by the index advisor of
/// `Expert/`.
extension Shell {
    static let expertDotCommands: [DotCommand] = [
        DotCommand(name: "expert", minimumLength: 4, usage: ".expert", summary: "EXPERIMENTAL. Suggest indexes for queries") {
            $0.expert($1)
        },
    ]

    /// `.expert ?--verbose? ?--sample N?`: the next line of SQL is not run
    /// but analyzed, and the indexes that would help it are printed. As in
    /// `sqlite3`, errors do not fail the command.
    func expert(_ command: DotCommandLine) -> DotCommandResult {
        if safeMode {
            printError(bytes: Array("Cannot run experimental commands such as \"".utf8) + command.bytes(0) + Array("\" in safe mode".utf8))
            return .failed
        }
        let connection = self.connection
        var verbose = false
        var index = 1
        while index < command.arguments.count {
            var option = command.bytes(index)
            if option.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { option.removeFirst() }
            if option.count >= 2 && SQLiteText.isPrefix(option, of: "-verbose") {
                verbose = true
            } else if option.count >= 2 && SQLiteText.isPrefix(option, of: "-sample") {
                guard index < command.arguments.count - 1 else {
                    printError(bytes: Array("option requires an argument: ".utf8) + option)
                    return .succeeded
                }
                index += 1
                let sample = DotCommandLine.integer(command.bytes(index))
                guard (0...100).contains(Int32(truncatingIfNeeded: sample)) else {
                    printError(bytes: Array("value out of range: ".utf8) + command.bytes(index))
                    return .succeeded
                }
            } else {
                printError(bytes: Array("unknown option: ".utf8) + option)
                return .succeeded
            }
            index += 1
        }
        do {
            admin.expert = ExpertRequest(advisor: try IndexAdvisor(database: connection), verbose: verbose)
        } catch {
            printError(bytes: Array("sqlite3_expert_new: ".utf8) + error.message)
        }
        return .succeeded
    }

    /// Runs in place of SQL after `.expert`: analyzes it and prints the
    /// report, or returns the error (`Error near line N: …`).
    func adviseIndexes(for sql: [UInt8]) -> SQLFailure? {
        guard let request = admin.expert else { return nil }
        admin.expert = nil
        do {
            try request.advisor.add(sql)
            try request.advisor.analyze()
        } catch {
            return SQLFailure(phase: .other, message: error.message, sqliteMessage: String(decoding: error.message, as: UTF8.self),
                              code: SQLITE_ERROR)
        }
        let advisor = request.advisor
        if request.verbose {
            output.write("-- Candidates -----------------------------\n")
            output.write((advisor.candidates.isEmpty ? Array("(null)".utf8) : advisor.candidatesReport) + [UInt8(ascii: "\n")])
        }
        for (number, statement) in advisor.statements.enumerated() {
            if request.verbose {
                output.write("-- Query \(number + 1) --------------------------------\n")
                output.write(statement.sql + [UInt8(ascii: "\n"), UInt8(ascii: "\n")])
            }
            output.write((statement.indexes ?? Array("(no new indexes)\n".utf8)) + [UInt8(ascii: "\n")])
            output.write((statement.plan ?? Array("(null)".utf8)) + [UInt8(ascii: "\n")])
        }
        return nil
    }
}
