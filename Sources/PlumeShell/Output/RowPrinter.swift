/// Prints rows one at a time in the row-oriented modes (list, csv, tabs,
/// line, quote, json, insert, html, tcl, ascii), as the `sqlite3` shell's
/// `shell_callback` does.
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

    init(settings: OutputSettings, columns: [[UInt8]], output: OutputBuffer, rowsBefore: Int = 0) {
        self.settings = settings
        self.mode = settings.mode
        self.columns = columns
        self.output = output
        count = rowsBefore
    }

    /// Prints one row.
    mutating func print(_ row: [ResultCell]) {
        defer {
            count += 1
            statementRows += 1
        }
        switch mode {
        case .line: printLine(row)
        case .list, .explain, .pretty, .eqp: printList(row)
        case .semi: printSchema(row)
        case .html: printHTML(row)
        case .csv: printCSV(row)
        case .insert: printInsert(row)
        case .json: printJSON(row)
        case .quote: printQuote(row)
        case .tcl: printTcl(row)
        case .ascii: printList(row)
        case .count, .off, .column, .markdown, .table, .box: break
        }
    }

    /// Prints what follows the last row (`]` of json).
    func finish() {
        if mode == .json && statementRows > 0 { output.write("]\n") }
        if mode == .count { output.write(SQLiteText.format("%lld rows\n", Int64(statementRows))) }
    }

    func value(_ cell: ResultCell) -> [UInt8] {
        cell.isNull ? settings.nullValue : cell.text
    }

    func writeSeparated(_ fields: [[UInt8]]) {
        for (index, field) in fields.enumerated() {
            output.write(field)
            output.write(index == fields.count - 1 ? settings.rowSeparator : settings.columnSeparator)
        }
    }

    private func printList(_ row: [ResultCell]) {
        if count == 0 && settings.showHeader { writeSeparated(columns) }
        writeSeparated(row.map(value))
    }

    private func printLine(_ row: [ResultCell]) {
        let width = columns.reduce(5) { max($0, $1.count) }
        if count > 0 { output.write(settings.rowSeparator) }
        for (name, cell) in zip(columns, row) {
            output.write(repeating: UInt8(ascii: " "), count: width - name.count)
            output.write(name)
            output.write(" = ")
            output.write(value(cell))
            output.write(settings.rowSeparator)
        }
    }

    private func printSchema(_ row: [ResultCell]) {
        guard let first = row.first, !first.isNull else { return }
        output.write(SchemaText.statementLine(first.text))
    }

    private func printTcl(_ row: [ResultCell]) {
        if count == 0 && settings.showHeader {
            writeSeparated(columns.map(ValueQuoting.cString))
        }
        writeSeparated(row.map { ValueQuoting.cString(value($0)) })
    }

}
