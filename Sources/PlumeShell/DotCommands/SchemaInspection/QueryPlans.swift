import CSQLite

extension Shell {
    /// `.eqp` and `.explain`.
    static let queryPlanDotCommands: [DotCommand] = [
        DotCommand(name: "eqp", minimumLength: 2, usage: ".eqp on|off|full|...",
                   summary: "Enable or disable automatic EXPLAIN QUERY PLAN",
                   details: "   Other Modes:\n      trigger               Like \"full\" but also show trigger bytecode\n") {
            $0.setQueryPlans($1)
        },
        DotCommand(name: "explain", minimumLength: 3, usage: ".explain ?on|off|auto?",
                   summary: "Change the EXPLAIN formatting mode.  Default: auto") {
            $0.setExplainMode($1)
        },
    ]

    /// `.eqp on|off|full|trigger`.
    private func setQueryPlans(_ command: DotCommandLine) -> DotCommandResult {
        guard command.arguments.count == 2 else {
            printError("Usage: .eqp off|on|trace|trigger|full")
            return .failed
        }
        switch String(decoding: command.arguments[1].cString, as: UTF8.self) {
        case "full": diagnostics.plans = QueryDiagnostics.fullPlans
        case "trigger": diagnostics.plans = QueryDiagnostics.triggerPlans
        default: diagnostics.plans = UInt8(truncatingIfNeeded: DotCommandLine.booleanInteger(command.arguments[1].cString))
        }
        return .succeeded
    }

    /// `.explain ?on|off|auto?`: `on` is a mode of its own, `off` and
    /// `auto` return to the mode before it.
    private func setExplainMode(_ command: DotCommandLine) -> DotCommandResult {
        var value: Int32 = 1
        if command.arguments.count >= 2 {
            let argument = command.arguments[1].cString
            value = argument == Array("auto".utf8) ? 99 : DotCommandLine.booleanInteger(argument)
        }
        if value == 1 && settings.mode != .explain {
            diagnostics.modeBeforeExplain = settings.mode
            settings.mode = .explain
            diagnostics.autoExplain = false
        } else if value == 0 || value == 99 {
            if settings.mode == .explain { settings.mode = diagnostics.modeBeforeExplain }
            diagnostics.autoExplain = value == 99
        }
        return .succeeded
    }

    /// Before a statement runs: its query plan (and bytecode) when `.eqp`
    /// asks for them, then its parameters bound from `.parameter`'s table,
    /// as `sqlite3`'s `shell_exec`. Returns the statement to run: with
    /// `.eqp trigger`, the statement compiled again.
    /// The rows of the `.eqp full` listing count as the statement's (so
    /// its header is not printed), as `sqlite3` counts them.
    func prepareToRun(_ statement: OpaquePointer, sql: UnsafePointer<CChar>) -> (statement: OpaquePointer, rowsBefore: Int)? {
        var prepared = (statement: Optional(statement), rowsBefore: 0)
        if diagnostics.plans != 0, sqlite3_stmt_isexplain(statement) == 0 {
            prepared = showQueryPlan(statement, sql: sql)
        }
        guard let statement = prepared.statement else { return nil }
        bindParameters(statement)
        return (statement, prepared.rowsBefore)
    }

    private func showQueryPlan(_ statement: OpaquePointer, sql: UnsafePointer<CChar>) -> (OpaquePointer?, Int) {
        var triggersShown: Int32 = 0
        _ = plume_db_config_int(connection, SQLITE_DBCONFIG_TRIGGER_EQP, -1, &triggersShown)
        if diagnostics.plans >= QueryDiagnostics.triggerPlans {
            _ = plume_db_config_int(connection, SQLITE_DBCONFIG_TRIGGER_EQP, 1, nil)
        }
        var text = sqlite3_sql(statement).map { Array(String(cString: $0).utf8) } ?? []
        text = Array(text.drop(while: SQLiteText.isSpace))
        var plan: OpaquePointer?
        if prepare(Array("EXPLAIN QUERY PLAN ".utf8) + text, &plan) == SQLITE_OK, let plan {
            var printer = QueryPlanPrinter()
            while sqlite3_step(plan) == SQLITE_ROW {
                let row = [ResultCell](row: plan, columnCount: sqlite3_column_count(plan))
                if row.count > 3 && row[3].text.first == UInt8(ascii: "-") {
                    printer.render(to: output)
                    printer = QueryPlanPrinter()
                }
                printer.add(row)
            }
            printer.render(to: output)
        }
        sqlite3_finalize(plan)
        var rows = 0
        if diagnostics.plans >= QueryDiagnostics.fullPlans {
            var listing: OpaquePointer?
            if prepare(Array("EXPLAIN ".utf8) + text, &listing) == SQLITE_OK, let listing {
                let executor = SQLExecutor(connection: connection, output: output)
                rows = executor.printResults(of: listing, settings: &settings, mode: .explain)
            }
            sqlite3_finalize(listing)
        }
        guard diagnostics.plans >= QueryDiagnostics.triggerPlans && triggersShown == 0 else { return (statement, rows) }
        _ = plume_db_config_int(connection, SQLITE_DBCONFIG_TRIGGER_EQP, 0, nil)
        sqlite3_finalize(statement)
        var again: OpaquePointer?
        sqlite3_prepare_v2(connection, sql, -1, &again, nil)
        return (again, rows)
    }
}
