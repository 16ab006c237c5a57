import CSQLite

/// `csv`, `json` and `html` modes: values quoted for other formats.
extension RowPrinter {
    func printCSV(_ row: StatementRow) {
        let separator = settings.columnSeparator
        var output = output
        if count == 0 && settings.showHeader {
            for (index, name) in columns.enumerated() {
                name.withUnsafeBufferPointer { ValueQuoting.appendCSVField($0, separator: separator, to: &output) }
                if index < columns.count - 1 { output.write(separator) }
            }
            output.write(settings.rowSeparator)
        }
        guard row.count > 0 else { return }
        for index in 0..<row.count {
            if row.type(index) == SQLITE_NULL {
                output.write(settings.nullValue)
            } else {
                ValueQuoting.appendCSVField(row.text(index), separator: separator, to: &output)
            }
            if index < row.count - 1 { output.write(separator) }
        }
        output.write(settings.rowSeparator)
    }

    func printJSON(_ row: StatementRow) {
        var output = output
        output.write(count == 0 ? "[{" : ",\n{")
        for index in 0..<min(row.count, jsonKeys.count) {
            output.write(jsonKeys[index])
            switch row.type(index) {
            case SQLITE_NULL: output.write("null")
            case SQLITE_FLOAT: SQLiteText.appendPrecise(row.double(index), to: &output)
            case SQLITE_BLOB:
                _ = row.text(index)
                ValueQuoting.appendJSONString(row.blob(index), to: &output)
            case SQLITE_INTEGER: output.write(row.text(index))
            default: ValueQuoting.appendJSONString(row.text(index), to: &output)
            }
            if index < row.count - 1 { output.write(byte: UInt8(ascii: ",")) }
        }
        output.write(byte: UInt8(ascii: "}"))
    }

    func printHTML(_ row: StatementRow) {
        var output = output
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
        for index in 0..<row.count {
            output.write("<TD>")
            if row.type(index) == SQLITE_NULL {
                settings.nullValue.withUnsafeBufferPointer { ValueQuoting.appendHTML($0, to: &output) }
            } else {
                ValueQuoting.appendHTML(row.text(index), to: &output)
            }
            output.write("</TD>\n")
        }
        output.write("</TR>\n")
    }
}
