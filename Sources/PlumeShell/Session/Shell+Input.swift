import CSQLite
import Foundation

extension Shell {
    /// Reads and runs all input of a source: the shell's `process_input`.
    ///
    /// SQL lines accumulate until `sqlite3_complete` says the statement is
    /// complete; lines starting with `.` run as dot-commands, lines starting
    /// with `#` are comments.
    ///
    /// - Returns: Whether a statement or command failed.
    func processInput(_ source: LineSource) -> Bool {
        if inputNesting == 25 {
            printError("Input nesting limit (25) reached at line \(lineNumber). Check recursion.")
            return true
        }
        inputNesting += 1
        defer { inputNesting -= 1 }
        lineNumber = 0
        var pending = PendingInput()
        var errors = 0
        reading: while errors == 0 || !bail || source.isInteractive {
            output.flush()
            let input = source.readLine(continuation: !pending.sql.isEmpty)
            // Ctrl-C stops a script; on a terminal it only ends one statement.
            if interrupts?.takeInterrupt() == true && !source.isInteractive { break }
            switch input {
            case .interrupted:
                pending.drop()
            case .end:
                if source.isInteractive { output.write("\n") }
                break reading
            case .line(let line):
                switch runLine(line, pending: &pending, source: source) {
                case .read: break
                case .failed: errors += 1
                case .quit: break reading
                }
            }
        }
        if !pending.sql.isEmpty {
            echoInput(pending.sql)
            source.addToHistory(pending.sql)
            errors += runSQL(pending.sql, startLine: pending.startLine, showLine: !source.isInteractive)
        }
        output.flush()
        return errors > 0
    }

    /// The SQL read so far that does not end a statement yet, and where
    /// it started.
    private struct PendingInput {
        var sql: [UInt8] = []
        var startLine = 0
        var scanner = InputScanner()

        /// Forgets the statement (Ctrl-C, or once it ran).
        mutating func drop() {
            sql = []
            scanner = InputScanner()
        }
    }

    /// What one line of input did.
    private enum LineOutcome {
        case read
        case failed
        /// `.quit` or `.exit`: stop reading.
        case quit
    }

    /// Takes one line: a blank line or comment, a dot-command (run now),
    /// or SQL, run once it completes a statement.
    private func runLine(_ line: [UInt8], pending: inout PendingInput, source: LineSource) -> LineOutcome {
        lineNumber += 1
        var line = line
        if pending.scanner.isPlain && InputScanner.isCommandTerminator(line)
            && SchemaText.isComplete(pending.sql + [UInt8(ascii: ";")]) {
            line = [UInt8(ascii: ";")]
        }
        pending.scanner.scan(line)
        if pending.scanner.isBlank && pending.sql.isEmpty {
            echoInput(line)
            pending.scanner = InputScanner()
            return .read
        }
        if pending.sql.isEmpty, let first = line.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "#") {
            echoInput(line)
            pending.scanner = InputScanner()
            guard first == UInt8(ascii: ".") else { return .read }
            source.addToHistory(line)
            switch runDotCommand(line) {
            case .quit: return .quit
            case .failed: return .failed
            case .succeeded: return .read
            }
        }
        if pending.sql.isEmpty {
            pending.sql = Array(line.drop(while: SQLiteText.isSpace))
            pending.startLine = lineNumber
        } else {
            pending.sql.append(UInt8(ascii: "\n"))
            pending.sql += line
        }
        if !pending.sql.isEmpty && pending.scanner.endsStatement && SchemaText.isComplete(pending.sql) {
            echoInput(pending.sql)
            source.addToHistory(pending.sql)
            let failures = runSQL(pending.sql, startLine: pending.startLine, showLine: !source.isInteractive)
            finishSQLOutput()
            endSafeModeSuspension()
            pending.drop()
            return failures > 0 ? .failed : .read
        }
        if !pending.sql.isEmpty && pending.scanner.isBlank {
            echoInput(pending.sql)
            pending.drop()
        }
        return .read
    }

    private func echoInput(_ text: [UInt8]) {
        guard echo else { return }
        output.write(text)
        output.write("\n")
    }

    /// Runs a complete group of SQL statements: the shell's
    /// `runOneSqlLine`. Returns 1 when a statement failed.
    func runSQL(_ sql: [UInt8], startLine: Int, showLine: Bool) -> Int {
        resetProgressForInput()
        let started = timer ? ResourceClock.now() : nil
        let failure = executeSQL(sql)
        if let started { output.write(ResourceClock.report(since: started)) }
        if let failure {
            let prefix = showLine ? "\(failure.kind) near line \(startLine): " : "\(failure.kind): "
            printError(bytes: Array(prefix.utf8) + failure.message)
            return 1
        }
        if countChanges {
            output.write("changes: \(sqlite3_changes64(connection))   total_changes: \(sqlite3_total_changes64(connection))\n")
        }
        return 0
    }

    /// Runs SQL given on the command line (an argument or `-cmd`), as
    /// `sqlite3`'s `shell_exec` there: no timer or change counts, and a
    /// failure printed as `Error: in prepare, …` or `Error: stepping, …`.
    ///
    /// - Returns: nil, or the failing statement's primary result code.
    func runCommandLineSQL(_ sql: String) -> Int32? {
        guard let failure = executeSQL(Array(sql.utf8)) else { return nil }
        let phase = failure.phase == .prepare ? "in prepare, " : failure.phase == .step ? "stepping, " : ""
        printError(bytes: Array("Error: \(phase)".utf8) + failure.message)
        return failure.code
    }

    /// Runs SQL statement after statement, printing rows (and `-stats`
    /// statistics), until one fails.
    func executeSQL(_ sql: [UInt8]) -> SQLFailure? {
        if admin.expert != nil { return adviseIndexes(for: sql) }
        var failure: SQLFailure?
        do {
            var executor = SQLExecutor(connection: connection, output: output)
            executor.autoExplain = diagnostics.autoExplain
            executor.beforeRows = { [unowned self] statement, sql in prepareToRun(statement, sql: sql) }
            if diagnostics.statistics != 0 {
                executor.afterRows = { [unowned self] statement in writeStatistics(statement: statement) }
            }
            // A copy: `.eqp` and `-stats` read the settings while it runs.
            var current = settings
            defer { settings = current }
            if let interrupts {
                try interrupts.whileExecuting { try executor.run(sql, settings: &current) }
            } else {
                try executor.run(sql, settings: &current)
            }
        } catch let error as SQLFailure {
            failure = error
        } catch {
            failure = SQLFailure(phase: .step, message: Array("\(error)".utf8), sqliteMessage: "\(error)", code: 1)
        }
        // A statement of its own would show in `.trace`, `.progress` and
        // `.auth` output.
        if !admin.watchesStatements { withoutTracing { database.settleChangeTracking() } }
        return failure
    }
}
