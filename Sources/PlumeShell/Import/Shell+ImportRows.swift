import CSQLite
import Foundation

extension Shell {
    /// The number of columns of `target`, which is created from the first
    /// row when it does not exist; nil after printing why it cannot be used.
    func prepareImportTable(_ target: [UInt8], reader: ImportReader, verbose: Bool) -> Int32? {
        let select = Array("SELECT * FROM ".utf8) + target
        var statement: OpaquePointer?
        var code = prepare(select, &statement)
        if code != SQLITE_OK && errorMessage.starts(with: Array("no such table: ".utf8)) {
            var headers: [[UInt8]] = []
            while let name = reader.next() {
                headers.append(name)
                if !reader.endedAtColumnSeparator { break }
            }
            let definition = ImportColumnNames.definition(headers)
            if let renames = definition?.renames {
                // sqlite3 writes it to stdout only when reading stdin
                // interactively through stdio, which it never does (a
                // terminal is read with readline).
                printError(bytes: Array("Columns renamed during .import ".utf8) + reader.displayName
                                  + Array(" due to duplicates:\n".utf8) + renames)
            }
            guard let definition else {
                printError(bytes: reader.displayName + Array(": empty file".utf8))
                return nil
            }
            let create = Array("CREATE TABLE ".utf8) + target + definition.columns + [UInt8(ascii: "\n")]
            if verbose { output.write(create + [UInt8(ascii: "\n")]) }
            guard sqlite3_exec(connection, create.cPath, nil, nil, nil) == SQLITE_OK else {
                printError(bytes: create + Array(" failed:\n".utf8) + errorMessage)
                return nil
            }
            code = prepare(select, &statement)
        }
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK, let statement else {
            printError(bytes: Array("Error: ".utf8) + errorMessage)
            return nil
        }
        return sqlite3_column_count(statement)
    }

    /// Inserts the rows left in `reader` into `target`, in one transaction
    /// unless one is open, reporting rows with too few or too many fields
    /// and failed inserts with their line numbers.
    func insertRows(into target: [UInt8], columnCount: Int32, reader: ImportReader, verbosity: Int) -> DotCommandResult {
        guard columnCount > 0 else { return .succeeded }
        let sql = Array("INSERT INTO ".utf8) + target + Array(" VALUES(?".utf8)
            + Array(repeating: Array(",?".utf8), count: Int(columnCount) - 1).joined() + [UInt8(ascii: ")")]
        if verbosity >= 2 { output.write(Array("Insert using: ".utf8) + sql + [UInt8(ascii: "\n")]) }
        var insert: OpaquePointer?
        guard prepare(sql, &insert) == SQLITE_OK, let insert else {
            printError(bytes: Array("Error: ".utf8) + errorMessage)
            sqlite3_finalize(insert)
            return .failed
        }
        let needsCommit = sqlite3_get_autocommit(connection) != 0
        if needsCommit { sqlite3_exec(connection, "BEGIN", nil, nil, nil) }
        let stopsAtEmptyField = settings.mode == .ascii
        var rows = 0, errors = 0
        var code = SQLITE_OK
        func report(_ line: Int, _ message: String) {
            printError(bytes: reader.displayName + Array(":\(line): \(message)".utf8))
        }
        repeat {
            let startLine = reader.line
            var index: Int32 = 0
            while index < columnCount {
                let field = reader.next()
                if index == 0 && (field == nil || (stopsAtEmptyField && field!.isEmpty)) { break }
                bindText(insert, index + 1, field)
                if index < columnCount - 1 && !reader.endedAtColumnSeparator {
                    report(startLine, "expected \(columnCount) columns but found \(index + 1) - filling the rest with NULL")
                    index += 2
                    while index <= columnCount {
                        sqlite3_bind_null(insert, index)
                        index += 1
                    }
                }
                index += 1
            }
            if reader.endedAtColumnSeparator {
                repeat {
                    _ = reader.next()
                    index += 1
                } while reader.endedAtColumnSeparator
                report(startLine, "expected \(columnCount) columns but found \(index) - extras ignored")
            }
            if index >= columnCount {
                sqlite3_step(insert)
                code = sqlite3_reset(insert)
                if code != SQLITE_OK {
                    printError(bytes: reader.displayName + Array(":\(startLine): INSERT failed: ".utf8) + errorMessage)
                    errors += 1
                } else {
                    rows += 1
                }
            }
        } while reader.terminator != EOF
        sqlite3_finalize(insert)
        if needsCommit { sqlite3_exec(connection, "COMMIT", nil, nil, nil) }
        if verbosity > 0 {
            output.write("Added \(rows) rows with \(errors) errors using \(reader.line - 1) lines of input\n")
        }
        return code == SQLITE_OK ? .succeeded : .failed
    }

    /// Compiles SQL given as bytes.
    func prepare(_ sql: [UInt8], _ statement: inout OpaquePointer?) -> Int32 {
        sql.withUnsafeBytes { buffer in
            sqlite3_prepare_v2(connection, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                               &statement, nil)
        }
    }

    /// Binds text bytes, or NULL for nil.
    private func bindText(_ statement: OpaquePointer, _ index: Int32, _ text: [UInt8]?) {
        guard let text else {
            sqlite3_bind_null(statement, index)
            return
        }
        guard !text.isEmpty else {
            sqlite3_bind_text(statement, index, "", 0, plume_sqlite_transient())
            return
        }
        text.withUnsafeBytes { buffer in
            _ = sqlite3_bind_text(statement, index, buffer.baseAddress!.assumingMemoryBound(to: CChar.self),
                                  Int32(buffer.count), plume_sqlite_transient())
        }
    }

    /// The connection's last error message, as bytes.
    var errorMessage: [UInt8] {
        guard let message = sqlite3_errmsg(connection) else { return [] }
        return Array(UnsafeRawBufferPointer(start: message, count: strlen(message)))
    }
}
