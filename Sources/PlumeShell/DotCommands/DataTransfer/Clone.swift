import CSQLite
import PlumeTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.clone NEWDB`: a new database rebuilt object by object and row by row,
/// reading backwards where reading forwards fails (for damaged files).
extension Shell {
    /// `.clone`.
    static let cloneDotCommands: [DotCommand] = [
        DotCommand(name: "clone", minimumLength: 1, usage: ".clone NEWDB",
                   summary: "Clone data into NEWDB from the existing database") { $0.clone($1) },
    ]

    private func clone(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .clone in safe mode")
        guard command.arguments.count == 2 else { return usageError(".clone FILENAME") }
        let file = command.bytes(1)
        if file.withCString({ access($0, F_OK) }) == 0 {
            printError(bytes: Array("File \"".utf8) + file + Array("\" already exists.".utf8))
            return .succeeded
        }
        var clone: OpaquePointer?
        defer { closeAuxiliary(clone) }
        guard file.withCString({ sqlite3_open($0, &clone) }) == SQLITE_OK, let clone else {
            printError(bytes: Array("Cannot create output database: ".utf8) + Shell.errorMessage(clone))
            return .succeeded
        }
        let source = connection
        sqlite3_exec(source, "PRAGMA writable_schema=ON;", nil, nil, nil)
        sqlite3_exec(clone, "BEGIN EXCLUSIVE;", nil, nil, nil)
        cloneSchema(source, clone, where: "type='table'", copyingRows: true)
        cloneSchema(source, clone, where: "type!='table'", copyingRows: false)
        sqlite3_exec(clone, "COMMIT;", nil, nil, nil)
        sqlite3_exec(source, "PRAGMA writable_schema=OFF;", nil, nil, nil)
        return .succeeded
    }

    private func cloneSchema(_ source: OpaquePointer, _ clone: OpaquePointer, where condition: String, copyingRows: Bool) {
        for order in ["", " ORDER BY rowid DESC"] {
            let sql = "SELECT name, sql FROM sqlite_schema WHERE \(condition)\(order)"
            let query = RawStatement(source, sql)
            guard query.prepareCode == SQLITE_OK else {
                printError(bytes: Array("Error: (\(sqlite3_extended_errcode(source))) ".utf8) + Shell.errorMessage(source)
                           + Array(" on [\(sql)]".utf8))
                return
            }
            var code: Int32
            while true {
                code = sqlite3_step(query.handle)
                guard code == SQLITE_ROW else { break }
                guard let name = query.text(0), let create = query.text(1) else { continue }
                output.write(name + Array("... ".utf8))
                output.flush()
                var message: UnsafeMutablePointer<CChar>?
                create.withCString { _ = sqlite3_exec(clone, $0, nil, nil, &message) }
                if let message {
                    printError(bytes: Array("Error: ".utf8) + [UInt8](cString: message) + Array("\nSQL: [".utf8) + create + Array("]".utf8))
                    sqlite3_free(message)
                }
                if copyingRows { cloneRows(source, clone, table: name) }
                output.write("done\n")
            }
            if code == SQLITE_DONE || !order.isEmpty { return }
        }
    }

    private func cloneRows(_ source: OpaquePointer, _ clone: OpaquePointer, table: [UInt8]) {
        var query = RawStatement(source, "SELECT * FROM " + Shell.quotedIdentifier(table))
        guard query.prepareCode == SQLITE_OK else {
            printError(bytes: Array("Error \(sqlite3_extended_errcode(source)): ".utf8) + Shell.errorMessage(source)
                       + Array(" on [SELECT * FROM ".utf8) + Array(Shell.quotedIdentifier(table).utf8) + [UInt8(ascii: "]")])
            return
        }
        let columns = sqlite3_column_count(query.handle)
        let insertSQL = "INSERT OR IGNORE INTO \"" + String(decoding: table, as: UTF8.self) + "\" VALUES(?"
            + String(repeating: ",?", count: max(0, Int(columns) - 1)) + ");"
        let insert = RawStatement(clone, insertSQL)
        guard insert.prepareCode == SQLITE_OK else {
            printError(bytes: Array("Error \(sqlite3_extended_errcode(clone)): ".utf8) + Shell.errorMessage(clone)
                       + Array(" on [SELECT * FROM ".utf8) + Array(Shell.quotedIdentifier(table).utf8) + [UInt8(ascii: "]")])
            return
        }
        var copied = 0
        for pass in 0..<2 {
            var code: Int32
            while true {
                code = sqlite3_step(query.handle)
                guard code == SQLITE_ROW else { break }
                for column in 0..<columns { Shell.bindCopy(of: query.handle, column, to: insert.handle) }
                code = sqlite3_step(insert.handle)
                if code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE {
                    printError(bytes: Array("Error \(sqlite3_extended_errcode(clone)): ".utf8) + Shell.errorMessage(clone))
                }
                sqlite3_reset(insert.handle)
                copied += 1
                if copied % 10000 == 0 {
                    output.write([Array("|/-\\".utf8)[(copied / 10000) % 4], 0x08])
                    output.flush()
                }
            }
            if code == SQLITE_DONE || pass == 1 { return }
            query = RawStatement(source, "SELECT * FROM " + Shell.quotedIdentifier(table) + " ORDER BY rowid DESC;")
            if query.prepareCode != SQLITE_OK {
                output.flush()
                StandardStreams.writeError(Array("Warning: cannot step \"".utf8) + table + Array("\" backwards".utf8))
                return
            }
        }
    }

    /// Binds a column of a row to the same parameter, as `sqlite3`'s clone
    /// does (text up to its first NUL).
    private static func bindCopy(of row: OpaquePointer?, _ column: Int32, to insert: OpaquePointer?) {
        let parameter = column + 1
        switch sqlite3_column_type(row, column) {
        case SQLITE_INTEGER: sqlite3_bind_int64(insert, parameter, sqlite3_column_int64(row, column))
        case SQLITE_FLOAT: sqlite3_bind_double(insert, parameter, sqlite3_column_double(row, column))
        case SQLITE_TEXT:
            let text = sqlite3_column_text(row, column).map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            sqlite3_bind_text(insert, parameter, text, -1, plume_sqlite_transient())
        case SQLITE_BLOB:
            sqlite3_bind_blob(insert, parameter, sqlite3_column_blob(row, column), sqlite3_column_bytes(row, column),
                              plume_sqlite_transient())
        default: sqlite3_bind_null(insert, parameter)
        }
    }
}
