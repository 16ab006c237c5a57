import CSQLite

/// `.dump`: the database as the SQL that recreates it.
extension Shell {
    static let dumpDotCommands: [DotCommand] = [
        DotCommand(name: "dump", minimumLength: 1, usage: ".dump ?OBJECTS?", summary: "Render database content as SQL",
                   details: Shell.dumpHelp) {
            $0.dump($1)
        },
    ]

    /// `.help dump`.
    static let dumpHelp = """
           Options:
             --data-only            Output only INSERT statements
             --newlines             Allow unescaped newline characters in output
             --nosys                Omit system tables (ex: "sqlite_stat1")
             --preserve-rowids      Include ROWID values in the output
           OBJECTS is a LIKE pattern for tables, indexes, triggers or views to dump
           Additional LIKE patterns can be given in subsequent arguments

        """

    /// `.dump ?--data-only? ?--newlines? ?--nosys? ?--preserve-rowids? ?PATTERN…?`:
    /// the database as SQL that recreates it, as `sqlite3` writes it.
    private func dump(_ command: DotCommandLine) -> DotCommandResult {
        var options = DumpOptions()
        var filter: String?
        for index in 1..<command.arguments.count {
            let argument = command.string(index)
            if argument.hasPrefix("-") {
                switch argument.drop(while: { $0 == "-" }) {
                case "preserve-rowids": options.preserveRowIDs = true
                case "newlines": options.newlines = true
                case "data-only": options.dataOnly = true
                case "nosys": options.noSystemTables = true
                default:
                    printError("Unknown option \"\(argument)\" on \".dump\"")
                    return .failed
                }
            } else {
                let literal = String(decoding: SQLiteText.literal(command.arguments[index]), as: UTF8.self)
                let expression = "name LIKE \(literal) ESCAPE '\\' OR EXISTS (  SELECT 1 FROM sqlite_schema WHERE "
                    + "    name LIKE \(literal) ESCAPE '\\' AND    sql LIKE 'CREATE VIRTUAL TABLE%' AND"
                    + "    substr(o.name, 1, length(name)+1) == (name||'_'))"
                filter = filter.map { "\($0) OR \(expression)" } ?? expression
            }
        }
        let condition = filter ?? "true"
        if !options.dataOnly {
            output.write("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        }
        var state = DumpState()
        sqlite3_exec(connection, "SAVEPOINT dump; PRAGMA writable_schema=ON", nil, nil, nil)
        let tableQuery = "SELECT name, type, sql FROM sqlite_schema AS o WHERE (\(condition)) AND type=='table'"
            + "  AND sql NOT NULL ORDER BY tbl_name='sqlite_sequence', rowid"
        dumpSchema(tableQuery, options: options, state: &state)
        if !options.dataOnly {
            dumpStatements("SELECT sql FROM sqlite_schema AS o WHERE (\(condition)) AND sql NOT NULL"
                           + "  AND type IN ('index','trigger','view')", state: &state)
        }
        if state.writableSchema {
            output.write("PRAGMA writable_schema=OFF;\n")
        }
        sqlite3_exec(connection, "PRAGMA writable_schema=OFF;", nil, nil, nil)
        sqlite3_exec(connection, "RELEASE dump;", nil, nil, nil)
        if !options.dataOnly {
            output.write(state.errors > 0 ? "ROLLBACK; -- due to errors\n" : "COMMIT;\n")
        }
        return .succeeded
    }

    func dumpTable(name: [UInt8], type: [UInt8], sql: [UInt8], options: DumpOptions, state: inout DumpState) {
        let nameText = String(decoding: name, as: UTF8.self)
        if nameText == "sqlite_sequence" && !options.noSystemTables {
            if !options.dataOnly { output.write("DELETE FROM sqlite_sequence;\n") }
        } else if nameText.hasPrefix("sqlite_stat") && nameText.count == 12 && !options.noSystemTables {
            if !options.dataOnly { output.write("ANALYZE sqlite_schema;\n") }
        } else if nameText.hasPrefix("sqlite_") {
            return
        } else if options.dataOnly {
            // data only: no CREATE statement
        } else if sql.starts(with: Array("CREATE VIRTUAL TABLE".utf8)) {
            if !state.writableSchema {
                output.write("PRAGMA writable_schema=ON;\n")
                state.writableSchema = true
            }
            let quotedName = SQLiteText.literal(name)
            output.write("INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table',")
            output.write(quotedName + [UInt8(ascii: ",")] + quotedName + Array(",0,".utf8) + SQLiteText.literal(sql) + Array(");\n".utf8))
            return
        } else {
            output.write(SchemaText.statementLine(storedStatement(sql, of: name)))
        }
        guard String(decoding: type, as: UTF8.self) == "table" else { return }
        guard let columns = dumpColumns(of: name, preserveRowID: options.preserveRowIDs) else {
            state.errors += 1
            return
        }
        var target = SQLiteText.identifier(name)
        var select = Array("SELECT ".utf8)
        if let rowID = columns.rowID {
            target += [UInt8(ascii: "(")] + rowID
            for column in columns.names { target += [UInt8(ascii: ",")] + SQLiteText.identifier(column) }
            target += [UInt8(ascii: ")")]
            select += rowID + [UInt8(ascii: ",")]
        }
        select += Array(columns.names.map(SQLiteText.identifier).joined(separator: [UInt8(ascii: ",")]))
        select += Array(" FROM ".utf8) + SQLiteText.identifier(name)
        var dumpSettings = settings
        dumpSettings.mode = .insert
        dumpSettings.showHeader = false
        dumpSettings.insertTable = target
        dumpSettings.keepNewlines = options.newlines
        do {
            try SQLExecutor(connection: connection, output: output).run(select, settings: &dumpSettings)
        } catch {
            state.errors += 1
            // As sqlite3: what a damaged table still holds, read backwards.
            if let failure = error as? SQLFailure, failure.code == SQLITE_CORRUPT {
                output.write("/****** CORRUPTION ERROR *******/\n")
                toggleSelectOrder()
                try? SQLExecutor(connection: connection, output: output).run(select, settings: &dumpSettings)
                toggleSelectOrder()
            }
        }
    }

    /// The columns `.dump` selects, and the name under which to keep the
    /// rowid with `--preserve-rowids`, as the shell's `tableColumnList`:
    /// none when a single INTEGER PRIMARY KEY aliases it (no "pk" index),
    /// else the first of rowid, _rowid_, oid that names no column, if it
    /// reaches the rowid (WITHOUT ROWID tables have none).
    private func dumpColumns(of table: [UInt8], preserveRowID: Bool) -> (rowID: [UInt8]?, names: [[UInt8]])? {
        var names: [[UInt8]] = []
        var primaryKeyCount = 0
        var integerPrimaryKey = false
        let quotedTable = String(decoding: SQLiteText.literal(table), as: UTF8.self)
        if forEachRow("PRAGMA table_info=" + quotedTable, { statement in
            names.append(Shell.columnBytes(statement, 1) ?? [])
            if sqlite3_column_int(statement, 5) != 0 {
                primaryKeyCount += 1
                let type = Shell.columnBytes(statement, 2) ?? []
                integerPrimaryKey = primaryKeyCount == 1 && Shell.equalIgnoringASCIICase(type, Array("INTEGER".utf8))
            }
        }) != nil {
            return nil
        }
        var keepsRowID = preserveRowID
        if keepsRowID && integerPrimaryKey {
            var hasKeyIndex = false
            _ = forEachRow("SELECT 1 FROM pragma_index_list(\(quotedTable)) WHERE origin='pk'") { _ in hasKeyIndex = true }
            keepsRowID = hasKeyIndex
        }
        guard keepsRowID else { return (nil, names) }
        let tableName = String(decoding: table, as: UTF8.self)
        for candidate in ["rowid", "_rowid_", "oid"]
        where !names.contains(where: { Shell.equalIgnoringASCIICase($0, Array(candidate.utf8)) }) {
            let reachesRowID = sqlite3_table_column_metadata(connection, nil, tableName, candidate, nil, nil, nil, nil, nil) == SQLITE_OK
            return (reachesRowID ? Array(candidate.utf8) : nil, names)
        }
        return (nil, names)
    }

    /// `sqlite3_stricmp` equality.
    static func equalIgnoringASCIICase(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        return a.count == b.count && zip(a, b).allSatisfy { SQLiteText.lowercased($0) == SQLiteText.lowercased($1) }
    }
}

/// `.dump` options.
struct DumpOptions {
    var preserveRowIDs = false
    var newlines = false
    var dataOnly = false
    var noSystemTables = false
}

/// What `.dump` tracks while it writes.
struct DumpState {
    var errors = 0
    var writableSchema = false
}

import Foundation
