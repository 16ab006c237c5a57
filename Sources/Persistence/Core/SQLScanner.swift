/// Byte-level helpers for splitting SQL scripts the way SQLite reads them.
enum SQLScanner {
    /// The offset of the first byte at or after `offset` that is neither
    /// white space, `;`, nor inside a comment.
    static func skipSpaceAndComments(_ buffer: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        var index = offset
        let end = buffer.count - 1 // trailing NUL
        while index < end {
            let byte = buffer[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x3B {
                index += 1
            } else if byte == 0x2D, index + 1 < end, buffer[index + 1] == 0x2D { // --
                while index < end, buffer[index] != 0x0A { index += 1 }
            } else if byte == 0x2F, index + 1 < end, buffer[index + 1] == 0x2A { // /*
                index += 2
                while index < end, !(buffer[index] == 0x2A && index + 1 < end && buffer[index + 1] == 0x2F) { index += 1 }
                index = min(index + 2, end)
            } else {
                break
            }
        }
        return index
    }

    /// The offset of the `;` that ends the statement starting at `start`
    /// (or the end of the buffer), skipping quoted text and comments.
    static func statementEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let end = buffer.count - 1 // trailing NUL
        var index = start
        while index < end {
            let byte = buffer[index]
            switch byte {
            case 0x3B: // ;
                return index
            case 0x27, 0x22, 0x60, 0x5B: // ' " ` [
                let close: UInt8 = byte == 0x5B ? 0x5D : byte
                index += 1
                while index < end, buffer[index] != close { index += 1 }
            case 0x2D where index + 1 < end && buffer[index + 1] == 0x2D: // --
                while index < end, buffer[index] != 0x0A { index += 1 }
            case 0x2F where index + 1 < end && buffer[index + 1] == 0x2A: // /*
                index += 2
                while index < end, !(buffer[index] == 0x2A && index + 1 < end && buffer[index + 1] == 0x2F) { index += 1 }
                index += 1
            default:
                break
            }
            index += 1
        }
        return end
    }

    static func countNewlines(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            if buffer[index] == 0x0A { count += 1 }
            index += 1
        }
        return count
    }

    static func statementText(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        let stop = end > start ? end : buffer.count - 1
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<stop]), as: UTF8.self)
        return text.trimmingSQLSeparators()
    }

    /// Whether anything but white space, `;` and comments follows.
    static func hasStatement(after tail: UnsafePointer<CChar>) -> Bool {
        var length = 0
        while tail[length] != 0 { length += 1 }
        return tail.withMemoryRebound(to: UInt8.self, capacity: length + 1) { pointer in
            let buffer = UnsafeBufferPointer(start: pointer, count: length + 1)
            return skipSpaceAndComments(buffer, from: 0) < length
        }
    }
}

extension String {
    /// The string without leading and trailing white space and `;`.
    func trimmingSQLSeparators() -> String {
        // Bytes, not `Character`s: the separators are ASCII, and a UTF-8
        // continuation byte is never one of them.
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !$0.isSQLSeparator }) else { return "" }
        let last = bytes.lastIndex(where: { !$0.isSQLSeparator })!
        return String(self[first...last])
    }
}

extension UInt8 {
    /// Whether the byte is one of the separators trimmed around a
    /// statement: a space, a tab, a line break or a semicolon.
    fileprivate var isSQLSeparator: Bool {
        self == 0x20 || self == 0x0A || self == 0x09 || self == 0x0D || self == 0x3B
    }
}
