import CSQLite
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `readfile(PATH)`, `writefile(PATH, DATA, MODE?, MTIME?)` and
/// `lsmode(MODE)`, as `sqlite3`'s fileio extension defines them.
enum FileIOFunctions {
    static func install(on connection: OpaquePointer) {
        SQLFunctionRegistry.scalar(connection, "readfile", 1, flags: SQLITE_DIRECTONLY) { context, arguments in
            guard let path = SQLValue.cText(arguments[0]) else { return }
            readFile(context, path: path)
        }
        SQLFunctionRegistry.scalar(connection, "writefile", -1, flags: SQLITE_DIRECTONLY, writeFile)
        SQLFunctionRegistry.scalar(connection, "lsmode", 1) { context, arguments in
            SQLValue.setText(context, FileMode.listing(sqlite3_value_int(arguments[0])))
        }
    }

    /// Sets the result to the file's bytes; leaves it NULL when the file
    /// cannot be opened. The size is where `fseek` to the end lands, so
    /// files of `/proc` read as empty and directories as too big.
    static func readFile(_ context: OpaquePointer, path: [UInt8]) {
        guard let file = fopen(FileMode.cString(path), "rb") else { return }
        defer { fclose(file) }
        fseek(file, 0, SEEK_END)
        let size = ftell(file)
        rewind(file)
        let limit = sqlite3_limit(sqlite3_context_db_handle(context), SQLITE_LIMIT_LENGTH, -1)
        guard size <= Int(limit) else {
            sqlite3_result_error_code(context, SQLITE_TOOBIG)
            return
        }
        var bytes = [UInt8](repeating: 0, count: max(size, 0))
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        guard read == bytes.count else {
            sqlite3_result_error_code(context, SQLITE_IOERR)
            return
        }
        SQLValue.setBlob(context, bytes)
    }

    private static func writeFile(_ context: OpaquePointer, _ arguments: [OpaquePointer?]) {
        guard (2...4).contains(arguments.count) else {
            SQLValue.setError(context, "wrong number of arguments to function writefile()")
            return
        }
        guard let path = SQLValue.cText(arguments[0]) else { return }
        let mode = arguments.count >= 3 ? mode_t(truncatingIfNeeded: sqlite3_value_int(arguments[2])) : 0
        let modificationTime = arguments.count == 4 ? sqlite3_value_int64(arguments[3]) : -1
        let writer = FileWriter(context: context, path: path, data: arguments[1], mode: mode, modificationTime: modificationTime)
        var outcome = writer.write()
        if outcome == .failed && errno == ENOENT && writer.makeParentDirectories() {
            outcome = writer.write()
        }
        guard arguments.count > 2 && outcome != .written else { return }
        let kind = switch mode & FileMode.typeMask {
        case FileMode.symbolicLink: "symlink"
        case FileMode.directory: "directory"
        default: "file"
        }
        let verb = kind == "file" ? "write" : "create"
        SQLValue.setError(context, Array("failed to \(verb) \(kind): ".utf8) + path)
    }
}

/// Writes one file, directory or symbolic link for `writefile()`.
struct FileWriter {
    enum Outcome { case written, failed, failedAfterWriting }

    let context: OpaquePointer
    let path: [UInt8]
    let data: OpaquePointer?
    let mode: mode_t
    let modificationTime: Int64

    func write() -> Outcome {
        let cPath = FileMode.cString(path)
        switch mode & FileMode.typeMask {
        case FileMode.symbolicLink:
            guard let target = SQLValue.cText(data), symlink(FileMode.cString(target), cPath) == 0 else { return .failed }
        case FileMode.directory:
            if mkdir(cPath, mode) != 0 {
                var info = stat()
                guard errno == EEXIST, stat(cPath, &info) == 0, info.st_mode & FileMode.typeMask == FileMode.directory,
                      info.st_mode & 0o777 == mode & 0o777 || chmod(cPath, mode & 0o777) == 0 else { return .failed }
            }
        default:
            guard let file = fopen(cPath, "wb") else { return .failed }
            var failed = false
            var written: Int64 = 0
            if let bytes = sqlite3_value_blob(data) {
                let count = Int(sqlite3_value_bytes(data))
                failed = fwrite(bytes, 1, count, file) != count
                written = Int64(count)
            }
            fclose(file)
            if !failed && mode != 0 && chmod(cPath, mode & 0o777) != 0 { failed = true }
            if failed { return .failedAfterWriting }
            sqlite3_result_int64(context, written)
        }
        guard modificationTime >= 0 else { return .written }
        var times = [timeval(tv_sec: time(nil), tv_usec: 0), timeval(tv_sec: Int(modificationTime), tv_usec: 0)]
        return utimes(cPath, &times) == 0 ? .written : .failed
    }

    /// Creates the missing directories above the path (the shell's
    /// `makeDirectory`); false when one cannot be made or is a file.
    func makeParentDirectories() -> Bool {
        var index = 1
        while true {
            while index < path.count && path[index] != UInt8(ascii: "/") { index += 1 }
            if index >= path.count { return true }
            let directory = FileMode.cString(Array(path[..<index]))
            var info = stat()
            if stat(directory, &info) != 0 {
                if mkdir(directory, 0o777) != 0 { return false }
            } else if info.st_mode & FileMode.typeMask != FileMode.directory {
                return false
            }
            index += 1
        }
    }
}

/// `st_mode` bits and their `ls -l` form.
enum FileMode {
    static let typeMask: mode_t = 0o170000
    static let directory: mode_t = 0o040000
    static let regular: mode_t = 0o100000
    static let symbolicLink: mode_t = 0o120000

    /// `drwxr-xr-x`: `l`, `-`, `d` or `?`, then the permission bits.
    static func listing(_ mode: Int32) -> [UInt8] {
        let bits = mode_t(truncatingIfNeeded: mode)
        var text: [UInt8] = switch bits & typeMask {
        case symbolicLink: [UInt8(ascii: "l")]
        case regular: [UInt8(ascii: "-")]
        case directory: [UInt8(ascii: "d")]
        default: [UInt8(ascii: "?")]
        }
        for shift in [6, 3, 0] {
            let permissions = mode >> shift
            text += zip([4, 2, 1], "rwx".utf8).map { bit, letter in permissions & bit != 0 ? letter : UInt8(ascii: "-") }
        }
        return text
    }

    /// The path as a NUL-terminated C string.
    static func cString(_ bytes: [UInt8]) -> [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }
}
