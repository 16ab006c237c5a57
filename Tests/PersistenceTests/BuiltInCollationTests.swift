import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// `BuiltInCollation` and `DatabaseValue`'s `==` agree with SQLite itself
/// (the oracle) on random values of every storage class.
@Suite struct BuiltInCollationTests {
    /// Texts chosen to tell collations apart: case, trailing spaces,
    /// canonically equivalent forms, NUL, non-ASCII letters NOCASE must
    /// not fold.
    static let texts = ["", "a", "A", "a ", "a  ", " a", "ab", "aB", "é", "e\u{301}", "É", "a\0b", "a\0", "ß", "SS",
                        "Zebra", "zebra", "zebra ", "日本", "\u{FEFF}x", "~", "a\u{7F}"]

    static func randomValue(_ random: inout SeededGenerator) -> DatabaseValue {
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return .null
        case 1: return .integer(Int64.random(in: -3...3, using: &random))
        case 2: return .integer([Int64.max, Int64.min, 9_007_199_254_740_993, -9_007_199_254_740_993].randomElement(using: &random)!)
        case 3: return .real([-0.0, 0.0, 1.0, -2.5, 3.0, 9_007_199_254_740_992.0, 9.2233720368547758e18, -9.2233720368547758e18,
                              .infinity, -.infinity, 1e-300].randomElement(using: &random)!)
        case 4, 5, 6: return .text(texts.randomElement(using: &random)!)
        default: return .blob(Data((0..<Int.random(in: 0...3, using: &random)).map { _ in [0, 1, 0x7F, 0xFF].randomElement(using: &random)! }))
        }
    }

    @Test(arguments: BuiltInCollation.allCases)
    func ordersAsSQLiteOrdersBy(collation: BuiltInCollation) throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE v (x)")
        var random = SeededGenerator(seed: 42 + UInt64(collation.rawValue.count))
        let values = (0..<400).map { _ in Self.randomValue(&random) }
        let insert = try db.makeStatement(sql: "INSERT INTO v (rowid, x) VALUES (?, ?)")
        for (index, value) in values.enumerated() { try insert.execute(arguments: StatementArguments(positional: [.integer(Int64(index + 1)), value])) }
        let sqliteOrder = try Int.fetchAll(db, sql: "SELECT rowid - 1 FROM v ORDER BY x COLLATE \(collation.rawValue), rowid")
        let swiftOrder = values.indices.sorted { a, b in
            let order = collation.compare(values[a], values[b])
            return order != 0 ? order < 0 : a < b
        }
        #expect(swiftOrder == sqliteOrder)
        // Pairwise equality and keys, against SQLite's `=`.
        let pairs = try Row.fetchAll(db, sql: """
            SELECT a.rowid - 1 AS i, b.rowid - 1 AS j, a.x = b.x COLLATE \(collation.rawValue) AS equal
            FROM v AS a, v AS b WHERE a.rowid <= 120 AND b.rowid <= 120 AND a.x IS NOT NULL AND b.x IS NOT NULL
            """)
        #expect(pairs.count > 5_000)
        for pair in pairs {
            let i: Int = try pair.decode(at: 0), j: Int = try pair.decode(at: 1), equal: Bool = try pair.decode(at: 2)
            #expect(collation.areEqual(values[i], values[j]) == equal, "\(values[i]) vs \(values[j])")
            #expect((collation.key(values[i]) == collation.key(values[j])) == equal, "keys of \(values[i]) and \(values[j])")
            if collation == .binary {
                #expect((values[i] == values[j]) == equal, "\(values[i]) == \(values[j])")
                if values[i] == values[j] { #expect(values[i].hashValue == values[j].hashValue) }
            }
        }
    }

    @Test func canonicallyEquivalentTextsAreDifferentValues() {
        let composed = DatabaseValue.text("\u{E9}"), decomposed = DatabaseValue.text("e\u{301}")
        #expect("\u{E9}" == "e\u{301}")   // Swift's String
        #expect(composed != decomposed)   // SQLite's BINARY
        #expect(Set([composed, decomposed]).count == 2)
        #expect(DatabaseValue.integer(2) == .real(2.0))
        #expect(DatabaseValue.integer(9_007_199_254_740_993) != .real(9_007_199_254_740_992.0))
        #expect(BuiltInCollation(name: "nocase") == .nocase)
        #expect(BuiltInCollation(name: "unicode61") == nil)
    }
}
