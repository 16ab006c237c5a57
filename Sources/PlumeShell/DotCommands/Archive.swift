import CSQLite
import Foundation
import PlumeTerminal

extension Shell {
    /// `.archive ...` (`.ar`): SQL archives (an `sqlar` table in the
    /// current database or in `--file FILE`), as `sqlite3` 3.40.1 manages
    /// them, through the same SQL. ZIP archives need the `zipfile` virtual
    /// table and the `apndvfs` VFS `sqlite3` builds in: SQLite's errors say
    /// they are missing.
    func archive(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        failIfSafeMode("cannot run .archive in safe mode")
        return runArchive((0..<command.arguments.count).map(command.bytes), connection: connection, fromCommandLine: false)
    }

    /// `arDotCommand`: parses, opens the archive, runs the command.
    func runArchive(_ arguments: [[UInt8]], connection: OpaquePointer, fromCommandLine: Bool) -> DotCommandResult {
        guard arguments.count > 1 else {
            output.flush()
            StandardStreams.writeError(Array("Wrong number of arguments.  Usage:\n".utf8) + helpText(Array("archive".utf8)).text)
            return .failed
        }
        let request: ArchiveRequest
        do {
            request = try ArchiveRequest(Array(arguments.dropFirst()))
        } catch {
            printError(bytes: Array("Error: ".utf8) + error.message)
            printError(fromCommandLine ? "Use \"-A\" for more help" : "Use \".archive --help\" for more help")
            return .failed
        }
        var archive = ArchiveSession(shell: self, request: request, database: connection)
        defer { archive.close() }
        guard archive.open() else { return .failed }
        return archive.run() == SQLITE_OK ? .succeeded : .failed
    }
}
