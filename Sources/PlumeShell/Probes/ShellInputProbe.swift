/// The shell's input reader, its statement scanner and the `.import`
/// field reader, callable on their own: what the fuzz targets
/// `shell-input` and `csv-import` (Fuzz/) drive.
///
/// `package` so that `plume-fuzz`, an executable of this package, reaches
/// them without `@testable` (which release builds do not allow).
package enum ShellInputProbe {
    /// What scanning lines as the input loop does tells.
    package struct Scan: Equatable {
        /// In plain text, ending with `;`: `sqlite3_complete` is asked.
        package var endsStatement: Bool
        /// Only space, `;` and comments, outside any string or comment.
        package var isBlank: Bool
    }

    /// The lines of a file as the shell reads them (``FileLineSource``),
    /// or nil when it cannot be opened.
    package static func lines(ofFile path: String) -> [[UInt8]]? {
        guard let source = try? FileLineSource(path: path) else { return nil }
        var lines: [[UInt8]] = []
        while case .line(let line) = source.readLine(continuation: false) { lines.append(line) }
        return lines
    }

    /// Scans lines one after the other, as the input loop scans the lines
    /// of one statement.
    package static func scan(_ lines: [[UInt8]]) -> Scan {
        var scanner = InputScanner()
        for line in lines { scanner.scan(line) }
        return Scan(endsStatement: scanner.endsStatement, isBlank: scanner.isBlank)
    }

    /// Whether a line alone ends a statement the SQL Server or Oracle way
    /// (`go`, `/`).
    package static func isCommandTerminator(_ line: [UInt8]) -> Bool {
        InputScanner.isCommandTerminator(line)
    }

    /// `sqlite3_complete` on bytes.
    package static func isComplete(_ sql: [UInt8]) -> Bool {
        SchemaText.isComplete(sql)
    }

    /// One field `.import` read: its bytes (up to a NUL), the line the
    /// reader was on after it, and whether a column separator ended it.
    package struct ImportField: Equatable {
        package var bytes: [UInt8]
        package var line: Int
        package var endedAtColumnSeparator: Bool
    }

    /// The fields `.import` reads from a file (``ImportReader``), CSV or
    /// ASCII; nil when the file cannot be opened.
    package static func importFields(ofFile path: String, columnSeparator: UInt8, rowSeparator: UInt8,
                                     quotesFields: Bool) -> [ImportField]? {
        guard !path.hasPrefix("|"), let reader = try? ImportReader(source: Array(path.utf8), columnSeparator: columnSeparator,
                                                              rowSeparator: rowSeparator, quotesFields: quotesFields)
        else { return nil }
        var fields: [ImportField] = []
        while let field = reader.next() {
            fields.append(ImportField(bytes: field, line: reader.line, endedAtColumnSeparator: reader.endedAtColumnSeparator))
        }
        return fields
    }
}
