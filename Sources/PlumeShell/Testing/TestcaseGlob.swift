/// `sqlite3`'s `testcase_glob`: `*`, `?`, `[...]`, `#` for an integer,
/// and any run of white space matching any other; trailing space ignored.
enum TestcaseGlob {
    static func matches(_ glob: [UInt8], _ text: [UInt8]) -> Bool {
        matches(glob + [0], 0, text + [0], 0)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { SQLiteText.isSpace(byte) }

    // Both arrays end with a NUL, as the C strings the original walks.
    private static func matches(_ glob: [UInt8], _ start: Int, _ text: [UInt8], _ textStart: Int) -> Bool {
        var g = start, z = textStart
        while glob[g] != 0 {
            var c = glob[g]
            g += 1
            if isSpace(c) {
                if !isSpace(text[z]) { return false }
                while isSpace(glob[g]) { g += 1 }
                while isSpace(text[z]) { z += 1 }
            } else if c == UInt8(ascii: "*") { // *
                c = glob[g]
                g += 1
                while c == UInt8(ascii: "*") || c == UInt8(ascii: "?") {
                    if c == UInt8(ascii: "?") {
                        if text[z] == 0 { return false }
                        z += 1
                    }
                    c = glob[g]
                    g += 1
                }
                if c == 0 { return true }
                if c == UInt8(ascii: "[") { // [
                    while text[z] != 0 && !matches(glob, g - 1, text, z) { z += 1 }
                    return text[z] != 0
                }
                while text[z] != 0 {
                    var c2 = text[z]
                    z += 1
                    while c2 != c {
                        c2 = text[z]
                        z += 1
                        if c2 == 0 { return false }
                    }
                    if matches(glob, g, text, z) { return true }
                }
                return false
            } else if c == UInt8(ascii: "?") { // ?
                if text[z] == 0 { return false }
                z += 1
            } else if c == UInt8(ascii: "[") {
                guard matchClass(glob, &g, text[z]) else { return false }
                z += 1
            } else if c == UInt8(ascii: "#") { // #
                if (text[z] == UInt8(ascii: "-") || text[z] == UInt8(ascii: "+")) && SQLiteText.isDigit(text[z + 1]) { z += 1 }
                if !SQLiteText.isDigit(text[z]) { return false }
                z += 1
                while SQLiteText.isDigit(text[z]) { z += 1 }
            } else {
                if c != text[z] { return false }
                z += 1
            }
        }
        while isSpace(text[z]) { z += 1 }
        return text[z] == 0
    }

    /// Whether a `[...]` class at `g` (after its `[`) holds a character
    /// (false too when the class is unterminated).
    private static func matchClass(_ glob: [UInt8], _ g: inout Int, _ character: UInt8) -> Bool {
        if character == 0 { return false }
        var seen = false, invert = false
        var prior: UInt8 = 0
        var c2 = glob[g]
        g += 1
        if c2 == UInt8(ascii: "^") {
            invert = true
            c2 = glob[g]
            g += 1
        }
        if c2 == UInt8(ascii: "]") {
            if character == UInt8(ascii: "]") { seen = true }
            c2 = glob[g]
            g += 1
        }
        while c2 != 0 && c2 != UInt8(ascii: "]") {
            if c2 == UInt8(ascii: "-") && glob[g] != UInt8(ascii: "]") && glob[g] != 0 && prior > 0 {
                c2 = glob[g]
                g += 1
                if character >= prior && character <= c2 { seen = true }
                prior = 0
            } else {
                if character == c2 { seen = true }
                prior = c2
            }
            c2 = glob[g]
            g += 1
        }
        return c2 != 0 && seen != invert
    }
}
