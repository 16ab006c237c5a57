import CSQLite
import Foundation

/// Where `.output` and `.once` send results, as `sqlite3`'s `p->out`,
/// `p->outfile`, `outCount`, `zTempFile` and `doXdgOpen` do.
struct OutputRedirection {
    /// What `output` writes to.
    enum Destination {
        case standardOutput
        case standardError
        case file(Int32)
        case pipe(UnsafeMutablePointer<FILE>)
    }

    var destination = Destination.standardOutput
    /// The name `.show` prints (`|command` for a pipe); empty for stdout.
    var name: [UInt8] = []
    /// `.once`: 2 when set, counted down after each dot-command; output
    /// returns to stdout at zero or after the next SQL.
    var remainingCommands = 0
    /// The file `-x` and `-e` write, opened in a viewer when output returns.
    var temporaryFile: [UInt8]?
    /// Whether returning to stdout opens `temporaryFile` in a viewer.
    var opensViewer = false
    /// The mode and flags `-x` and `-e` restore afterwards.
    var savedMode: SavedMode?

    /// What `sqlite3`'s `outputModePush` saves.
    struct SavedMode {
        var mode: OutputMode
        var columnSeparator: [UInt8]
        var rowSeparator: [UInt8]
        var echo: Bool
        var countChanges: Bool
        var headerWasSet: Bool
        var keepNewlines: Bool
    }
}

/// Runs `/bin/sh -c COMMAND` and waits, as C's `system`.
enum SystemCommand {
    /// The command's exit status as `system` returns it (nonzero on
    /// failure).
    static func run(_ command: [UInt8]) -> Int32 {
        var pid: pid_t = 0
        let arguments = [Array("sh".utf8), Array("-c".utf8), command]
        var pointers = arguments.map { bytes -> UnsafeMutablePointer<CChar>? in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        }
        pointers.append(nil)
        defer { for pointer in pointers { pointer?.deallocate() } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, pointers, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}

extension Shell {
    /// Points `output` at stdout again, closing a file or pipe; after `-x`
    /// or `-e`, opens the file written in a viewer and restores the mode:
    /// `sqlite3`'s `output_reset`.
    func resetOutput() {
        output.flush()
        switch redirection.destination {
        case .pipe(let pipe):
            output.redirect(to: output.standardOutput)
            pclose(pipe)
        case .file(let descriptor):
            output.redirect(to: output.standardOutput)
            closeDescriptor(descriptor)
        case .standardOutput, .standardError:
            output.redirect(to: output.standardOutput)
        }
        if case .pipe = redirection.destination {} else if redirection.opensViewer {
            openViewer()
        }
        redirection.destination = .standardOutput
        redirection.name = []
    }

    /// `xdg-open FILE`, or a message when it fails, then the mode saved
    /// before `-x` or `-e`.
    private func openViewer() {
        let command = Array("xdg-open ".utf8) + (redirection.temporaryFile ?? [])
        if SystemCommand.run(command) != 0 {
            printError(bytes: Array("Failed: [".utf8) + command + [UInt8(ascii: "]")])
        } else {
            // Give the viewer time to read the file before it may be deleted.
            usleep(2_000_000)
        }
        if let saved = redirection.savedMode {
            settings.mode = saved.mode
            settings.columnSeparator = saved.columnSeparator
            settings.rowSeparator = saved.rowSeparator
            echo = saved.echo
            countChanges = saved.countChanges
            settings.headerWasSet = saved.headerWasSet
            settings.keepNewlines = saved.keepNewlines
        }
        redirection.opensViewer = false
    }

    /// Saves what `-x` and `-e` restore: `outputModePush`.
    func saveModeForViewer() {
        redirection.savedMode = .init(mode: settings.mode, columnSeparator: settings.columnSeparator,
                                      rowSeparator: settings.rowSeparator, echo: echo, countChanges: countChanges,
                                      headerWasSet: settings.headerWasSet, keepNewlines: settings.keepNewlines)
    }

    /// Deletes the viewer's file once it is no longer needed:
    /// `clearTempFile`.
    func clearTemporaryFile() {
        guard let file = redirection.temporaryFile, !redirection.opensViewer else { return }
        guard unlink(file.cPath) == 0 else { return }
        redirection.temporaryFile = nil
    }

    /// A new name for the viewer's file: SQLite's temporary file name for
    /// the open database, else `$TEMP/tempXXXX.SUFFIX`.
    func newTemporaryFile(suffix: String) {
        clearTemporaryFile()
        redirection.temporaryFile = nil
        var name: UnsafeMutablePointer<CChar>?
        if isDatabaseOpen {
            _ = sqlite3_file_control(connection, nil, SQLITE_FCNTL_TEMPFILENAME, &name)
        }
        if let name {
            redirection.temporaryFile = Array(String(cString: name).utf8) + Array(".\(suffix)".utf8)
            sqlite3_free(name)
        } else {
            var random: UInt64 = 0
            sqlite3_randomness(Int32(MemoryLayout<UInt64>.size), &random)
            let environment = ProcessInfo.processInfo.environment
            let directory = environment["TEMP"] ?? environment["TMP"] ?? "/tmp"
            redirection.temporaryFile = Array("\(directory)/temp\(String(random, radix: 16)).\(suffix)".utf8)
        }
    }

    /// Opens `name` for output as `output_file_open`: `stdout`, `stderr`,
    /// `off` (nil, silently) or a file created or truncated.
    func openOutputFile(_ name: [UInt8]) -> OutputRedirection.Destination? {
        switch String(decoding: name, as: UTF8.self) {
        case "stdout": return .standardOutput
        case "stderr": return .standardError
        case "off": return nil
        default:
            let descriptor = createFile(name)
            guard descriptor >= 0 else {
                printError(bytes: Array("Error: cannot open \"".utf8) + name + [UInt8(ascii: "\"")])
                return nil
            }
            return .file(descriptor)
        }
    }

    /// After a dot-command: counts `.once` down, and returns output to
    /// stdout when it reaches zero.
    func finishDotCommandOutput() {
        guard redirection.remainingCommands > 0 else { return }
        redirection.remainingCommands -= 1
        if redirection.remainingCommands == 0 { resetOutput() }
    }

    /// After SQL read from input: the end of `.once`, or else the viewer's
    /// old file is deleted.
    func finishSQLOutput() {
        if redirection.remainingCommands > 0 {
            resetOutput()
            redirection.remainingCommands = 0
        } else {
            clearTemporaryFile()
        }
    }

    /// When the shell ends: output back to stdout (opening a viewer if one
    /// is pending) and the viewer's file deleted.
    func finishOutputAtExit() {
        resetOutput()
        redirection.opensViewer = false
        clearTemporaryFile()
    }
}

/// Closes a file descriptor (where `close` means `Shell.close`).
func closeDescriptor(_ descriptor: Int32) { close(descriptor) }

/// Opens a file for writing, created or truncated (`fopen(name, "wb")`).
func createFile(_ path: [UInt8]) -> Int32 { open(path.cPath, O_WRONLY | O_CREAT | O_TRUNC, 0o666) }

extension [UInt8] {
    /// The bytes with a terminating NUL, for C calls taking a path.
    var cPath: [CChar] { map { CChar(bitPattern: $0) } + [0] }
}
