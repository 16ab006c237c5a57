import CSQLite
import Foundation
import Persistence

/// One `.archive` command at work: the database holding the archive and
/// the table it reads (`sqlar`, or `zipfile(…)` for a ZIP file).
struct ArchiveSession {
    let shell: Shell
    let request: ArchiveRequest
    /// The shell's connection, or one opened on `--file`.
    var database: OpaquePointer?
    private let shellDatabase: OpaquePointer
    var isZip = false
    var sourceTable: String?

    init(shell: Shell, request: ArchiveRequest, database: OpaquePointer) {
        self.shell = shell
        self.request = request
        self.database = database
        shellDatabase = database
    }

    /// Opens `--file` and checks for the `sqlar` table: false after
    /// reporting what failed.
    mutating func open() -> Bool {
        if let file = request.file {
            if ArchiveSession.looksLikeZip(file) {
                isZip = true
                if request.command == .extract || request.command == .list {
                    sourceTable = "zipfile(" + Shell.literal(file) + ")"
                }
            } else {
                let writes: [ArchiveRequest.Command?] = [.create, .insert, .remove, .update]
                let flags = writes.contains(request.command) ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
                if request.dryRun {
                    shell.output.write(Array("-- open database '".utf8) + file
                                       + Array("'\(request.append ? " using 'apndvfs'" : "")\n".utf8))
                }
                var opened: OpaquePointer?
                let code = file.withCString { sqlite3_open_v2($0, &opened, flags, request.append ? "apndvfs" : nil) }
                database = opened
                guard code == SQLITE_OK, let opened else {
                    shell.printError(bytes: Array("cannot open file: ".utf8) + file + Array(" (".utf8)
                                     + Shell.errorMessage(opened) + [UInt8(ascii: ")")])
                    return false
                }
                ShellFunctions.install(on: opened)
                SqlarFunctions.install(on: opened)
            }
        }
        if sourceTable == nil && !isZip && request.command != .help {
            if request.command != .create
                && sqlite3_table_column_metadata(database, nil, "sqlar", "name", nil, nil, nil, nil, nil) != SQLITE_OK {
                shell.printError("database does not contain an 'sqlar' table")
                return false
            }
            sourceTable = "sqlar"
        }
        return true
    }

    /// Closes a database opened on `--file`.
    func close() {
        if database != shellDatabase { shell.closeAuxiliary(database) }
    }

    /// `deduceDatabaseType(file, 1) == SHELL_OPEN_ZIPFILE`: a ZIP
    /// end-of-central-directory record, or a missing or empty `*.zip`.
    static func looksLikeZip(_ file: [UInt8]) -> Bool {
        let path = String(decoding: file, as: UTF8.self)
        let isZipName = Shell.matches(like: Array("%.zip".utf8), path)
        // A regular file only, and only its first and last bytes: a FIFO
        // or a device named by --file is no ZIP file to read to its end.
        guard let descriptor = try? FileBytes.openRegularFile(atPath: path) else { return isZipName }
        defer { closeDescriptor(descriptor) }
        let size = Int(lseek(descriptor, 0, SEEK_END))
        func bytes(at offset: Int, count: Int) -> [UInt8] {
            guard offset >= 0, offset + count <= size else { return [] }
            var buffer = [UInt8](repeating: 0, count: count)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return read == count ? buffer : []
        }
        if bytes(at: 0, count: 16) == Array("SQLite format 3\0".utf8) { return false }
        if bytes(at: size - 25, count: 17) == Array("Start-Of-SQLite3-".utf8) { return false }
        if size >= 22 {
            return bytes(at: size - 22, count: 4) == [UInt8(ascii: "P"), UInt8(ascii: "K"), 0x05, 0x06]
        }
        return size == 0 && isZipName
    }

    /// Runs the command; SQLite's result code.
    func run() -> Int32 {
        switch request.command {
        case .create: return createOrUpdate(update: false, onlyIfChanged: false)
        case .extract: return extract()
        case .list: return list()
        case .help:
            shell.showHelp(Array("archive".utf8))
            return SQLITE_OK
        case .insert: return createOrUpdate(update: true, onlyIfChanged: false)
        case .remove: return remove()
        case .update, nil: return createOrUpdate(update: true, onlyIfChanged: true)
        }
    }
}
