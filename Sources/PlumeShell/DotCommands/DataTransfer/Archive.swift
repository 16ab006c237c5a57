import CSQLite
import Foundation
import PlumeTerminal

/// `.archive` (`.ar`): SQL archives, on the machinery of `Archive/`.
extension Shell {
    static let archiveDotCommands: [DotCommand] = [
        DotCommand(name: "archive", minimumLength: 2, usage: ".archive ...", summary: "Manage SQL archives",
                   details: Shell.archiveHelp) { $0.archive($1) },
    ]

    /// `.help archive`.
    static let archiveHelp = """
       Each command must have exactly one of the following options:
         -c, --create               Create a new archive
         -u, --update               Add or update files with changed mtime
         -i, --insert               Like -u but always add even if unchanged
         -r, --remove               Remove files from archive
         -t, --list                 List contents of archive
         -x, --extract              Extract files from archive
       Optional arguments:
         -v, --verbose              Print each filename as it is processed
         -f FILE, --file FILE       Use archive FILE (default is current db)
         -a FILE, --append FILE     Open FILE using the apndvfs VFS
         -C DIR, --directory DIR    Read/extract files from directory DIR
         -g, --glob                 Use glob matching for names in archive
         -n, --dryrun               Show the SQL that would have occurred
       Examples:
         .ar -cf ARCHIVE foo bar  # Create ARCHIVE from files foo and bar
         .ar -tf ARCHIVE          # List members of ARCHIVE
         .ar -xvf ARCHIVE         # Verbosely extract files from ARCHIVE
       See also:
          http://sqlite.org/cli.html#sqlite_archive_support

    """

    /// `.archive ...` (`.ar`): SQL archives (an `sqlar` table in the
    /// current database or in `--file FILE`), as `sqlite3` 3.40.1 manages
    /// them, through the same SQL. ZIP archives need the `zipfile` virtual
    /// table and the `apndvfs` VFS `sqlite3` builds in: SQLite's errors say
    /// they are missing.
    private func archive(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        failIfSafeMode("cannot run .archive in safe mode")
        return runArchive((0..<command.arguments.count).map(command.bytes), connection: connection, fromCommandLine: false)
    }

    /// `arDotCommand`: parses, opens the archive, runs the command.
    private func runArchive(_ arguments: [[UInt8]], connection: OpaquePointer, fromCommandLine: Bool) -> DotCommandResult {
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
