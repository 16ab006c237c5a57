import Foundation
import Persistence
import PlumeTerminal

/// Reads `.import` input one field at a time, as `sqlite3`'s
/// `csv_read_one_field` (RFC 4180 quoting with any one-byte separators, a
/// UTF-8 byte-order mark skipped at the start) and `ascii_read_one_field`
/// (no quoting) do, reporting quoting mistakes on standard error.
///
/// Separators are compared as C compares a `char` with what `fgetc`
/// returns: a separator byte of 0x80 or more never matches, and 0xFF
/// matches the end of input.
final class ImportReader {
    /// The name messages give (`<pipe>` for a command's output).
    let displayName: [UInt8]
    private let file: UnsafeMutablePointer<FILE>
    private let isPipe: Bool
    private let columnSeparator: Int32
    private let rowSeparator: Int32
    private let quotesFields: Bool
    /// The line the reader is on, from 1.
    private(set) var line = 1
    /// What ended the last field: a separator or `EOF`.
    private(set) var terminator: Int32 = 0
    private var hasRead = false
    private var field: [UInt8] = []

    /// Opens `source` (`|command` runs the command; a file must be a
    /// regular file, ``FileBytes/openRegularFileStream(atPath:)``).
    ///
    /// - Throws: ``FileReadError`` when it cannot be opened, or is a FIFO,
    ///   a device or a directory, or is over the size limit.
    init(source: [UInt8], columnSeparator: UInt8, rowSeparator: UInt8, quotesFields: Bool) throws(FileReadError) {
        if source.first == UInt8(ascii: "|") {
            guard let file = popen(Array(source.dropFirst()).cPath, "r") else {
                throw FileReadError(path: String(decoding: source, as: UTF8.self), reason: .cannotOpen(errno))
            }
            self.file = file
            isPipe = true
            displayName = Array("<pipe>".utf8)
        } else {
            self.file = try FileBytes.openRegularFileStream(atPath: String(decoding: source, as: UTF8.self))
            isPipe = false
            displayName = source
        }
        self.columnSeparator = Int32(Int8(bitPattern: columnSeparator))
        self.rowSeparator = Int32(Int8(bitPattern: rowSeparator))
        self.quotesFields = quotesFields
    }

    deinit {
        if isPipe { pclose(file) } else { fclose(file) }
    }

    /// Whether the last field ended at a column separator (more follow on
    /// its row).
    var endedAtColumnSeparator: Bool { terminator == columnSeparator }

    /// The next field up to its first NUL byte (as C reads it), or nil at
    /// the end of input.
    func next() -> [UInt8]? {
        let value = quotesFields ? nextCSVField() : nextASCIIField()
        return value?.cString
    }

    /// Starts a field: its first byte, or nil at the end of input.
    private func startField() -> Int32? {
        field.removeAll(keepingCapacity: true)
        let c = getc(file)
        if c == EOF {
            terminator = EOF
            return nil
        }
        return c
    }

    private func nextASCIIField() -> [UInt8]? {
        guard var c = startField() else { return nil }
        while c != EOF && c != columnSeparator && c != rowSeparator {
            field.append(UInt8(truncatingIfNeeded: c))
            c = getc(file)
        }
        if c == rowSeparator { line += 1 }
        terminator = c
        return field
    }

    private func nextCSVField() -> [UInt8]? {
        guard var c = startField() else { return nil }
        if c == quote {
            readQuoted()
        } else {
            if c & 0xFF == 0xEF && !hasRead {
                // A byte-order mark before the first field is dropped.
                field.append(0xEF)
                c = getc(file)
                if c & 0xFF == 0xBB {
                    field.append(0xBB)
                    c = getc(file)
                    if c & 0xFF == 0xBF {
                        hasRead = true
                        return nextCSVField()
                    }
                }
            }
            while c != EOF && c != columnSeparator && c != rowSeparator {
                field.append(UInt8(truncatingIfNeeded: c))
                c = getc(file)
            }
            if c == rowSeparator {
                line += 1
                if field.last == UInt8(ascii: "\r") { field.removeLast() }
            }
            terminator = c
        }
        hasRead = true
        return field
    }

    private let quote = Int32(UInt8(ascii: "\""))

    /// The rest of a field that starts with `"`: doubled quotes stand for
    /// one, and the field ends at a quote followed by a separator or the
    /// end of input.
    private func readQuoted() {
        var previous: Int32 = 0, beforePrevious: Int32 = 0
        let startLine = line
        while true {
            let c = getc(file)
            if c == rowSeparator { line += 1 }
            if c == quote && previous == quote {
                previous = 0
                continue
            }
            if (c == columnSeparator && previous == quote) || (c == rowSeparator && previous == quote)
                || (c == rowSeparator && previous == UInt8(ascii: "\r") && beforePrevious == quote) || (c == EOF && previous == quote) {
                // Drop the closing quote (and a carriage return after it).
                while field.removeLast() != UInt8(ascii: "\"") {}
                terminator = c
                return
            }
            if previous == quote && c != UInt8(ascii: "\r") {
                report(line: line, "unescaped \" character")
            }
            if c == EOF {
                report(line: startLine, "unterminated \"-quoted field")
                terminator = c
                return
            }
            field.append(UInt8(truncatingIfNeeded: c))
            beforePrevious = previous
            previous = c
        }
    }

    private func report(line: Int, _ message: String) {
        StandardStreams.writeError(displayName + Array(":\(line): \(message)\n".utf8))
    }
}
