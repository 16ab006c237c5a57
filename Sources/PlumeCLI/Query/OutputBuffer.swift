#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered byte writer on a file descriptor.
///
/// The shell prints bytes, not Swift strings: SQLite text may hold invalid
/// UTF-8, and `sqlite3` compatibility is judged byte for byte.
final class OutputBuffer {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 64 * 1024

    /// Creates a writer on `fileDescriptor` (`STDOUT_FILENO` by default).
    init(fileDescriptor: Int32 = STDOUT_FILENO) {
        self.fileDescriptor = fileDescriptor
        buffer.reserveCapacity(capacity)
    }

    deinit { flush() }

    /// Appends bytes.
    func write(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    /// Appends the UTF-8 bytes of a string.
    func write(_ text: String) {
        write(text.utf8)
    }

    /// Appends `count` copies of a byte.
    func write(repeating byte: UInt8, count: Int) {
        if count > 0 { buffer.append(contentsOf: repeatElement(byte, count: count)) }
    }

    /// Writes everything buffered to the file descriptor.
    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.write(fileDescriptor, raw.baseAddress, raw.count)
                #else
                Darwin.write(fileDescriptor, raw.baseAddress, raw.count)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                break // the reader went away; drop the output as sqlite3 does
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Standard error, unbuffered: one `write` per message.
enum StandardError {
    /// Writes a message (bytes) to standard error.
    static func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.write(STDERR_FILENO, raw.baseAddress, raw.count)
                #else
                Darwin.write(STDERR_FILENO, raw.baseAddress, raw.count)
                #endif
            }
            if written <= 0 { if errno == EINTR { continue }; return }
            offset += written
        }
    }

    /// Writes a message (text) to standard error.
    static func write(_ text: String) {
        write(Array(text.utf8))
    }
}
