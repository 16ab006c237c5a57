/// Prints rows in the `sqlite3` shell's explain mode: the first eight
/// columns at fixed widths (4, 13, 4, 4, 4, 13, 2, 13 characters, names
/// cut to fit, values widening theirs, the last column unpadded), under a
/// header and dashes; for `EXPLAIN` listings, loop bodies indented by two
/// spaces per level.
struct ExplainPrinter {
    private static let widths = [4, 13, 4, 4, 4, 13, 2, 13]
    private static let expectedColumns = ["addr", "opcode", "p1", "p2", "p3", "p4", "p5", "comment"]

    private let columns: [[UInt8]]
    private let nullValue: [UInt8]
    private let indentsLoops: Bool
    /// Rows printed before by the same statement's `.eqp full` listing: the
    /// header is printed only when there are none (the shell's `cnt`).
    private let rowsBefore: Int
    private var rows: [[ResultCell]] = []

    /// Whether a statement's SQL and columns are those of an `EXPLAIN`
    /// listing, whose loops are indented (`explain_data_prepare`'s checks).
    static func isListing(sql: [UInt8], columns: [[UInt8]]) -> Bool {
        let text = sql.drop { Array(" \t\n\u{0C}\r".utf8).contains($0) }
        return columns.count == 8 && text.prefix(7).map(SQLiteText.lowercased) == Array("explain".utf8)
    }

    /// Whether the columns are named as an `EXPLAIN` listing's (checked
    /// once there is a row).
    static func hasListingColumns(_ columns: [[UInt8]]) -> Bool {
        columns.map { String(decoding: $0, as: UTF8.self) } == expectedColumns
    }

    init(columns: [[UInt8]], nullValue: [UInt8], indentsLoops: Bool, rowsBefore: Int = 0) {
        self.columns = Array(columns.prefix(8))
        self.nullValue = nullValue
        self.indentsLoops = indentsLoops
        self.rowsBefore = rowsBefore
    }

    /// The rows added.
    var count: Int { rows.count }

    mutating func add(_ row: [ResultCell]) {
        rows.append(Array(row.prefix(8)))
    }

    private static func integer(_ cell: ResultCell) -> Int {
        Int(String(decoding: cell.text, as: UTF8.self)) ?? 0
    }

    /// The indentation of each instruction: the shell's
    /// `explain_data_prepare`.
    private func indents() -> [Int] {
        var indents = [Int](repeating: 0, count: rows.count)
        guard indentsLoops else { return indents }
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

    /// Prints the header and the rows (nothing without rows).
    func render(to output: OutputBuffer) {
        guard !rows.isEmpty else { return }
        let widths = Self.widths
        let last = columns.count - 1
        if rowsBefore == 0 {
            for (index, name) in columns.enumerated() {
                Self.write(name, width: widths[index], to: output)
                output.write(index == last ? "\n" : "  ")
            }
            for index in columns.indices {
                output.write(repeating: UInt8(ascii: "-"), count: widths[index])
                output.write(index == last ? "\n" : "  ")
            }
        }
        let indents = indents()
        for (rowIndex, row) in rows.enumerated() {
            for (index, cell) in row.enumerated() {
                let value = cell.isNull ? nullValue : cell.text
                let width = max(index == last ? 0 : widths[index], cell.isNull ? 0 : Self.characterCount(value))
                if index == 1 { output.write(repeating: UInt8(ascii: " "), count: indents[rowIndex]) }
                Self.write(value, width: width, to: output)
                output.write(index == last ? "\n" : "  ")
            }
        }
    }

    /// UTF-8 characters (bytes that do not continue one).
    private static func characterCount(_ text: [UInt8]) -> Int {
        text.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }

    /// `text` cut or padded with spaces to `width` characters (width 0:
    /// as it is): the shell's `utf8_width_print`.
    private static func write(_ text: [UInt8], width: Int, to output: OutputBuffer) {
        var count = 0
        var end = text.count
        if width > 0 {
            var index = 0
            while index < text.count {
                if text[index] & 0xC0 != 0x80 {
                    count += 1
                    if count == width {
                        index += 1
                        while index < text.count && text[index] & 0xC0 == 0x80 { index += 1 }
                        end = index
                        break
                    }
                }
                index += 1
            }
        }
        output.write(text[..<end])
        if count < width { output.write(repeating: UInt8(ascii: " "), count: width - count) }
    }
}
