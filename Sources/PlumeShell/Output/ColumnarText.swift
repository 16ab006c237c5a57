/// Text preparation for the aligned modes: the shell's
/// `translateForDisplayAndDup` and `utf8_width_print`, measuring by
/// characters or display width (see ``ColumnMeasure``).
enum ColumnarText {
    /// Counts the bytes ``firstLine(of:maxWidth:wordWrap:measure:)`` reads,
    /// for tests that the aligned modes stay linear in the bytes shown.
    final class WorkMeter: @unchecked Sendable {
        var bytesRead = 0
    }

    /// The meter of the current task, if a test set one.
    @TaskLocal static var workMeter: WorkMeter?

    /// The first display line of `text`, at most `maxWidth` columns wide
    /// (0 for no limit), and the rest of the text when it continues on
    /// another line. Tabs expand to the next multiple of 8; a newline or
    /// other control character ends the line.
    static func firstLine(of text: ArraySlice<UInt8>, maxWidth: Int, wordWrap: Bool, measure: ColumnMeasure)
        -> (line: [UInt8], tail: ArraySlice<UInt8>?) {
        let limit = maxWidth == 0 ? 1_000_000 : abs(maxWidth)
        // Fast path: printable ASCII that fits is its own line.
        if text.count <= limit, text.allSatisfy({ $0 >= UInt8(ascii: " ") && $0 < 0x7F }) { return (Array(text), nil) }
        // The slice's own bytes, not a copy: a long value is cut into many
        // lines, and copying what remains for each would make the aligned
        // modes quadratic in the value's length.
        return text.withUnsafeBufferPointer { bytes in
            var (index, reachedLimit) = lineEnd(of: bytes, limit: limit, measure: measure)
            var end = index
            if reachedLimit && wordWrap, let wordEnd = wordBreak(in: bytes, before: index) {
                end = wordEnd
                index = wordEnd
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            }
            // What was read: the line up to where it ended (and back to a
            // word break), and the bytes rendered.
            workMeter?.bytesRead += index + end
            return (render(bytes, upTo: end, limit: limit, measure: measure),
                    tail(of: text, after: index, reachedLimit: reachedLimit))
        }
    }

