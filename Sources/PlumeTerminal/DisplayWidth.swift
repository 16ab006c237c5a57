/// How many terminal columns text takes (a small `wcwidth`): East Asian
/// Wide and Fullwidth characters and emoji shown as emoji take two,
/// combining marks and format characters none, everything else one.
///
/// These extensions on standard types are `package`: the terminal list and
/// the `plume` tool share them, and no client of the library sees them.
extension Unicode.Scalar {
    /// The number of terminal columns the scalar takes (0, 1 or 2); C0
    /// controls count one here, callers that print them decide.
    package var displayWidth: Int {
        if value < 0x300 { return 1 }  // ASCII and Latin-1
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
        if properties.isEmojiPresentation { return 2 }
        return Self.isEastAsianWide(value) ? 2 : 1
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

    /// - Complexity: O(log r) for r ranges.
    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound { high = middle - 1 } else if value > range.upperBound { low = middle + 1 } else { return true }
        }
        return false
    }
}

extension Character {
    /// The number of terminal columns the character takes (0, 1 or 2): its
    /// first scalar's, two with an emoji presentation selector, none for a
    /// control character.
    package var displayWidth: Int {
        guard let first = unicodeScalars.first else { return 0 }
        if first.value < UInt8(ascii: " ") || (0x7F..<0xA0).contains(first.value) { return 0 }
        if unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return first.displayWidth
    }
}

extension StringProtocol {
    /// The number of terminal columns the text takes as drawn, its control
    /// characters made visible (``terminalVisible``).
    ///
    /// - Complexity: O(n) for n characters.
    package var displayWidth: Int {
        terminalVisible.reduce(0) { $0 + $1.displayWidth }
    }

    /// The text cut to at most `width` columns (ending with `…` when cut)
    /// and padded with spaces to exactly `width` columns.
    ///
    /// Control characters are made visible (``terminalVisible``): a newline
    /// in a text value shows as a space, so a row always takes one line, and
    /// an escape sequence shows as text (`^[]52;…`) instead of reaching the
    /// terminal.
    ///
    /// - Complexity: O(n) for n characters.
    package func fitted(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let characters = Array(terminalVisible)
        let total = characters.reduce(0) { $0 + $1.displayWidth }
        var result = ""
        var used = 0
        if total <= width {
            result = String(characters)
            used = total
        } else {
            // Keep what fits before a one-column ellipsis.
            for character in characters {
                let columns = character.displayWidth
                if used + columns > width - 1 { break }
                result.append(character)
                used += columns
            }
            result.append("…")
            used += 1
        }
        return result + String(repeating: " ", count: width - used)
    }
}
