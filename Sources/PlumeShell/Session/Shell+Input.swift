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
        var sql: [UInt8] = []
        var startLine = 0
        var scanner = InputScanner()
        var errors = 0
        reading: while errors == 0 || !bail || source.isInteractive {
            output.flush()
            let input = source.readLine(continuation: !sql.isEmpty)
            // Ctrl-C stops a script; on a terminal it only ends one statement.
            if interrupts?.takeInterrupt() == true && !source.isInteractive { break }
            guard case .line(var line) = input else {
                if case .interrupted = input {
                    sql = []
                    scanner = InputScanner()
                    continue
                }
                if source.isInteractive { output.write("\n") }
                break
            }
            lineNumber += 1
            if scanner.isPlain && InputScanner.isCommandTerminator(line) && SchemaText.isComplete(sql + [UInt8(ascii: ";")]) {
                line = [UInt8(ascii: ";")]
            }
            scanner.scan(line)
            if scanner.isBlank && sql.isEmpty {
                echoInput(line)
                scanner = InputScanner()
                continue
            }
            if sql.isEmpty, let first = line.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "#") {
                echoInput(line)
                if first == UInt8(ascii: ".") {
                    source.addToHistory(line)
                    switch runDotCommand(line) {
                    case .quit: break reading
                    case .failed: errors += 1
                    case .succeeded: break
                    }
                }
                scanner = InputScanner()
                continue
            }
            if sql.isEmpty {
                sql = Array(line.drop(while: SQLiteText.isSpace))
                startLine = lineNumber
            } else {
                sql.append(UInt8(ascii: "\n"))
                sql += line
            }
            if !sql.isEmpty && scanner.endsStatement && SchemaText.isComplete(sql) {
                echoInput(sql)
                source.addToHistory(sql)
                errors += runSQL(sql, startLine: startLine, showLine: !source.isInteractive)
                finishSQLOutput()
                endSafeModeSuspension()
                sql = []
                scanner = InputScanner()
            } else if !sql.isEmpty && scanner.isBlank {
                echoInput(sql)
                sql = []
                scanner = InputScanner()
            }
        }
        if !sql.isEmpty {
            echoInput(sql)
            source.addToHistory(sql)
            errors += runSQL(sql, startLine: startLine, showLine: !source.isInteractive)
        }
        output.flush()
        return errors > 0
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
