import CSQLite

/// `insert` and `quote` modes: values written as SQL literals.
extension RowPrinter {
    /// Writes column `index` as SQL source (`quote` and `insert` modes).
    /// Blobs keep their bytes: they are not read as text first.
    func writeSQLLiteral(_ row: StatementRow, _ index: Int, escapeNewlines: Bool) {
        var output = output
        switch row.type(index) {
        case SQLITE_NULL: output.write("NULL")
        case SQLITE_INTEGER: output.write(row.text(index))
        case SQLITE_FLOAT:
            if escapeNewlines {
                SQLiteText.appendPrecise(row.double(index), integralAsInteger: true, to: &output)
            } else {
                SQLiteText.appendReal(row.double(index), format: "%!.20g", to: &output)
            }
        case SQLITE_BLOB: SQLiteText.appendHexBlob(row.blob(index), to: &output)
        default:
            let text = row.text(index)
            if escapeNewlines && !settings.keepNewlines && text.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                output.write(ValueQuoting.escapedSQLString(Array(text)))
            } else {
                SQLiteText.appendQuoted(text, with: UInt8(ascii: "'"), to: &output)
            }
        }
    }

    func printInsert(_ row: StatementRow) {
        output.write("INSERT INTO ")
        output.write(settings.insertTable)
        if settings.showHeader {
            output.write("(")
            output.write(Array(columns.map(SQLiteText.identifier).joined(separator: [UInt8(ascii: ",")])))
            output.write(")")
        }
        for index in 0..<row.count {
            output.write(index > 0 ? "," : " VALUES(")
            writeSQLLiteral(row, index, escapeNewlines: true)
        }
        output.write(");\n")
    }

    func printQuote(_ row: StatementRow) {
        if count == 0 && settings.showHeader {
            output.write(Array(columns.map(ValueQuoting.sqlString).joined(separator: settings.columnSeparator)))
            output.write(settings.rowSeparator)
        }
        for index in 0..<row.count {
            if index > 0 { output.write(settings.columnSeparator) }
            writeSQLLiteral(row, index, escapeNewlines: false)
        }
        output.write(settings.rowSeparator)
    }
}
