import Foundation
import Persistence
import PlumeTestSupport
import Testing

/// The string helpers that replace full Foundation in the release `plume`
/// (Scripts/foundation-references.sh) print exactly what Foundation's
/// `replacingOccurrences`, `trimmingCharacters`, `padding` and
/// `String(format:)` print, on seeded random text.
@Suite struct FoundationlessStringTests {
    /// Text over an alphabet of quotes, separators, blanks, multi-byte
    /// letters and an emoji: the characters the callers replace and trim.
    static func randomText(_ generator: inout SeededGenerator) -> String {
        let alphabet: [String] = ["'", "''", "\"", "\\", "\n", "%s", "%", "s", "a", "Z", " ", "\t", "\u{A0}", "\u{3000}",
                                  "\u{2028}", "\u{85}", "\r", "é", "中", "🙂", ";", "0", "9"]
        let count = Int.random(in: 0...12, using: &generator)
        return (0..<count).map { _ in alphabet.randomElement(using: &generator)! }.joined()
    }

    @Test func replacingEveryMatchesFoundation() {
        var generator = SeededGenerator(seed: 33)
        for _ in 0..<3000 {
            let text = Self.randomText(&generator)
            for (target, replacement) in [("'", "''"), ("\"", "\"\""), ("''", "'"), ("\n", "\n    "), ("\\", "\\\\"), ("%s", "main")] {
                #expect(text.replacingEvery(target, with: replacement) == text.replacingOccurrences(of: target, with: replacement),
                        "\(text.debugDescription) replacing \(target.debugDescription)")
            }
        }
    }

    @Test func containsScalarsMatchesFoundation() {
        var generator = SeededGenerator(seed: 36)
        for _ in 0..<3000 {
            let text = Self.randomText(&generator)
            var targets = ["INT", "--", "/", "''", "%s", "a"]
            targets.append(Self.randomText(&generator))
            if !text.isEmpty {
                // A piece of the text itself, so that most targets occur.
                let scalars = Array(text.unicodeScalars)
                let start = Int.random(in: 0..<scalars.count, using: &generator)
                let end = Int.random(in: start...scalars.count, using: &generator)
                targets.append(String(String.UnicodeScalarView(scalars[start..<end])))
            }
            for target in targets {
                #expect(text.containsScalars(target) == text.contains(target), "\(text.debugDescription) contains \(target.debugDescription)")
            }
        }
    }

    @Test func containsScalarsFindsTheTypeNamesOfSQLitesAffinityRules() {
        #expect("UNSIGNED BIG INT".containsScalars("INT"))
        #expect("VARCHAR(255)".containsScalars("CHAR"))
        #expect("FLOATING POINT".containsScalars("INT"))  // POINT holds INT: INTEGER affinity, as SQLite reads it
        #expect(!"DOUBLE".containsScalars("INT"))
        #expect(!"anything".containsScalars(""))
        #expect(!"".containsScalars("a"))
    }

    @Test func aQuoteBeforeACombiningMarkIsStillDoubled() {
        #expect("a'\u{301}b".replacingEvery("'", with: "''") == "a''\u{301}b")
    }

    @Test func trimmingWhitespaceMatchesFoundation() {
        var generator = SeededGenerator(seed: 34)
        for _ in 0..<3000 {
            let text = Self.randomText(&generator)
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(text.trimmingWhitespace(includingNewlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(text.debugDescription)")
        }
    }

    @Test func paddingMatchesFoundationForLabels() {
        for label in ["", "Page size:", "Number of output columns:", String(repeating: "x", count: 40)] {
            for length in [0, 5, 20, 25, 36, 50] {
                #expect(label.paddedWithSpaces(toLength: length) == label.padding(toLength: length, withPad: " ", startingAt: 0))
            }
        }
    }

    @Test func cFormatMatchesFoundationFormat() {
        var generator = SeededGenerator(seed: 35)
        for _ in 0..<500 {
            let double = Double.random(in: -1e6...1e6, using: &generator)
            let word = UInt64.random(in: 0...UInt64.max, using: &generator)
            let hash = UInt32.random(in: 0...UInt32.max, using: &generator)
            let byte = UInt8.random(in: 0...255, using: &generator)
            #expect(String(cFormat: "Run Time: real %.3f user %f sys %f\n", double, double / 7, -double) ==
                    String(format: "Run Time: real %.3f user %f sys %f\n", double, double / 7, -double))
            #expect(String(cFormat: "%016llx", word) == String(format: "%016llx", word))
            #expect(String(cFormat: "%08x", hash) == String(format: "%08x", hash))
            #expect(String(cFormat: "%02X", byte) == String(format: "%02X", byte))
        }
        // Longer than the first buffer: printed again into one that fits.
        #expect(String(cFormat: "%.1f%%", 1e300) == String(format: "%.1f%%", 1e300))
        #expect(String(cFormat: "%.1f%%", 1e300).count > 300)
    }
}
