/// Prints rows one at a time in the row-oriented modes (list, csv, tabs,
/// line, quote, json, insert, html, tcl, ascii), as the `sqlite3` shell's
/// `shell_callback` does.
struct RowPrinter {
    let settings: OutputSettings
    let mode: OutputMode
    let columns: [[UInt8]]
    let output: OutputBuffer
    /// Rows printed so far (the shell's `cnt`).
    private(set) var count = 0

    init(settings: OutputSettings, mode: OutputMode? = nil, columns: [[UInt8]], output: OutputBuffer) {
        self.settings = settings
        self.mode = mode ?? settings.mode
        self.columns = columns
        self.output = output
    }

    /// Prints one row.
    mutating func print(_ row: [ResultCell]) {
        defer { count += 1 }
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
        if mode == .json && count > 0 { output.write("]\n") }
        if mode == .count { output.write(SQLiteText.format("%lld rows\n", Int64(count))) }
    }

    private func value(_ cell: ResultCell) -> [UInt8] {
        cell.isNull ? settings.nullValue : cell.text
    }

    private func writeSeparated(_ fields: [[UInt8]]) {
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
            output.write(repeating: 0x20, count: width - name.count)
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

    private func printHTML(_ row: [ResultCell]) {
        if count == 0 && settings.showHeader {
            output.write("<TR>")
            for name in columns {
                output.write("<TH>")
                output.write(ValueQuoting.html(name))
                output.write("</TH>\n")
            }
            output.write("</TR>\n")
        }
        output.write("<TR>")
        for cell in row {
            output.write("<TD>")
            output.write(ValueQuoting.html(value(cell)))
            output.write("</TD>\n")
        }
        output.write("</TR>\n")
    }

    private func printTcl(_ row: [ResultCell]) {
        if count == 0 && settings.showHeader {
            writeSeparated(columns.map(ValueQuoting.cString))
        }
        writeSeparated(row.map { ValueQuoting.cString(value($0)) })
    }

    private func printCSV(_ row: [ResultCell]) {
        let separator = settings.columnSeparator
        if count == 0 && settings.showHeader {
            for (index, name) in columns.enumerated() {
                output.write(ValueQuoting.csvField(name, separator: separator))
                if index < columns.count - 1 { output.write(separator) }
            }
            output.write(settings.rowSeparator)
        }
        guard !row.isEmpty else { return }
        for (index, cell) in row.enumerated() {
            output.write(cell.isNull ? settings.nullValue : ValueQuoting.csvField(cell.text, separator: separator))
            if index < row.count - 1 { output.write(separator) }
        }
        output.write(settings.rowSeparator)
    }

    /// A value as SQL source (`quote` and `insert` modes).
    private func sqlLiteral(_ cell: ResultCell, escapeNewlines: Bool) -> [UInt8] {
        switch cell.kind {
        case .null: Array("NULL".utf8)
        case .integer: cell.text
        case .real: escapeNewlines
            ? SQLiteText.precise(cell.double, integralAsInteger: true) : SQLiteText.format("%!.20g", cell.double)
        case .blob: SQLiteText.hexBlob(cell.bytes)
        case .text: escapeNewlines && !settings.keepNewlines
            ? ValueQuoting.escapedSQLString(cell.text) : ValueQuoting.sqlString(cell.text)
        }
    }

    private func printInsert(_ row: [ResultCell]) {
        output.write("INSERT INTO ")
        output.write(settings.insertTable)
        if settings.showHeader {
            output.write("(")
            output.write(Array(columns.map(SQLiteText.identifier).joined(separator: [0x2C])))
            output.write(")")
        }
        for (index, cell) in row.enumerated() {
            output.write(index > 0 ? "," : " VALUES(")
            output.write(sqlLiteral(cell, escapeNewlines: true))
        }
        output.write(");\n")
    }

    private func printQuote(_ row: [ResultCell]) {
        if count == 0 && settings.showHeader {
            output.write(Array(columns.map(ValueQuoting.sqlString).joined(separator: settings.columnSeparator)))
            output.write(settings.rowSeparator)
        }
        output.write(Array(row.map { sqlLiteral($0, escapeNewlines: false) }.joined(separator: settings.columnSeparator)))
        output.write(settings.rowSeparator)
    }

    private func printJSON(_ row: [ResultCell]) {
        output.write(count == 0 ? "[{" : ",\n{")
        for (index, (name, cell)) in zip(columns, row).enumerated() {
            output.write(ValueQuoting.jsonString(name))
            output.write(":")
            switch cell.kind {
            case .null: output.write("null")
            case .real: output.write(SQLiteText.precise(cell.double))
            case .blob: output.write(ValueQuoting.jsonString(cell.bytes))
            case .text: output.write(ValueQuoting.jsonString(cell.text))
            case .integer: output.write(cell.text)
            }
            if index < row.count - 1 { output.write(",") }
        }
        output.write("}")
    }
}
