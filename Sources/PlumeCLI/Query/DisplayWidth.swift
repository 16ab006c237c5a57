/// How many terminal columns text occupies: a small `wcwidth`.
///
/// East Asian Wide and Fullwidth characters and emoji shown as emoji take
/// two columns, combining marks and format characters none, everything else
/// one. `sqlite3` 3.40 counts characters instead, so its aligned modes
/// misalign CJK text and emoji; Plume's stay aligned.
enum DisplayWidth {
    /// The width of one scalar.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 } // fast path: ASCII and Latin-1 (C0 controls are handled by the caller)
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 } // Hangul medial vowels and final consonants
        if scalar.properties.isEmojiPresentation { return 2 }
        return isEastAsianWide(value) ? 2 : 1
    }

    /// East Asian Width `W` and `F` ranges (Unicode 15), emoji excluded.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x16FF0...0x16FF1, 0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1B2FF, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]

    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound { high = middle - 1 } else if value > range.upperBound { low = middle + 1 } else { return true }
        }
        return false
    }

    /// Decodes the UTF-8 character starting at `index`: its width and the
    /// index after it. Invalid bytes count one column each; continuation
    /// bytes are consumed as the shell does.
    static func character(in bytes: [UInt8], at index: Int) -> (width: Int, next: Int) {
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
        var index = 0, width = 0
        while index < bytes.count {
            let (columns, next) = character(in: bytes, at: index)
            width += columns
            index = next
        }
        return width
    }
}
