import CSQLite
import Persistence

/// `.backup`, `.save` and `.restore`, on the library's online backup
/// (`Database.backup(to:sourceSchema:destinationSchema:…)`), with sqlite3's
/// arguments and messages.
extension Shell {
    static let backupDotCommands: [DotCommand] = [
        DotCommand(name: "backup", minimumLength: 3, usage: ".backup ?DB? FILE",
                   summary: "Backup DB (default \"main\") to FILE", details: Shell.backupHelp) {
            $0.backup($1)
        },
        DotCommand(name: "restore", minimumLength: 3, usage: ".restore ?DB? FILE",
                   summary: "Restore content of DB (default \"main\") from FILE") {
            $0.restore($1)
        },
        DotCommand(name: "save", minimumLength: 3, usage: ".save ?OPTIONS? FILE",
                   summary: "Write database to FILE (an alias for .backup ...)") {
            $0.backup($1)
        },
    ]

    static let backupHelp = """
           Options:
               --append            Use the appendvfs
               --async             Write to FILE without journal and fsync()

        """

    /// `.backup ?DB? ?OPTIONS? FILE`: copies a database of this connection
    /// into FILE, replacing its content.
    func backup(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .\(command.string(0)) in safe mode")
        var file: String?, schema: String?
        var asynchronous = false, append = false
        for argument in command.arguments.indices.dropFirst().map(command.string) {
            if argument.hasPrefix("-") {
                let option = argument.hasPrefix("--") ? String(argument.dropFirst()) : argument
                switch option {
                case "-append": append = true
                case "-async": asynchronous = true
                default:
                    printError("unknown option: \(argument)")
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
        guard !append else {
            // The append VFS is part of the sqlite3 program, not of the library.
            printError("Error: cannot open \"\(file)\"")
            return .failed
        }
        guard let destination = openCopy(file) else { return .failed }
        defer { try? destination.close() }
        do {
            if asynchronous {
                try destination.execute(sql: "PRAGMA synchronous=OFF; PRAGMA journal_mode=OFF;")
            }
            try database.backup(to: destination, sourceSchema: schema ?? "main", pagesPerStep: 100)
            return .succeeded
        } catch {
            return copyFailed(error)
        }
    }

    /// `.restore ?DB? FILE`: replaces a database of this connection with
    /// the content of FILE.
    private func restore(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .restore in safe mode")
        let arguments = command.arguments.indices.dropFirst().map(command.string)
        guard (1...2).contains(arguments.count) else {
            printError("Usage: .restore ?DB? FILE")
            return .failed
        }
        let file = arguments.last!
        let schema = arguments.count == 2 ? arguments[0] : "main"
        guard let source = openCopy(file) else { return .failed }
        defer { try? source.close() }
        do {
            // sqlite3 retries a busy source three times, 100 ms apart.
            try source.backup(to: database, destinationSchema: schema, pagesPerStep: 100, busyTimeout: Duration.milliseconds(300))
            return .succeeded
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            printError("Error: source database is busy")
            return .failed
        } catch {
            return copyFailed(error)
        }
    }

    /// sqlite3's message for a copy that failed.
    private func copyFailed(_ error: any Error) -> DotCommandResult {
        printError("Error: \((error as? DatabaseError)?.message ?? "\(error)")")
        return .failed
    }

    /// The other side of a copy, opened (and created) as sqlite3 opens it:
    /// read-write, the file's journal mode kept, nothing read yet.
    private func openCopy(_ path: String) -> Database? {
        var configuration = Database.Configuration()
        configuration.journalMode = .default
        configuration.foreignKeysEnabled = false
        configuration.createIfMissing = true
        configuration.label = "plume repl copy"
        do {
            return try Database(path: path, configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            printError("Error: file is not a database")
        } catch {
            printError("Error: cannot open \"\(path)\"")
        }
        return nil
    }
}
