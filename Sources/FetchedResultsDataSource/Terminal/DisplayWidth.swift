/// How many terminal columns text takes: East Asian wide and fullwidth
/// characters and emoji take two, combining marks and controls none.
extension Character {
    /// The number of terminal columns the character takes (0, 1 or 2).
    public var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark {
            return 0
        }
        return Self.wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks (Unicode 15, condensed).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension StringProtocol {
    /// The number of terminal columns the text takes.
    ///
    /// - Complexity: O(n) for n characters.
    public var displayWidth: Int {
        reduce(0) { $0 + $1.displayWidth }
    }

    /// The text cut to at most `width` columns (ending with `…` when cut)
    /// and padded with spaces to exactly `width` columns.
    ///
    /// Control characters (a newline in a text value) show as spaces so a
    /// row always takes one line.
    ///
    /// - Complexity: O(n) for n characters.
    public func fitted(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let characters = self.map { $0.isNewline || $0 == "\t" ? " " : $0 }
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
