import PlumeTerminal

/// How many terminal columns text occupies: a small `wcwidth`.
///
/// East Asian Wide and Fullwidth characters and emoji shown as emoji take
/// two columns, combining marks and format characters none, everything else
/// one. `sqlite3` 3.40 counts characters instead, so its aligned modes
/// misalign CJK text and emoji; Plume's stay aligned on a terminal (see
/// ``ColumnMeasure``).
enum DisplayWidth {
    /// The width of one scalar (the table lives in PlumeTerminal).
    static func of(_ scalar: Unicode.Scalar) -> Int {
        scalar.displayWidth
    }

    /// Decodes the UTF-8 character starting at `index`: its width and the
    /// index after it. Invalid bytes count one column each; continuation
    /// bytes are consumed as the shell does.
    static func character<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at index: Int) -> (width: Int, next: Int)
        where Bytes.Index == Int {
        let lead = bytes[index]
        var next = index + 1
        while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
        if lead < 0x80 { return (1, next) }
        let expected = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard expected == next - index else { return (1, next) }
        var value = UInt32(lead) & (0xFF >> (expected + 1))
        for byte in bytes[(index + 1)..<next] { value = value << 6 | UInt32(byte & 0x3F) }
        guard let scalar = Unicode.Scalar(value) else { return (1, next) }
        return (of(scalar), next)
    }

    /// The width of a UTF-8 string.
    static func of(_ bytes: [UInt8]) -> Int {
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
        var index = 0, width = 0
        while index < bytes.count {
            let (columns, next) = character(in: bytes, at: index)
            width += columns
            index = next
        }
        return width
    }
}
