/// String operations Plume needs without full Foundation (on Linux its
/// `replacingOccurrences`, `trimmingCharacters` and `padding` link
/// CoreFoundation and ICU into the program). They compare Unicode scalars,
/// not Characters: a quote followed by a combining mark is still a quote
/// to SQLite. Shared with Plume's other modules.
extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement`, scanning left
    /// to right without overlaps, as NSString's
    /// `replacingOccurrences(of:with:)` does for these targets.
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.unicodeScalars)
        guard !pattern.isEmpty else { return String(self) }
        let scalars = Array(unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == pattern[0], index + pattern.count <= scalars.count,
               scalars[index..<index + pattern.count].elementsEqual(pattern) {
                result.append(contentsOf: replacement.unicodeScalars)
                index += pattern.count
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// Whether `target` occurs in the text, comparing Unicode scalars (the
    /// empty text occurs nowhere, as with Foundation's `contains(_:)`, which
    /// a call on a String resolves to wherever Foundation is imported).
    package func containsScalars(_ target: String) -> Bool {
        let pattern = Array(target.unicodeScalars)
        guard let first = pattern.first else { return false }
        let scalars = Array(unicodeScalars)
        guard scalars.count >= pattern.count else { return false }
        return (0...scalars.count - pattern.count).contains { index in
            scalars[index] == first && scalars[index..<index + pattern.count].elementsEqual(pattern)
        }
    }

    /// The text without leading and trailing white space: tabs and space
    /// separators (Foundation's `CharacterSet.whitespaces`), and with
    /// `includingNewlines` line and paragraph separators too
    /// (`whitespacesAndNewlines`).
    package func trimmingWhitespace(includingNewlines: Bool = false) -> String {
        let scalars = Array(unicodeScalars)
        let isTrimmed = { (scalar: Unicode.Scalar) -> Bool in
            if scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator { return true }
            guard includingNewlines else { return false }
            return (0x0A...0x0D).contains(scalar.value) || [0x85, 0x2028, 0x2029].contains(scalar.value)
        }
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }

    /// The text padded with spaces on the right to `length` Characters, or
    /// cut to it (Foundation's `padding(toLength:withPad: " ", startingAt: 0)`
    /// counts UTF-16 units; Plume pads ASCII labels, where the two agree).
    package func paddedWithSpaces(toLength length: Int) -> String {
        count >= length ? String(prefix(length)) : String(self) + String(repeating: " ", count: length - count)
    }
}
