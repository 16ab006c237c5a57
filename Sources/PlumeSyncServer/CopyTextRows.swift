import NIOCore

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN`: fields
/// separated by tabs, rows ended by newlines, `\N` for NULL, and a
/// backslash, tab, newline or carriage return in a field written as `\\`,
/// `\t`, `\n` or `\r` ("COPY", File Formats, Text Format).
struct CopyTextRows {
    private(set) var buffer = ByteBuffer()
    private var fieldsInRow = 0

    /// Appends a text field, escaped.
    mutating func append(_ text: String) {
        separate()
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() {
                let escape: UInt8
                switch byte {
                case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
                case UInt8(ascii: "\t"): escape = UInt8(ascii: "t")
                case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
                case UInt8(ascii: "\r"): escape = UInt8(ascii: "r")
                default: continue
                }
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<index]))
                buffer.writeInteger(UInt8(ascii: "\\"))
                buffer.writeInteger(escape)
                start = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start...]))
        }
    }

    /// Appends an integer field.
    mutating func append(_ integer: Int64) {
        separate()
        buffer.writeString(String(integer))
    }

    /// Appends a NULL field.
    mutating func appendNull() {
        separate()
        buffer.writeStaticString("\\N")
    }

    /// Ends the current row.
    mutating func endRow() {
        buffer.writeInteger(UInt8(ascii: "\n"))
        fieldsInRow = 0
    }

    /// The rows written so far, which are then forgotten.
    mutating func take() -> ByteBuffer {
        defer { buffer.clear() }
        return buffer
    }

    private mutating func separate() {
        if fieldsInRow > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
        fieldsInRow += 1
    }
}
