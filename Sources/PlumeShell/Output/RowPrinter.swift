import CSQLite

/// Prints rows one at a time in the row-oriented modes (list, csv, tabs,
/// line, quote, json, insert, html, tcl, ascii), as the `sqlite3` shell's
/// `shell_callback` does.
///
/// Values go from the statement's memory straight into the output buffer
/// (see ``StatementRow``): no copy, cell or string per value.
struct RowPrinter {
    let settings: OutputSettings
    let mode: OutputMode
    let columns: [[UInt8]]
    let output: OutputBuffer
    /// Rows printed so far (the shell's `cnt`), counting those of the
    /// `.eqp full` listing printed before.
    private(set) var count = 0
    /// Rows of this statement.
    private var statementRows = 0
    /// `"name":` of each column (json mode), encoded once.
    let jsonKeys: [[UInt8]]
    /// The width names are right-aligned to (line mode).
    private let lineWidth: Int

    init(settings: OutputSettings, columns: [[UInt8]], output: OutputBuffer, rowsBefore: Int = 0) {
        self.settings = settings
        self.mode = settings.mode
        self.columns = columns
        self.output = output
        count = rowsBefore
        jsonKeys = settings.mode == .json ? columns.map { ValueQuoting.jsonString($0) + [UInt8(ascii: ":")] } : []
        lineWidth = columns.reduce(5) { max($0, $1.count) }
    }

    /// Prints the statement's current row.
    mutating func print(_ row: StatementRow) {
        defer {
            count += 1
            statementRows += 1
        }
        switch mode {
        case .line: printLine(row)
        case .list, .explain, .pretty, .eqp, .ascii: printList(row)
        case .semi: printSchema(row)
        case .html: printHTML(row)
        case .csv: printCSV(row)
        case .insert: printInsert(row)
        case .json: printJSON(row)
        case .quote: printQuote(row)
        case .tcl: printTcl(row)
        case .count, .off, .column, .markdown, .table, .box: break
        }
    }

    /// Prints what follows the last row (`]` of json).
    func finish() {
        if mode == .json && statementRows > 0 { output.write("]\n") }
        if mode == .count { output.write(SQLiteText.format("%lld rows\n", Int64(statementRows))) }
    }

    /// Writes column `index` as text, or the null value.
    @inline(__always)
    func writeValue(_ row: StatementRow, _ index: Int) {
        if row.type(index) == SQLITE_NULL {
            output.write(settings.nullValue)
        } else {
            output.write(row.text(index))
        }
    }

    /// The text of column `index`, or the null value, as an array.
    func value(_ row: StatementRow, _ index: Int) -> [UInt8] {
        row.type(index) == SQLITE_NULL ? settings.nullValue : Array(row.text(index))
    }

    func writeSeparated(_ fields: [[UInt8]]) {
        for (index, field) in fields.enumerated() {
            output.write(field)
            output.write(index == fields.count - 1 ? settings.rowSeparator : settings.columnSeparator)
        }
    }

    private func printList(_ row: StatementRow) {
        if count == 0 && settings.showHeader { writeSeparated(columns) }
        for index in 0..<row.count {
            writeValue(row, index)
            output.write(index == row.count - 1 ? settings.rowSeparator : settings.columnSeparator)
        }
    }

    private func printLine(_ row: StatementRow) {
        if count > 0 { output.write(settings.rowSeparator) }
        for (index, name) in columns.enumerated() where index < row.count {
            output.write(repeating: UInt8(ascii: " "), count: lineWidth - name.count)
            output.write(name)
            output.write(" = ")
            writeValue(row, index)
            output.write(settings.rowSeparator)
        }
    }

    private func printSchema(_ row: StatementRow) {
        guard row.count > 0, row.type(0) != SQLITE_NULL else { return }
        output.write(SchemaText.statementLine(Array(row.text(0))))
    }

    private func printTcl(_ row: StatementRow) {
        if count == 0 && settings.showHeader {
            writeSeparated(columns.map(ValueQuoting.cString))
        }
        writeSeparated((0..<row.count).map { ValueQuoting.cString(value(row, $0)) })
    }
}
