import CSQLite

/// `.backup`/`.save` and `.restore`: whole databases copied with SQLite's
/// backup API.
extension Shell {
    /// `.backup ?DB? ?--append? ?--async? FILE` (and `.save`). `--append`
    /// names the `apndvfs` VFS, which `sqlite3` builds in and the SQLite
    /// library lacks: the file cannot be opened.
    func backup(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .\(command.text(0)) in safe mode")
        var file: [UInt8]?, schema: [UInt8]?
        var vfs: String?, asynchronous = false
        for index in 1..<max(1, command.arguments.count) {
            var argument = command.bytes(index)
            if argument.first == 0x2D {
                if argument.dropFirst().first == 0x2D { argument.removeFirst() }
                switch String(decoding: argument, as: UTF8.self) {
                case "-append": vfs = "apndvfs"
                case "-async": asynchronous = true
                default:
                    printError(bytes: Array("unknown option: ".utf8) + command.bytes(index))
                    return .failed
                }
            } else if file == nil {
                file = argument
            } else if schema == nil {
                schema = file
                file = argument
            } else {
                printError("Usage: .backup ?DB? ?OPTIONS? FILENAME")
                return .failed
            }
        }
        guard let file else {
            printError("missing FILENAME argument on .backup")
            return .failed
        }
        var destination: OpaquePointer?
        let opened = file.withCString { sqlite3_open_v2($0, &destination, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, vfs) }
        defer { closeAuxiliary(destination) }
        guard opened == SQLITE_OK else {
            printError(bytes: Array("Error: cannot open \"".utf8) + file + [0x22])
            return .failed
        }
        if asynchronous { sqlite3_exec(destination, "PRAGMA synchronous=OFF; PRAGMA journal_mode=OFF;", nil, nil, nil) }
        let source = connection
        let backup = (schema ?? Array("main".utf8)).withCString { sqlite3_backup_init(destination, "main", source, $0) }
        guard let backup else {
            printError(bytes: Array("Error: ".utf8) + Shell.errorMessage(destination))
            return .failed
        }
        var code: Int32
        repeat { code = sqlite3_backup_step(backup, 100) } while code == SQLITE_OK
        sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else {
            printError(bytes: Array("Error: ".utf8) + Shell.errorMessage(destination))
            return .failed
        }
        return .succeeded
    }

    /// `.restore ?DB? FILE`.
    func restore(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .restore in safe mode")
        let count = command.arguments.count
        guard count == 2 || count == 3 else {
            printError("Usage: .restore ?DB? FILE")
            return .failed
        }
        let file = command.bytes(count - 1)
        let schema = count == 3 ? command.bytes(1) : Array("main".utf8)
        var source: OpaquePointer?
        let opened = file.withCString { sqlite3_open($0, &source) }
        defer { closeAuxiliary(source) }
        guard opened == SQLITE_OK else {
            printError(bytes: Array("Error: cannot open \"".utf8) + file + [0x22])
            return .failed
        }
        let destination = connection
        guard let backup = schema.withCString({ sqlite3_backup_init(destination, $0, source, "main") }) else {
            printError(bytes: Array("Error: ".utf8) + Shell.errorMessage(destination))
            return .failed
        }
        var code: Int32
        var timeouts = 0
        while true {
            code = sqlite3_backup_step(backup, 100)
            guard code == SQLITE_OK || code == SQLITE_BUSY else { break }
            if code == SQLITE_BUSY {
                if timeouts >= 3 { break }
                timeouts += 1
                sqlite3_sleep(100)
            }
        }
        sqlite3_backup_finish(backup)
        if code == SQLITE_DONE { return .succeeded }
        if code == SQLITE_BUSY || code == SQLITE_LOCKED {
            printError("Error: source database is busy")
        } else {
            printError(bytes: Array("Error: ".utf8) + Shell.errorMessage(destination))
        }
        return .failed
    }

    /// `sqlite3`'s `close_db` for a connection of its own.
    func closeAuxiliary(_ connection: OpaquePointer?) {
        let code = sqlite3_close(connection)
        if code != SQLITE_OK {
            printError(bytes: Array("Error: sqlite3_close() returns \(code): ".utf8) + Shell.errorMessage(connection))
        }
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (self + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
