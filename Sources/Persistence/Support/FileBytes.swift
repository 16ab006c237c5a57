import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the files Plume reads because a folder or an option named them
/// (migrations, `.read`, `.import`, `-init`, the history file, a
/// deserialized database): regular files only, up to a size limit.
///
/// A path naming a FIFO, a device (`/dev/zero`, `/dev/urandom`; the null
/// device alone reads as an empty file), a directory or a socket (directly
/// or through symbolic links) is refused
/// with a ``FileReadError``: a device would be read until memory runs out,
/// a FIFO would block until a writer came. The file is opened with
/// `O_NONBLOCK` (opening a FIFO does not wait for a writer) and the opened
/// descriptor is checked with `fstat`, so that a file swapped between a
/// check and the open cannot slip through.
///
/// The limit is ``defaultSizeLimit`` (1 GiB), or the value of the
/// `PLUME_MAX_FILE_SIZE` environment variable: a number of bytes, or a
/// number followed by `K`, `M`, `G` or `T` (powers of 1024).
///
/// Files are read with `open` and `read` rather than
/// `FileManager.contents(atPath:)`, which leaks a 4 KB buffer for every
/// empty file on Linux (the migration-file fuzz target found it under
/// LeakSanitizer).
package enum FileBytes {
    /// The size limit when `PLUME_MAX_FILE_SIZE` is not set: 1 GiB.
    package static let defaultSizeLimit: Int64 = 1 << 30

    /// The environment variable that raises (or lowers) the size limit.
    package static let sizeLimitVariable = "PLUME_MAX_FILE_SIZE"

    /// The size limit in bytes: `PLUME_MAX_FILE_SIZE`, or
    /// ``defaultSizeLimit``.
    ///
    /// - Throws: ``FileReadError`` when the variable does not hold a size.
    package static func sizeLimit(path: String) throws(FileReadError) -> Int64 {
        guard let value = getenv(sizeLimitVariable).map({ String(cString: $0) }), !value.isEmpty else {
            return defaultSizeLimit
        }
        guard let limit = parseSize(value) else {
            throw FileReadError(path: path, reason: .invalidSizeLimit(value))
        }
        return limit
    }

    /// A size written as digits with an optional `K`, `M`, `G` or `T`
    /// suffix (powers of 1024, either case, an optional `B` or `iB`
    /// after it); nil for anything else or a size over `Int64.max`.
    package static func parseSize(_ text: String) -> Int64? {
        var digits = text.trimmingWhitespace().lowercased()
        if digits.hasSuffix("ib") {
            digits.removeLast(2)
        } else if digits.hasSuffix("b") {
            digits.removeLast()
        }
        var multiplier: Int64 = 1
        if let last = digits.last, let power = ["k": 1, "m": 2, "g": 3, "t": 4][String(last)] {
            multiplier = Int64(1) << (10 * power)
            digits.removeLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int64(digits) else {
            return nil
        }
        let (product, overflow) = number.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }

    /// Opens a regular file for reading, no larger than the size limit.
    ///
    /// - Returns: The open descriptor (close-on-exec, blocking), which the
    ///   caller closes.
    /// - Throws: ``FileReadError`` when the file cannot be opened, is not a
    ///   regular file, or is over the limit.
    package static func openRegularFile(atPath path: String) throws(FileReadError) -> Int32 {
        let limit = try sizeLimit(path: path)
        // O_NONBLOCK: opening a FIFO without a writer must not wait.
        // O_NOCTTY: a terminal named here must not become ours.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: .cannotOpen(errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw FileReadError(path: path, reason: .cannotOpen(code))
        }
        guard let kind = FileReadError.Kind(mode: status.st_mode), kind == .regular || isNullDevice(status) else {
            close(descriptor)
            throw FileReadError(path: path, reason: .notRegular(FileReadError.Kind(mode: status.st_mode) ?? .unknown))
        }
        guard Int64(status.st_size) <= limit else {
            close(descriptor)
            throw FileReadError(path: path, reason: .tooLarge(size: Int64(status.st_size), limit: limit))
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return descriptor
    }

    /// Whether `path` names a directory (following symbolic links), or nil
    /// when it names nothing: FileManager's `fileExists(atPath:isDirectory:)`
    /// without its `ObjCBool`, which is full Foundation on Linux.
    package static func isDirectory(atPath path: String) -> Bool? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether a file's status is the null device's (`/dev/null`, or a
    /// link to it), which reads as an empty file: `sqlite3 -init /dev/null`
    /// is the usual way to skip `~/.sqliterc`.
    private static func isNullDevice(_ status: stat) -> Bool {
        guard status.st_mode & S_IFMT == S_IFCHR else { return false }
        var null = stat()
        return stat("/dev/null", &null) == 0 && null.st_mode & S_IFMT == S_IFCHR && null.st_rdev == status.st_rdev
    }

    /// Opens a regular file as a C stream (`fdopen(…, "rb")`), checked as
    /// ``openRegularFile(atPath:)`` checks it.
    ///
    /// - Throws: ``FileReadError`` as ``openRegularFile(atPath:)`` does.
    package static func openRegularFileStream(atPath path: String) throws(FileReadError) -> UnsafeMutablePointer<FILE> {
        let descriptor = try openRegularFile(atPath: path)
        guard let stream = fdopen(descriptor, "rb") else {
            let code = errno
            close(descriptor)
            throw FileReadError(path: path, reason: .cannotOpen(code))
        }
        return stream
    }

    /// The bytes of the regular file at `path`.
    ///
    /// - Throws: ``FileReadError`` when the file cannot be opened or read,
    ///   is not a regular file, or is (or grows while read) over the size
    ///   limit.
    /// - Complexity: O(n) in the size of the file.
    package static func readRegularFile(atPath path: String) throws(FileReadError) -> [UInt8] {
        let limit = try sizeLimit(path: path)
        let descriptor = try openRegularFile(atPath: path)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                guard Int64(bytes.count) + Int64(count) <= limit else {
                    throw FileReadError(path: path, reason: .tooLarge(size: Int64(bytes.count + count), limit: limit))
                }
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw FileReadError(path: path, reason: .readFailed(errno))
            }
        }
    }

    /// The bytes of the regular file at `path`, or nil when
    /// ``readRegularFile(atPath:)`` throws.
    package static func read(atPath path: String) -> [UInt8]? {
        try? readRegularFile(atPath: path)
    }
}

/// `read(2)`, named apart from ``FileBytes/read(atPath:)``.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
