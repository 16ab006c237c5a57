import PlumeTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered byte writer on a file descriptor.
///
/// The shell prints bytes, not Swift strings: SQLite text may hold invalid
/// UTF-8, and `sqlite3` compatibility is judged byte for byte.
package final class OutputBuffer {
    /// Where the bytes go (`.output` and `.once` change it).
    private(set) var fileDescriptor: Int32
    /// Where the bytes go when not redirected: the shell's standard output
    /// (a file in tests that run the shell in process).
    let standardOutput: Int32
    private var buffer: [UInt8] = []
    private let capacity = 64 * 1024

    /// Creates a writer on `fileDescriptor` (`STDOUT_FILENO` by default),
    /// which is its standard output.
    package init(fileDescriptor: Int32 = STDOUT_FILENO) {
        self.fileDescriptor = fileDescriptor
        standardOutput = fileDescriptor
        buffer.reserveCapacity(capacity)
    }

    deinit { flush() }

    /// How the aligned modes measure text written here.
    var columnMeasure: ColumnMeasure { ColumnMeasure.forOutput(fileDescriptor) }

    /// Appends bytes.
    package func write(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    /// Appends the UTF-8 bytes of a string.
    package func write(_ text: String) {
        write(text.utf8)
    }

    /// Appends `count` copies of a byte.
    func write(repeating byte: UInt8, count: Int) {
        if count > 0 { buffer.append(contentsOf: repeatElement(byte, count: count)) }
    }

    /// Flushes what is buffered, then writes to another file descriptor.
    func redirect(to fileDescriptor: Int32) {
        flush()
        self.fileDescriptor = fileDescriptor
    }

    /// Writes everything buffered to the file descriptor.
    package func flush() {
        // A failed write means the reader went away: the output is
        // dropped, as sqlite3 does.
        buffer.withUnsafeBytes { _ = TerminalSession.write(bytes: $0, to: fileDescriptor) }
        buffer.removeAll(keepingCapacity: true)
    }
}
