import PlumeShell

extension FuzzTarget {
    /// The `.import` reader, CSV and ASCII, with separators chosen by the
    /// first two bytes: it ends, never crashes, its line count never goes
    /// back, and unquoted input reads back as the input split at the
    /// separators.
    static let csvImport = FuzzTarget(
        name: "csv-import",
        summary: ".import's CSV and ASCII reader, any separators: ends, no crash, unquoted fields split exactly"
    ) { input in
        let separators: [UInt8] = [0x2C, 0x7C, 0x09, 0x0A, 0x1F, 0x1E, 0x3B, 0x22, 0x0D, 0xFF, 0x80]
        let column = separators[input.int(below: separators.count)]
        let row = separators[input.int(below: separators.count)]
        let quotesFields = input.byte() & 1 == 0
        let bytes = input.rest()
        let path = scratchPath("import.csv")
        writeFile(path, bytes)
        guard let fields = ShellInputProbe.importFields(ofFile: path, columnSeparator: column, rowSeparator: row,
                                                        quotesFields: quotesFields) else {
            fatalError("cannot read back \(path)")
        }
        var line = 1
        for field in fields {
            guard field.line >= line else { fatalError("the line went back from \(line) to \(field.line)") }
            line = field.line
        }
        // Fields split exactly when nothing quotes, skips or drops a byte.
        let special: Set<UInt8> = quotesFields ? [0x00, 0x22, 0x0D, 0xEF] : [0x00]
        guard column != row, column < 0x80, row < 0x80, !bytes.contains(where: special.contains) else { return }
        var expected: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            if byte == column || byte == row {
                expected.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { expected.append(current) }
        guard fields.map(\.bytes) == expected else {
            fatalError("the reader gives \(fields.map(\.bytes)), not \(expected), for \(bytes) (column \(column), row \(row), csv \(quotesFields))")
        }
    }
}
