import Foundation
import PlumeTestSupport
import Testing

/// Seeded random inputs for the functions whose C code is most intricate
/// (decimal arithmetic and collations, the regexp compiler and matcher,
/// ieee754): both shells run the same few thousand statements and print
/// the same bytes.
@Suite struct ShellFunctionFuzzTests {
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// A number-like string; at most two exponent digits, since a huge
    /// exponent makes both shells multiply millions of digits.
    static func number(_ random: inout SeededGenerator) -> String {
        let characters = Array("0123456789.-+eE x")
        while true {
            let text = String((0..<Int.random(in: 0...12, using: &random)).map { _ in characters.randomElement(using: &random)! })
            guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
            if text[text.index(after: e)...].filter(\.isNumber).count <= 2 { return text }
        }
    }

    static func decimalStatements(_ random: inout SeededGenerator, count: Int) -> [String] {
        (0..<count).map { _ in
            let a = quoted(number(&random)), b = quoted(number(&random))
            return "SELECT \(a), \(b), decimal(\(a)), decimal_add(\(a),\(b)), decimal_sub(\(a),\(b)), decimal_mul(\(a),\(b)), "
                + "decimal_cmp(\(a),\(b)), \(a) < \(b) COLLATE decimal, \(a) = \(b) COLLATE uint, \(a) < \(b) COLLATE uint;"
        }
    }

    static func regexpStatements(_ random: inout SeededGenerator, count: Int) -> [String] {
        let atoms = ["a", "b", ".", "\\d", "\\w", "\\s", "[ab]", "[^a]", "(a|b)", "\\b", "^", "$", "é", "[a-c]", "x", "(", ")", "\\"]
        let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,2}", "{0,3}", "{,2}"]
        let subjects = ["ab", "aab", "ba", "a b", "", "ébc", "xyz", "a1b2", "aaaa", "b", "(a)"]
        return (0..<count).map { _ in
            let pattern = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                atoms.randomElement(using: &random)! + quantifiers.randomElement(using: &random)!
            }.joined()
            let subject = quoted(subjects.randomElement(using: &random)!)
            return "SELECT \(quoted(pattern)), \(subject), regexp(\(quoted(pattern)), \(subject)), regexpi(\(quoted(pattern)), upper(\(subject)));"
        }
    }

    static func ieee754Statements(_ random: inout SeededGenerator, count: Int) -> [String] {
        (0..<count).map { _ in
            let mantissa = random.chance(50) ? Int64.random(in: (Int64.min + 1)...Int64.max, using: &random) : Int64.random(in: -1000...1000, using: &random)
            let exponent = Int.random(in: -1200...1200, using: &random)
            return "SELECT ieee754(\(mantissa), \(exponent)), ieee754(ieee754(\(mantissa), \(exponent))), "
                + "ieee754_mantissa(\(mantissa).5e\(Int.random(in: -300...300, using: &random)));"
        }
    }

    @Test(arguments: [1, 2, 3])
    func randomStatementsMatchSQLite3(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let count = PropertyTestScale.cases(400)
        let statements = Self.decimalStatements(&random, count: count) + Self.regexpStatements(&random, count: count)
            + Self.ieee754Statements(&random, count: count / 4)
        let (plume, sqlite) = try ShellFunctionComparison.run(.init(statements.joined(separator: "\n") + "\n", name: "seed \(seed)"))
        let lines = sqlite.stdout.split(separator: 0x0A).count + sqlite.stderr.split(separator: "\n").count
        #expect(lines >= statements.count, "sqlite3 printed \(lines) lines for \(statements.count) statements")
        #expect(plume == sqlite)
    }
}
