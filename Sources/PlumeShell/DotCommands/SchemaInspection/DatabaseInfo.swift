import CSQLite
import Foundation

extension Shell {
    /// `.dbinfo`.
    static let databaseInfoDotCommands: [DotCommand] = [
        DotCommand(name: "dbinfo", minimumLength: 3, usage: ".dbinfo ?DB?",
                   summary: "Show status information about the database") { $0.databaseInfo($1) },
    ]

    private static let headerFields: [(name: String, offset: Int)] = [
        ("file change counter:", 24), ("database page count:", 28), ("freelist page count:", 36),
        ("schema cookie:", 40), ("schema format:", 44), ("default cache size:", 48),
        ("autovacuum top root:", 52), ("incremental vacuum:", 64), ("text encoding:", 56),
        ("user version:", 60), ("application id:", 68), ("software version:", 96),
    ]

    private static let schemaCounts: [(name: String, sql: String)] = [
        ("number of tables:", "SELECT count(*) FROM %s WHERE type='table'"),
        ("number of indexes:", "SELECT count(*) FROM %s WHERE type='index'"),
        ("number of triggers:", "SELECT count(*) FROM %s WHERE type='trigger'"),
        ("number of views:", "SELECT count(*) FROM %s WHERE type='view'"),
        ("schema size:", "SELECT total(length(sql)) FROM %s"),
    ]

    /// `.dbinfo ?DB?`: the database header's fields and counts of the
    /// schema's objects. The header is read through the `sqlite_dbpage`
    /// virtual table; where the library lacks it (as Debian's does), the
    /// command fails with SQLite's message, as `sqlite3` does.
    private func databaseInfo(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        let schema = command.arguments.count >= 2 ? command.bytes(1) : Array("main".utf8)
        let page = RawStatement(connection, "SELECT data FROM sqlite_dbpage(?1) WHERE pgno=1")
        guard page.prepareCode == SQLITE_OK else {
            printError(bytes: Array("error: ".utf8) + Shell.errorMessage(connection))
            return .failed
        }
        page.bind(1, schema)
        guard page.step(), sqlite3_column_bytes(page.handle, 0) > 100, let blob = sqlite3_column_blob(page.handle, 0) else {
            printError("unable to read database header")
            return .failed
        }
        let header = Array(UnsafeRawBufferPointer(start: blob, count: 100))
        _ = page.finalize()
        func line(_ label: String, _ value: String) {
            output.write(label.paddedWithSpaces(toLength: max(20, label.count)) + " " + value + "\n")
        }
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        line("database page size:", "\(pageSize == 1 ? 65536 : pageSize)")
        line("write format:", "\(header[18])")
        line("read format:", "\(header[19])")
        line("reserved bytes:", "\(header[20])")
        for field in Shell.headerFields {
            let value = header[field.offset..<(field.offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let encodings: [UInt32: String] = [1: " (utf8)", 2: " (utf16le)", 3: " (utf16be)"]
            line(field.name, "\(value)" + (field.offset == 56 ? encodings[value] ?? "" : ""))
        }
        let table = schema == Array("temp".utf8) ? "sqlite_temp_schema" : Shell.quotedIdentifier(schema) + ".sqlite_schema"
        for count in Shell.schemaCounts {
            line(count.name, "\(Shell.integer(connection, count.sql.replacingEvery("%s", with: table)))")
        }
        var dataVersion: UInt32 = 0
        _ = schema.withCString { sqlite3_file_control(connection, $0, SQLITE_FCNTL_DATA_VERSION, &dataVersion) }
        line("data version", "\(dataVersion)")
        return .succeeded
    }
}
