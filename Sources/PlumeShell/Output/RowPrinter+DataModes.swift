/// `csv`, `json` and `html` modes: values quoted for other formats.
extension RowPrinter {
    func printCSV(_ row: [ResultCell]) {
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

    func printJSON(_ row: [ResultCell]) {
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

    func printHTML(_ row: [ResultCell]) {
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
}
