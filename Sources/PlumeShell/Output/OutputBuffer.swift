import PlumeTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered byte writer on a file descriptor.
///
/// The shell prints bytes, not Swift strings: SQLite text may hold invalid
/// UTF-8, and `sqlite3` compatibility is judged byte for byte. Bytes are
/// copied into one fixed buffer, written out when it fills and at
/// ``flush()`` (the shell flushes after each command and at prompts).
package final class OutputBuffer {
    /// Where the bytes go (`.output` and `.once` change it).
    private(set) var fileDescriptor: Int32
    /// Where the bytes go when not redirected: the shell's standard output
    /// (a file in tests that run the shell in process).
    let standardOutput: Int32
    private let storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    private static let capacity = 64 * 1024

    /// Creates a writer on `fileDescriptor` (`STDOUT_FILENO` by default),
    /// which is its standard output.
    package init(fileDescriptor: Int32 = STDOUT_FILENO) {
        self.fileDescriptor = fileDescriptor
        standardOutput = fileDescriptor
        storage = .allocate(capacity: OutputBuffer.capacity)
    }

    deinit {
        flush()
        storage.deallocate()
    }

    /// How the aligned modes measure text written here.
    var columnMeasure: ColumnMeasure { ColumnMeasure.forOutput(fileDescriptor) }

    /// Appends bytes.
    @inline(__always)
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        if count + bytes.count > OutputBuffer.capacity {
            flush()
            if bytes.count > OutputBuffer.capacity {
                _ = TerminalSession.write(bytes: bytes, to: fileDescriptor)
                return
            }
        }
        (storage + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Appends bytes.
    @inline(__always)
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        write(UnsafeRawBufferPointer(bytes))
    }

    /// Appends bytes.
    package func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Appends bytes.
    func write(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Appends bytes.
    package func write(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { write(byte: byte) }
    }

    /// Appends one byte.
    @inline(__always)
    func write(byte: UInt8) {
        if count == OutputBuffer.capacity { flush() }
        storage[count] = byte
        count += 1
    }

    /// Appends the UTF-8 bytes of a string.
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `count` copies of a byte.
    func write(repeating byte: UInt8, count: Int) {
        for _ in 0..<max(0, count) { write(byte: byte) }
    }

    /// Flushes what is buffered, then writes to another file descriptor.
    func redirect(to fileDescriptor: Int32) {
        flush()
        self.fileDescriptor = fileDescriptor
    }

    /// Writes everything buffered to the file descriptor.
    package func flush() {
        guard count > 0 else { return }
        // A failed write means the reader went away: the output is
        // dropped, as sqlite3 does.
        _ = TerminalSession.write(bytes: UnsafeRawBufferPointer(start: storage, count: count), to: fileDescriptor)
        count = 0
    }
}

/// Where the quoting helpers put bytes: an array being built, or the
/// output buffer itself (no intermediate array per value).
protocol ByteSink {
    mutating func append(byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink {
    /// Appends the bytes of a string literal.
    mutating func append(_ text: StaticString) {
        append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(byte: UInt8) { append(byte) }
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

extension OutputBuffer: ByteSink {
    func append(byte: UInt8) { write(byte: byte) }
    func append(bytes: UnsafeBufferPointer<UInt8>) { write(bytes) }
}
