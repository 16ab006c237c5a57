import CSQLite

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
    /// The bytes of every display line's cells, one after another: the
    /// header line, then the lines of each row (sqlite3 keeps one string
    /// per value; one arena costs less than an array per cell).
    private var text: [UInt8] = []
    /// Where each cell's bytes end in `text`, `columnCount` per line.
    private var ends: [Int] = []
    /// The widest cell of each column so far.
    private var actual: [Int]
    /// The widths of the row being added (kept to spare an allocation).
    private var counted: [Int]
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
        actual = widths.prefix(columns.count).map(abs)
        counted = Array(repeating: 0, count: columns.count)
        for (index, name) in columns.enumerated() {
            append(ColumnarText.firstLine(of: visible(name)[...], maxWidth: wrapWidth(index), wordWrap: settings.wordWrap,
                                          measure: measure).line[...], column: index)
        }
        endsRow.append(true)
    }

    private func wrapWidth(_ column: Int) -> Int {
        let width = widths[column]
        return width == 0 ? settings.wrap : abs(width)
    }

    /// Keeps one cell of a display line.
    private mutating func append(_ cell: ArraySlice<UInt8>, column: Int) {
        text.append(contentsOf: cell)
        ends.append(text.count)
        actual[column] = max(actual[column], cell.allSatisfy { $0 < 0x80 } ? cell.count : measure.of(Array(cell)))
    }

    /// The widths of text without control characters, as the aligned
    /// modes see it: `walked` as ``ColumnarText`` walks it character by
    /// character (to cut and pad), `counted` as ``ColumnMeasure/of(_:)``
    /// counts it (for column widths). Nil when the text holds a control
    /// character, or is not ASCII and measured by display width: then
    /// ``ColumnarText`` does the work.
    private func plainWidths(_ bytes: UnsafeBufferPointer<UInt8>) -> (walked: Int, counted: Int, isASCII: Bool)? {
        var starts = 0
        var isASCII = true
        for byte in bytes {
            if byte < UInt8(ascii: " ") || (byte == 0x7F && measure == .displayWidth) { return nil }
            if byte & 0xC0 != 0x80 { starts += 1 }
            if byte >= 0x80 { isASCII = false }
        }
        if isASCII { return (bytes.count, bytes.count, true) }
        guard measure == .characters else { return nil }
        // A leading continuation byte is a character of its own to the walk.
        return (starts + (bytes[0] & 0xC0 == 0x80 ? 1 : 0), starts, false)
    }

    /// Adds the statement's current row, split into display lines.
    mutating func add(_ row: StatementRow) {
        // Fast path: values without control characters that fit are their
        // own line.
        var fits = !settings.quoteColumns
        for index in 0..<columnCount where fits {
            let limit = wrapWidth(index) == 0 ? 1_000_000 : wrapWidth(index)
            let value = row.type(index) == SQLITE_NULL ? nil : row.text(index)
            let widths = value.map(plainWidths) ?? settings.nullValue.withUnsafeBufferPointer(plainWidths)
            // Text that reaches the limit exactly may be cut at a word
            // (`--wordwrap`), except ASCII (ColumnarText's own fast path).
            guard let widths, widths.walked < limit || (widths.walked == limit && (!settings.wordWrap || widths.isASCII)) else {
                fits = false
                break
            }
            counted[index] = widths.counted
        }
        if fits {
            for index in 0..<columnCount {
                if row.type(index) == SQLITE_NULL {
                    text.append(contentsOf: settings.nullValue)
                } else {
                    text.append(contentsOf: row.text(index))
                }
                ends.append(text.count)
                actual[index] = max(actual[index], counted[index])
            }
            endsRow.append(true)
            return
        }
        var pending: [ArraySlice<UInt8>?] = (0..<columnCount).map { index in
            if settings.quoteColumns { return visible(quoted(row, index))[...] }
            return visible(row.type(index) == SQLITE_NULL ? settings.nullValue : Array(row.text(index)))[...]
        }
        var first = true
        while first || pending.contains(where: { $0 != nil }) {
            var next: [ArraySlice<UInt8>?] = []
            for (index, text) in pending.enumerated() {
                let (part, tail) = ColumnarText.firstLine(of: text ?? [][...], maxWidth: wrapWidth(index),
                                                          wordWrap: settings.wordWrap, measure: measure)
                // A column whose value ended on an earlier line is empty.
                append(part[...], column: index)
                next.append(tail)
            }
            if next.contains(where: { $0 != nil }) { hasMultiLineRow = true }
            endsRow.append(!next.contains(where: { $0 != nil }))
            pending = next
            first = false
        }
    }

    /// On a terminal, the text with its control characters made visible
    /// (``ColumnarText/visibleControls(_:)``); elsewhere the text as is, as
    /// `sqlite3` 3.40 prints it.
    private func visible(_ bytes: [UInt8]) -> [UInt8] {
        measure == .displayWidth ? ColumnarText.visibleControls(bytes) : bytes
    }

    private func quoted(_ row: StatementRow, _ index: Int) -> [UInt8] {
        switch row.type(index) {
        case SQLITE_NULL: return Array("NULL".utf8)
        case SQLITE_INTEGER, SQLITE_FLOAT: return Array(row.text(index))
        case SQLITE_BLOB:
            _ = row.text(index)
            return Array("x".utf8) + SQLiteText.hexBlob(Array(row.blob(index))).dropFirst()
        default: return ValueQuoting.sqlString(Array(row.text(index)))
        }
    }

    /// The bytes of cell `index` (lines one after another).
    private func cell(_ index: Int) -> ArraySlice<UInt8> {
        text[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// Writes a cell padded or cut to `width` columns (right-aligned when
    /// negative), as ``ColumnarText/padded(_:width:measure:)``.
    private func writePadded(_ cell: ArraySlice<UInt8>, width: Int, to output: OutputBuffer) {
        let target = abs(width)
        cell.withUnsafeBufferPointer { bytes in
            guard let walked = plainWidths(bytes)?.walked, walked <= target else {
                output.write(ColumnarText.padded(Array(bytes), width: width, measure: measure))
                return
            }
            if width < 0 { output.write(repeating: UInt8(ascii: " "), count: target - walked) }
            output.write(bytes)
            if width >= 0 { output.write(repeating: UInt8(ascii: " "), count: target - walked) }
        }
    }

    /// Prints the header and every row.
    func render(to output: OutputBuffer) {
        guard columnCount > 0 else { return }
        let header = (0..<columnCount).map { Array(cell($0)) }
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
        let (open, between, close): ([UInt8], [UInt8], [UInt8]) = switch mode {
        case .column: ([], Array("  ".utf8), Array("\n".utf8))
        case .box: (Array("│ ".utf8), Array(" │ ".utf8), Array(" │\n".utf8))
        default: (Array("| ".utf8), Array(" | ".utf8), Array(" |\n".utf8))
        }
        // The divider between rows of several lines, made once.
        var divider: [UInt8] = []
        switch mode {
        case .table: divider = separatorLine(actual, "+", "+", "+", fill: "-")
        case .box: divider = separatorLine(actual, "├", "┼", "┤", fill: "─")
        case .column: divider = [UInt8(ascii: "\n")]
        default: break
        }
        let lineCount = endsRow.count
        for lineIndex in 1..<lineCount {
            output.write(open)
            for index in 0..<columnCount {
                let width = widths[index] < 0 ? -actual[index] : actual[index]
                writePadded(cell(lineIndex * columnCount + index), width: width, to: output)
                output.write(index == columnCount - 1 ? close : between)
            }
            if hasMultiLineRow && endsRow[lineIndex] && lineIndex + 1 < lineCount { output.write(divider) }
        }
        switch mode {
        case .table: separator(actual, "+", "+", "+", fill: "-", to: output)
        case .box: separator(actual, "└", "┴", "┘", fill: "─", to: output)
        default: break
        }
    }

    private func separator(_ widths: [Int], _ left: String, _ middle: String, _ right: String, fill: String,
                           to output: OutputBuffer) {
        output.write(separatorLine(widths, left, middle, right, fill: fill))
    }

    private func separatorLine(_ widths: [Int], _ left: String, _ middle: String, _ right: String, fill: String) -> [UInt8] {
        var line = Array(left.utf8)
        for (index, width) in widths.enumerated() {
            if index > 0 { line += middle.utf8 }
            for _ in 0..<(width + 2) { line += fill.utf8 }
        }
        line += right.utf8
        line.append(UInt8(ascii: "\n"))
        return line
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
