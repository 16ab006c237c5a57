import CSQLite
import Foundation
import Persistence

extension Shell {
    static let importDotCommands: [DotCommand] = [
        DotCommand(name: "import", minimumLength: 1, usage: ".import FILE TABLE",
                   summary: "Import data from FILE into TABLE", details: importHelp) {
            $0.importFile($1)
        },
    ]

    static let importHelp = """
           Options:
             --ascii               Use \\037 and \\036 as column and row separators
             --csv                 Use , and \\n as column and row separators
             --skip N              Skip the first N rows of input
             --schema S            Target table to be S.TABLE
             -v                    "Verbose" - increase auxiliary output
           Notes:
             *  If TABLE does not exist, it is created.  The first row of input
                determines the column names.
             *  If neither --csv or --ascii are used, the input mode is derived
                from the ".mode" output mode
             *  If FILE begins with "|" then it is a command that generates the
                input text.

        """

    /// What `.import` was asked to do.
    private struct ImportRequest {
        var file: [UInt8]?
        var table: [UInt8]?
        var schema: [UInt8]?
        var verbosity = 0
        var skippedRows: Int64 = 0
        /// `--csv` or `--ascii`: separators given instead of the mode's.
        var separators: (column: UInt8, row: UInt8, quotes: Bool)?
    }

    /// `.import ?OPTIONS? FILE TABLE`: rows of a CSV or ASCII-delimited file
    /// (or a command's output) inserted into TABLE, created from the first
    /// row when missing.
    private func importFile(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .import in safe mode")
        guard let request = importRequest(command), let source = request.file, let table = request.table else {
            showHelp(Array("import".utf8))
            return .failed
        }
        guard let (column, row, quotes) = request.separators ?? separatorsFromMode() else { return .failed }
        let reader: ImportReader
        do {
            reader = try ImportReader(source: source, columnSeparator: column, rowSeparator: row, quotesFields: quotes)
        } catch where error.isOpenFailure {
            printError(bytes: Array("Error: cannot open \"".utf8) + source + [UInt8(ascii: "\"")])
            return .failed
        } catch where error.reason == .notRegular(.directory) {
            // sqlite3's own words: its reader finds no bytes there.
            printError(bytes: source + Array(": empty file".utf8))
            return .failed
        } catch {
            printError("Error: \(error)")
            return .failed
        }
        if request.verbosity >= 2 || (request.verbosity >= 1 && request.separators == nil) {
            output.write("Column separator ")
            output.write(ValueQuoting.cString([column].cString))
            output.write(", row separator ")
            output.write(ValueQuoting.cString([row].cString))
            output.write("\n")
        }
        var skipped = request.skippedRows
        while skipped > 0 {
            while reader.next() != nil && reader.endedAtColumnSeparator {}
            skipped -= 1
        }
        var target = SQLiteText.quoted(table, with: UInt8(ascii: "\""))
        if let schema = request.schema { target = SQLiteText.quoted(schema, with: UInt8(ascii: "\"")) + [UInt8(ascii: ".")] + target }
        guard let columnCount = prepareImportTable(target, reader: reader, verbose: request.verbosity >= 1) else {
            return .failed
        }
        return insertRows(into: target, columnCount: columnCount, reader: reader, verbosity: request.verbosity)
    }

    /// Reads the options; nil after printing what is wrong.
    private func importRequest(_ command: DotCommandLine) -> ImportRequest? {
        var request = ImportRequest()
        let arguments = command.arguments.map(\.cString)
        var index = 1
        while index < arguments.count {
            var argument = arguments[index]
            if argument.starts(with: Array("--".utf8)) { argument.removeFirst() }
            let hasValue = index < arguments.count - 1
            if argument.first != UInt8(ascii: "-") {
                if request.file == nil {
                    request.file = argument
                } else if request.table == nil {
                    request.table = argument
                } else {
                    output.write(Array("ERROR: extra argument: \"".utf8) + argument + Array("\".  Usage:\n".utf8))
                    return nil
                }
            } else {
                switch String(decoding: argument, as: UTF8.self) {
                case "-v": request.verbosity += 1
                case "-schema" where hasValue:
                    index += 1
                    request.schema = arguments[index]
                case "-skip" where hasValue:
                    index += 1
                    request.skippedRows = DotCommandLine.integerValue(arguments[index]) ?? 0
                case "-ascii": request.separators = (0x1F, 0x1E, false)
                case "-csv": request.separators = (UInt8(ascii: ","), UInt8(ascii: "\n"), true)
                default:
                    output.write(Array("ERROR: unknown option: \"".utf8) + argument + Array("\".  Usage:\n".utf8))
                    return nil
                }
            }
            index += 1
        }
        if request.table == nil {
            output.write("ERROR: missing \(request.file == nil ? "FILE" : "TABLE") argument. Usage:\n")
            return nil
        }
        return request
    }

    /// The separators of the output mode, each one byte (CSV's `\r\n`
    /// becomes `\n` for good); nil after printing why they cannot be used.
    private func separatorsFromMode() -> (UInt8, UInt8, Bool)? {
        let column = settings.columnSeparator.cString
        guard !column.isEmpty else {
            printError("Error: non-null column separator required for import")
            return nil
        }
        guard column.count == 1 else {
            printError("Error: multi-character column separators not allowed for import")
            return nil
        }
        var row = settings.rowSeparator.cString
        guard !row.isEmpty else {
            printError("Error: non-null row separator required for import")
            return nil
        }
        if settings.mode == .csv && row == OutputSettings.crlf {
            settings.rowSeparator = OutputSettings.newline
            row = OutputSettings.newline
        }
        guard row.count == 1 else {
            printError("Error: multi-character row separators not allowed for import")
            return nil
        }
        return (column[0], row[0], settings.mode != .ascii)
    }
}
