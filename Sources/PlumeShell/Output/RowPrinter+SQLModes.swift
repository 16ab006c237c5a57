/// `insert` and `quote` modes: values written as SQL literals.
extension RowPrinter {
    /// A value as SQL source (`quote` and `insert` modes).
    func sqlLiteral(_ cell: ResultCell, escapeNewlines: Bool) -> [UInt8] {
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

    func printInsert(_ row: [ResultCell]) {
        output.write("INSERT INTO ")
        output.write(settings.insertTable)
        if settings.showHeader {
            output.write("(")
            output.write(Array(columns.map(SQLiteText.identifier).joined(separator: [UInt8(ascii: ",")])))
            output.write(")")
        }
        for (index, cell) in row.enumerated() {
            output.write(index > 0 ? "," : " VALUES(")
            output.write(sqlLiteral(cell, escapeNewlines: true))
        }
        output.write(");\n")
    }

    func printQuote(_ row: [ResultCell]) {
        if count == 0 && settings.showHeader {
            output.write(Array(columns.map(ValueQuoting.sqlString).joined(separator: settings.columnSeparator)))
            output.write(settings.rowSeparator)
        }
        output.write(Array(row.map { sqlLiteral($0, escapeNewlines: false) }.joined(separator: settings.columnSeparator)))
        output.write(settings.rowSeparator)
    }
}
