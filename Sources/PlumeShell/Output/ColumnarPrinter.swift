/// Lays results out in aligned columns (`column`, `table`, `box`,
/// `markdown`), as the shell's `exec_prepared_stmt_columnar`, measuring
/// text as ``ColumnMeasure`` says.
///
/// All rows are read before the first is printed: widths depend on every
/// value. Values wider than the wrap width, or holding newlines, continue on
/// further lines of the same row.
struct ColumnarPrinter {
    private let settings: OutputSettings
    private let mode: OutputMode
    private let columnCount: Int
    /// `.width` values, extended with zeros to the column count.
    private(set) var widths: [Int]
    /// Display lines: the header line, then the lines of each row.
    private var lines: [[[UInt8]?]] = []
    /// Whether a line is the last one of its row (a row divider may follow).
    private var endsRow: [Bool] = []
    private var hasMultiLineRow = false
    private let measure: ColumnMeasure

    init(settings: OutputSettings, columns: [[UInt8]], measure: ColumnMeasure) {
        self.settings = settings
        self.measure = measure
        self.mode = settings.mode
        columnCount = columns.count
        widths = settings.columnWidths
        if widths.count < columns.count { widths += Array(repeating: 0, count: columns.count - widths.count) }
        lines.append(columns.enumerated().map { index, name in
            ColumnarText.firstLine(of: name[...], maxWidth: wrapWidth(index), wordWrap: settings.wordWrap, measure: measure).line
        })
        endsRow.append(true)
    }

    private func wrapWidth(_ column: Int) -> Int {
        let width = widths[column]
        return width == 0 ? settings.wrap : abs(width)
    }

    /// Adds a row, split into display lines.
    mutating func add(_ row: [ResultCell]) {
        var pending: [ArraySlice<UInt8>?] = row.map { cell in
            if settings.quoteColumns { return quoted(cell)[...] }
            return cell.isNull ? settings.nullValue[...] : cell.text[...]
        }
        var first = true
        while first || pending.contains(where: { $0 != nil }) {
            var line: [[UInt8]?] = []
            var next: [ArraySlice<UInt8>?] = []
            for (index, text) in pending.enumerated() {
                let (part, tail) = ColumnarText.firstLine(of: text ?? [][...], maxWidth: wrapWidth(index),
                                                          wordWrap: settings.wordWrap, measure: measure)
                line.append(part)
                next.append(tail)
            }
            if next.contains(where: { $0 != nil }) { hasMultiLineRow = true }
            lines.append(line)
            endsRow.append(!next.contains(where: { $0 != nil }))
            pending = next
            first = false
        }
    }

    private func quoted(_ cell: ResultCell) -> [UInt8] {
        switch cell.kind {
        case .null: Array("NULL".utf8)
        case .integer, .real: cell.text
        case .text: ValueQuoting.sqlString(cell.text)
        case .blob: Array("x".utf8) + SQLiteText.hexBlob(cell.bytes).dropFirst()
        }
    }

    /// Prints the header and every row.
    func render(to output: OutputBuffer) {
        guard columnCount > 0 else { return }
        var actual = widths.prefix(columnCount).map(abs)
        for line in lines {
            for (index, text) in line.enumerated() { actual[index] = max(actual[index], measure.of(text ?? [])) }
        }
        let header = lines[0].map { $0 ?? [] }
        switch mode {
        case .column:
            if settings.showHeader {
                for index in 0..<columnCount {
                    output.write(ColumnarText.padded(header[index], width: widths[index] < 0 ? -actual[index] : actual[index],
                                                     measure: measure))
                    output.write(index == columnCount - 1 ? "\n" : "  ")
                }
                for index in 0..<columnCount {
                    output.write(repeating: UInt8(ascii: "-"), count: actual[index])
                    output.write(index == columnCount - 1 ? "\n" : "  ")
                }
            }
        case .table:
            separator(actual, "+", "+", "+", fill: "-", to: output)
            writeCentered(header, actual, open: "| ", between: " | ", close: " |\n", to: output)
            separator(actual, "+", "+", "+", fill: "-", to: output)
        case .markdown:
            writeCentered(header, actual, open: "| ", between: " | ", close: " |\n", to: output)
            separator(actual, "|", "|", "|", fill: "-", to: output)
        default:
            separator(actual, "┌", "┬", "┐", fill: "─", to: output)
            writeCentered(header, actual, open: "│ ", between: " │ ", close: " │\n", to: output)
            separator(actual, "├", "┼", "┤", fill: "─", to: output)
        }
        let (open, between, close) = switch mode {
        case .column: ("", "  ", "\n")
        case .box: ("│ ", " │ ", " │\n")
        default: ("| ", " | ", " |\n")
        }
        for lineIndex in 1..<lines.count {
            output.write(open)
            for (index, text) in lines[lineIndex].enumerated() {
                let width = widths[index] < 0 ? -actual[index] : actual[index]
                output.write(ColumnarText.padded(text ?? settings.nullValue, width: width, measure: measure))
                output.write(index == columnCount - 1 ? close : between)
            }
            if hasMultiLineRow && endsRow[lineIndex] && lineIndex + 1 < lines.count {
                switch mode {
                case .table: separator(actual, "+", "+", "+", fill: "-", to: output)
                case .box: separator(actual, "├", "┼", "┤", fill: "─", to: output)
                case .column: output.write("\n")
                default: break
                }
            }
        }
        switch mode {
        case .table: separator(actual, "+", "+", "+", fill: "-", to: output)
        case .box: separator(actual, "└", "┴", "┘", fill: "─", to: output)
        default: break
        }
    }

    private func separator(_ widths: [Int], _ left: String, _ middle: String, _ right: String, fill: String,
                           to output: OutputBuffer) {
        output.write(left)
        for (index, width) in widths.enumerated() {
            if index > 0 { output.write(middle) }
            output.write(String(repeating: fill, count: width + 2))
        }
        output.write(right)
        output.write("\n")
    }

    private func writeCentered(_ header: [[UInt8]], _ widths: [Int], open: String, between: String, close: String,
                               to output: OutputBuffer) {
        output.write(open)
        for index in header.indices {
            output.write(ColumnarText.centered(header[index], width: widths[index], measure: measure))
            output.write(index == header.count - 1 ? close : between)
        }
    }
}