    /// Where the first line ends: at the first control character other
    /// than a tab, or where the next character would pass `limit` columns
    /// (then `reachedLimit`).
    private static func lineEnd(of bytes: UnsafeBufferPointer<UInt8>, limit: Int, measure: ColumnMeasure)
        -> (index: Int, reachedLimit: Bool) {
        var index = 0, columns = 0
        while columns < limit, index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: " ") {
                let (width, next) = measure.character(in: bytes, at: index)
                if columns + width > limit && columns > 0 { return (index, true) }
                columns += width
                index = next
            } else if byte == UInt8(ascii: "\t") {
                repeat { columns += 1 } while columns & 7 != 0 && columns < limit
                index += 1
            } else {
                break
            }
        }
        return (index, columns >= limit)
    }

    /// Where `--wordwrap` cuts a line that reached its limit at `index`:
    /// after the last space in its second half, else at the last change
    /// between a word character and another; nil when there is neither.
    private static func wordBreak(in bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> Int? {
        // Past the end reads as the C string's NUL.
        let at = { (offset: Int) -> UInt8 in offset < bytes.count ? bytes[offset] : 0 }
        var k = index
        while k > index / 2, !SQLiteText.isSpace(bytes[k - 1]) { k -= 1 }
        if k <= index / 2 {
            k = index
            while k > index / 2 {
                if isAlphanumeric(bytes[k - 1]) != isAlphanumeric(at(k)) && at(k) & 0xC0 != 0x80 { break }
                k -= 1
            }
        }
        return k <= index / 2 ? nil : k
    }

    /// The text after the first line, which ended at `index`: nil at the
    /// end of the text. A line ending (`\n` or `\r\n`) or other control
    /// character between the lines is dropped.
    private static func tail(of text: ArraySlice<UInt8>, after index: Int, reachedLimit: Bool) -> ArraySlice<UInt8>? {
        // Past the end reads as the C string's NUL.
        let at = { (offset: Int) -> UInt8 in offset < text.count ? text[text.startIndex + offset] : 0 }
        if reachedLimit && at(index) >= UInt8(ascii: " ") {
            return text[(text.startIndex + index)...]
        } else if at(index) == UInt8(ascii: "\r") && at(index + 1) == UInt8(ascii: "\n") {
            return at(index + 2) != 0 ? text[(text.startIndex + index + 2)...] : nil
        } else if at(index) == 0 || at(index + 1) == 0 {
            return nil
        }
        return text[(text.startIndex + index + 1)...]
    }

    /// The bytes of the line ending at `end` as printed: tabs expanded to
    /// spaces up to the next multiple of 8 (within `limit` columns), up to
    /// the first other control character.
    private static func render(_ bytes: UnsafeBufferPointer<UInt8>, upTo end: Int, limit: Int, measure: ColumnMeasure) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(end)
        var position = 0, columns = 0
        while position < end {
            let byte = bytes[position]
            if byte >= UInt8(ascii: " ") {
                let (width, next) = measure.character(in: bytes, at: position)
                line.append(contentsOf: bytes[position..<next])
                columns += width
                position = next
            } else if byte == UInt8(ascii: "\t") {
                repeat { columns += 1; line.append(UInt8(ascii: " ")) } while columns & 7 != 0 && columns < limit
                position += 1
            } else {
                break
            }
        }
        return line
    }

    /// The text as the aligned modes draw it on a terminal, so that no
    /// value or column name sends the terminal an escape sequence (a window
    /// title, an OSC 52 clipboard write, a screen clear, a DCS): as newer
    /// `sqlite3` shells do with `.mode --escape ascii`, a C0 control other
    /// than a tab or a line ending shows in caret notation (`ESC` as `^[`),
    /// `DEL` as `^?`, and a C1 control (U+0080 to U+009F, which `sqlite3`
    /// passes) as `<U+009B>`. Tabs and line endings keep their layout.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func visibleControls(_ bytes: [UInt8]) -> [UInt8] {
        func isControl(_ index: Int) -> Bool {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") { return false }
            if byte == UInt8(ascii: "\r") { return !(index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")) }
            if byte < 0x20 || byte == 0x7F { return true }
            return byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
        }
        guard bytes.indices.contains(where: isControl) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            guard isControl(index) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            let byte = bytes[index]
            if byte == 0xC2 {
                result += Array("<U+00".utf8) + Array(String(bytes[index + 1], radix: 16, uppercase: true).utf8) + [UInt8(ascii: ">")]
                index += 2
            } else {
                result += [UInt8(ascii: "^"), byte == 0x7F ? UInt8(ascii: "?") : byte + 0x40]
                index += 1
            }
        }
        return result
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        SQLiteText.isAlpha(byte) || SQLiteText.isDigit(byte)
    }

    /// `text` padded with spaces to `width` columns (right-aligned when
    /// `width` is negative), or cut to `width` columns when longer; marks
    /// of no width after the last character that fits stay.
    static func padded(_ text: [UInt8], width: Int, measure: ColumnMeasure) -> [UInt8] {
        let target = abs(width)
        var index = 0, columns = 0
        while index < text.count {
            let (charWidth, next) = measure.character(in: text, at: index)
            if columns + charWidth > target || (columns == target && charWidth > 0) { break }
            columns += charWidth
            index = next
        }
        if index < text.count { return Array(text[..<index]) + Array(repeating: UInt8(ascii: " "), count: target - columns) }
        if columns >= target { return text }
        let padding = [UInt8](repeating: UInt8(ascii: " "), count: target - columns)
        return width < 0 ? padding + text : text + padding
    }

    /// `text` centered in `width` columns (headers of table, box, markdown).
    static func centered(_ text: [UInt8], width: Int, measure: ColumnMeasure) -> [UInt8] {
        let free = max(0, width - measure.of(text))
        return [UInt8](repeating: UInt8(ascii: " "), count: free / 2) + text + [UInt8](repeating: UInt8(ascii: " "), count: (free + 1) / 2)
    }
}
