import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed SQL statement, worded as the `sqlite3` shell words it.
package struct SQLFailure: Error {
    /// `other`: a failure outside SQLite's statements (`.expert`'s).
    enum Phase { case prepare, step, other }

    var phase: Phase
    /// SQLite's message, the result code when it is not plain
    /// `SQLITE_ERROR`, and for parse errors the caret lines pointing at the
    /// error.
    var message: [UInt8]
    /// SQLite's message alone.
    package var sqliteMessage: String
    /// The primary result code.
    var code: Int32

    /// `Parse error`, `Runtime error`, `Error`.
    var kind: String { phase == .prepare ? "Parse error" : phase == .step ? "Runtime error" : "Error" }
}

/// Runs SQL text statement after statement on one connection and prints
/// each statement's rows, as the shell's `shell_exec` does.
package struct SQLExecutor {
    let connection: OpaquePointer
    let output: OutputBuffer
    /// Called with each statement before it runs and the SQL from it on
    /// (the shell prints `.eqp` plans and binds `.parameter` values there);
    /// returns the statement to run, which may be a new one (the given one
    /// finalized), or nil to skip it, and the rows printed for it so far.
    var beforeRows: ((OpaquePointer, UnsafePointer<CChar>) -> (statement: OpaquePointer, rowsBefore: Int)?)?
    /// Called with each statement after its rows, before it is finalized
    /// (`-stats` prints statistics there).
    var afterRows: ((OpaquePointer) -> Void)?
    /// Whether `EXPLAIN` listings and `EXPLAIN QUERY PLAN` results get
    /// their own layouts whatever the mode (`.explain auto`).
    var autoExplain = true

    /// An executor printing to `output` the rows of statements run on
    /// `connection`.
    package init(connection: OpaquePointer, output: OutputBuffer) {
        self.connection = connection
        self.output = output
    }

    /// Compiles and runs each statement of `sql` in turn, printing results
    /// with `settings`. Stops at the first failing statement.
    ///
    /// - Parameter onStatement: Called with each compiled statement before
    ///   it runs (`plume query` uses it to refuse several statements).
    /// - Throws: ``SQLFailure``.
    package func run(_ sql: [UInt8], settings: inout OutputSettings,
             onStatement: (OpaquePointer, _ remainder: UnsafePointer<CChar>) throws -> Void = { _, _ in }) throws {
        var text = sql
        text.append(0)
        try text.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                var cursor = base
                while cursor.pointee != 0 {
                    var statement: OpaquePointer?
                    var tail: UnsafePointer<CChar>?
                    let code = sqlite3_prepare_v2(connection, cursor, -1, &statement, &tail)
                    guard code == SQLITE_OK else {
                        throw failure(.prepare, code: code, context: cursor)
                    }
                    guard let statement else {
                        cursor = SQLExecutor.skippingSpaces(tail ?? cursor)
                        if tail == nil { break }
                        continue
                    }
                    do {
                        try onStatement(statement, tail ?? cursor)
                    } catch {
                        sqlite3_finalize(statement)
                        throw error
                    }
                    guard let (statement, rowsBefore) = beforeRows.map({ $0(statement, cursor) }) ?? (statement, 0) else {
                        cursor = SQLExecutor.skippingSpaces(tail ?? cursor)
                        continue
                    }
                    printResults(of: statement, settings: &settings, rowsBefore: rowsBefore)
                    afterRows?(statement)
                    let finalCode = sqlite3_finalize(statement)
                    guard finalCode == SQLITE_OK else {
                        throw failure(.step, code: finalCode, context: nil)
                    }
                    cursor = SQLExecutor.skippingSpaces(tail ?? cursor)
                }
            }
        }
    }

    static func skippingSpaces(_ pointer: UnsafePointer<CChar>) -> UnsafePointer<CChar> {
        var cursor = pointer
        while cursor.pointee != 0, SQLiteText.isSpace(UInt8(bitPattern: cursor.pointee)) { cursor += 1 }
        return cursor
    }

    /// Steps `statement` to the end and prints its rows, in the layout
    /// `mode` or the statement asks for (the shell's `cMode`).
    ///
    /// - Returns: The number of rows printed.
    @discardableResult
    func printResults(of statement: OpaquePointer, settings: inout OutputSettings, mode requested: OutputMode? = nil,
                      rowsBefore: Int = 0) -> Int {
        var mode = requested ?? settings.mode
        if requested == nil && autoExplain {
            switch sqlite3_stmt_isexplain(statement) {
            case 1: mode = .explain
            case 2: mode = .eqp
            default: break
            }
        }
        guard sqlite3_step(statement) == SQLITE_ROW else { return 0 }
        let columnCount = sqlite3_column_count(statement)
        let columns: [[UInt8]] = (0..<columnCount).map { index in
            sqlite3_column_name(statement, index).map { Array(String(cString: $0).utf8) } ?? []
        }
        var indentsLoops = false
        if mode == .explain {
            let sql = sqlite3_sql(statement).map { Array(String(cString: $0).utf8) } ?? []
            indentsLoops = ExplainPrinter.isListing(sql: sql, columns: columns) && ExplainPrinter.hasListingColumns(columns)
            if !indentsLoops { mode = settings.mode }
        }
        if mode == .explain {
            var printer = ExplainPrinter(columns: columns, nullValue: settings.nullValue, indentsLoops: indentsLoops,
                                         rowsBefore: rowsBefore)
            repeat {
                printer.add([ResultCell](row: statement, columnCount: columnCount))
            } while sqlite3_step(statement) == SQLITE_ROW
            printer.render(to: output)
            return printer.count
        }
        var rows = 0
        // The plan printer keeps cells (blobs read as text); the others
        // read the statement's row in place.
        func eachRow(_ body: ([ResultCell]) -> Void) {
            repeat {
                body([ResultCell](row: statement, columnCount: columnCount))
                rows += 1
            } while sqlite3_step(statement) == SQLITE_ROW
        }
        if mode == .eqp {
            var printer = QueryPlanPrinter()
            eachRow { printer.add($0) }
            printer.render(to: output)
        } else if mode.isColumnar {
            var printer = ColumnarPrinter(settings: settings, columns: columns, measure: output.columnMeasure)
            let row = StatementRow(statement: statement, count: Int(columnCount))
            repeat {
                printer.add(row)
                rows += 1
            } while sqlite3_step(statement) == SQLITE_ROW
            printer.render(to: output)
            settings.columnWidths = printer.widths
        } else {
            var printer = RowPrinter(settings: settings, columns: columns, output: output, rowsBefore: rowsBefore)
            let row = StatementRow(statement: statement, count: Int(columnCount))
            repeat {
                printer.print(row)
                rows += 1
            } while sqlite3_step(statement) == SQLITE_ROW
            printer.finish()
        }
        return rows
    }

    /// The shell's `save_err_msg` and `shell_error_context`.
    private func failure(_ phase: SQLFailure.Phase, code: Int32, context: UnsafePointer<CChar>?) -> SQLFailure {
        // The message's bytes as SQLite wrote them: it quotes the SQL, which
        // may hold bytes that are not UTF-8 (sqlite3 prints them as they are).
        let messageBytes = Array(UnsafeRawBufferPointer(start: sqlite3_errmsg(connection), count: strlen(sqlite3_errmsg(connection))))
        let sqliteMessage = String(decoding: messageBytes, as: UTF8.self)
        let primary = code & 0xFF
        var message = messageBytes
        if primary > 1 { message += Array(" (\(primary))".utf8) }
        if let context {
            message += SQLExecutor.errorContext(sql: context, offset: Int(sqlite3_error_offset(connection)))
        }
        return SQLFailure(phase: phase, message: message, sqliteMessage: sqliteMessage, code: primary)
    }

    /// The lines under a parse error that quote the SQL and point at the
    /// error: `\n  SQL\n  ^--- error here`.
    static func errorContext(sql: UnsafePointer<CChar>, offset: Int) -> [UInt8] {
        guard offset >= 0 else { return [] }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(sql).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(sql)))
        var start = 0
        var caret = offset
        while caret > 50 {
            caret -= 1
            start += 1
            while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1; caret -= 1 }
        }
        var length = bytes.count - start
        if length > 78 {
            // Back to the start of a character. When every byte is a
            // continuation byte, sqlite3 3.40.1's loop runs below zero and
            // its printf reads the negative length as 1: quote one byte.
            length = 78
            while length >= 0, bytes[start + length] & 0xC0 == 0x80 { length -= 1 }
            if length < 0 { length = 1 }
        }
        let code = bytes[start..<(start + length)].map { SQLiteText.isSpace($0) ? UInt8(ascii: " ") : $0 }
        var result = Array("\n  ".utf8) + code + Array("\n  ".utf8)
        if caret < 25 {
            result += [UInt8](repeating: UInt8(ascii: " "), count: max(0, caret)) + Array("^--- error here".utf8)
        } else {
            result += [UInt8](repeating: UInt8(ascii: " "), count: caret - 14) + Array("error here ---^".utf8)
        }
        return result
    }
}
