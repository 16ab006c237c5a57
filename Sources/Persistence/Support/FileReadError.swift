import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ``FileBytes`` refused or failed to read a file.
package struct FileReadError: Error, Equatable, CustomStringConvertible {
    /// What a path names, when it is not a regular file.
    package enum Kind: String, Equatable, Sendable {
        case regular = "a regular file"
        case directory = "a directory"
        case fifo = "a FIFO (named pipe)"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case symbolicLink = "a symbolic link"
        case unknown = "not a regular file"

        /// The kind of an `st_mode`.
        init?(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            case S_IFLNK: self = .symbolicLink
            default: return nil
            }
        }
    }

    /// What went wrong.
    package enum Reason: Equatable, Sendable {
        /// `open` (or `fstat`) failed with this `errno`.
        case cannotOpen(Int32)
        /// The path names something other than a regular file.
        case notRegular(Kind)
        /// The file is larger than the limit.
        case tooLarge(size: Int64, limit: Int64)
        /// `read` failed with this `errno`.
        case readFailed(Int32)
        /// `PLUME_MAX_FILE_SIZE` holds this text, which is no size.
        case invalidSizeLimit(String)
    }

    /// The path as given.
    package let path: String
    /// What went wrong.
    package let reason: Reason

    /// An error for `path`.
    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// What is wrong, without the path: "is a FIFO (named pipe), not a
    /// regular file".
    package var problem: String {
        switch reason {
        case .cannotOpen(let code):
            return "cannot be opened: \(String(cString: strerror(code)))"
        case .notRegular(let kind):
            return kind == .unknown ? "is not a regular file" : "is \(kind.rawValue), not a regular file"
        case .tooLarge(let size, let limit):
            return "is \(size) bytes, over the limit of \(limit) bytes"
                + " (set \(FileBytes.sizeLimitVariable) to raise it, as \(FileBytes.sizeLimitVariable)=4G)"
        case .readFailed(let code):
            return "cannot be read: \(String(cString: strerror(code)))"
        case .invalidSizeLimit(let value):
            return "cannot be read: \(FileBytes.sizeLimitVariable) is \"\(value)\", not a size (bytes, or a number and K, M, G or T)"
        }
    }

    /// Whether `open` failed (a missing file, no permission), which
    /// `sqlite3` reports in words of its own, or an optional file (the
    /// history, `~/.sqliterc`) passes over in silence.
    package var isOpenFailure: Bool {
        if case .cannotOpen = reason { return true }
        return false
    }

    /// `"PATH" is a FIFO (named pipe), not a regular file`.
    package var description: String { "\"\(path)\" \(problem)" }
}
