/// Prints `EXPLAIN` bytecode listings as the `sqlite3` shell does: fixed
/// column widths, and loop bodies indented by two spaces per level.
struct ExplainPrinter {
    private static let widths = [4, 13, 4, 4, 4, 13, 2, 13]
    private static let expectedColumns = ["addr", "opcode", "p1", "p2", "p3", "p4", "p5", "comment"]

    private let columns: [[UInt8]]
    private let nullValue: [UInt8]
    private var rows: [[ResultCell]] = []

    /// Whether a result has the columns of an `EXPLAIN` listing (otherwise
    /// the shell prints it in the current mode).
    static func applies(to columns: [[UInt8]]) -> Bool {
        columns.map { String(decoding: $0, as: UTF8.self) } == expectedColumns
    }

    init(columns: [[UInt8]], nullValue: [UInt8]) {
        self.columns = columns
        self.nullValue = nullValue
    }

    mutating func add(_ row: [ResultCell]) {
        rows.append(row)
    }

    private static func integer(_ cell: ResultCell) -> Int {
        Int(String(decoding: cell.text, as: UTF8.self)) ?? 0
    }

    /// The indentation of each instruction: the shell's
    /// `explain_data_prepare`.
    private func indents() -> [Int] {
        var indents = [Int](repeating: 0, count: rows.count)
        var yields = [Bool](repeating: false, count: rows.count)
        for (index, row) in rows.enumerated() {
            let address = Self.integer(row[0])
            let opcode = String(decoding: row[1].text, as: UTF8.self)
            let target = Self.integer(row[3]) + (index - address)
            yields[index] = ["Yield", "SeekLT", "SeekGT", "RowSetRead", "Rewind"].contains(opcode)
            if ["Next", "Prev", "VPrev", "VNext", "SorterNext", "Return"].contains(opcode), target > 0 {
                for inner in target..<max(target, index) { indents[inner] += 2 }
            }
            if opcode == "Goto", target >= 0, target < index + 1, yields[target] || Self.integer(row[2]) != 0 {
                for inner in target..<max(target, index) { indents[inner] += 2 }
            }
        }
        return indents
    }

    /// Prints the header and the listing.
    func render(to output: OutputBuffer) {
        guard !rows.isEmpty else { return }
        let widths = Self.widths
        let measure = output.columnMeasure
        for (index, name) in columns.enumerated() {
            output.write(ColumnarText.padded(name, width: widths[index], measure: measure))
            output.write(index == columns.count - 1 ? "\n" : "  ")
        }
        for index in columns.indices {
            output.write(repeating: 0x2D, count: widths[index])
            output.write(index == columns.count - 1 ? "\n" : "  ")
        }
        let indents = indents()
        for (rowIndex, row) in rows.enumerated() {
            for (index, cell) in row.enumerated() {
                let value = cell.isNull ? nullValue : cell.text
                let width = max(index == row.count - 1 ? 0 : widths[index], measure.of(value))
                if index == 1 { output.write(repeating: 0x20, count: indents[rowIndex]) }
                output.write(ColumnarText.padded(value, width: width, measure: measure))
                output.write(index == row.count - 1 ? "\n" : "  ")
            }
        }
    }
}
