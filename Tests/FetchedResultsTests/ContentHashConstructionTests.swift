import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// The content hash cannot hide an update: inputs constructed against the
/// function itself, and a live controller over the values that collapsed
/// the previous hash.
@Suite struct ContentHashConstructionTests {
    /// The integer whose word, xored with the previous mixing constant,
    /// was zero: the product and with it the whole state collapsed.
    static let formerlyDegenerate: Int64 = -1_800_455_987_208_640_293

    /// The same 64 bits as an integer, a real and an 8-byte blob.
    static let degenerateValues: [DatabaseValue] = {
        let bits = UInt64(bitPattern: formerlyDegenerate)
        return [.integer(formerlyDegenerate), .real(Double(bitPattern: bits)),
                .blob(withUnsafeBytes(of: bits) { Data($0) })]
    }()

    static func hash(_ values: [DatabaseValue]) -> Int {
        var hash = ContentHash()
        for value in values { hash.combine(value) }
        return hash.value
    }

    /// The multiplicative inverse of an odd number modulo 2⁶⁴ (Newton).
    static func inverse(of odd: UInt64) -> UInt64 {
        var inverse = odd
        for _ in 0..<5 { inverse &*= 2 &- odd &* inverse }
        return inverse
    }

    /// The state before a step, recovered from the state after it.
    static func unstep(_ after: UInt64, word: UInt64, multiplier: UInt64) -> UInt64 {
        var x = after ^ (after >> 32)
        x &*= inverse(of: multiplier)
        let rotated = x ^ word
        return (rotated >> 29) | (rotated << 35)
    }

    /// The word a step would need to produce `after` from `before`.
    static func word(from before: UInt64, to after: UInt64, multiplier: UInt64) -> UInt64 {
        var x = after ^ (after >> 32)
        x &*= inverse(of: multiplier)
        return x ^ ((before << 29) | (before >> 35))
    }

    static let tags: [UInt64] = [1, 2, 3, 4, 5, 6]

    /// Each step is invertible in the state (no input loses what came
    /// before) and in the word (no two words lead to the same state).
    @Test func everyStepIsABijection() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            let state = random.next(), word = random.next()
            let multiplier = ContentHash.multiplier(tag: Self.tags.randomElement(using: &random)!)
            #expect(multiplier & 1 == 1)
            let after = ContentHash.step(state, word: word, multiplier: multiplier)
            #expect(Self.unstep(after, word: word, multiplier: multiplier) == state)
            #expect(Self.word(from: state, to: after, multiplier: multiplier) == word)
        }
        // The edges: zero states, zero words, all ones.
        for state: UInt64 in [0, .max, 1 << 63] {
            for word: UInt64 in [0, .max, UInt64(bitPattern: Self.formerlyDegenerate)] {
                let after = ContentHash.step(state, word: word, multiplier: ContentHash.lengthMultiplier)
                #expect(Self.unstep(after, word: word, multiplier: ContentHash.lengthMultiplier) == state)
            }
        }
    }

    /// A row holding the value that collapsed the former hash still tells
    /// every change to its other columns, before and after it.
    @Test(arguments: degenerateValues)
    func theFormerlyDegenerateValueHidesNoChange(value: DatabaseValue) {
        let row: [DatabaseValue] = [.integer(1), .text("before"), value, .text("after")]
        let original = Self.hash(row)
        for column in [1, 3] {
            var changed = row
            changed[column] = .text("changed")
            #expect(Self.hash(changed) != original, "column \(column) next to \(value)")
        }
    }

    /// For the current function: whatever word zeroes a step's product, or
    /// drives the state to zero, the earlier columns still count.
    @Test func wordsConstructedToZeroTheStateHideNoChange() {
        var random = SeededGenerator(seed: 12)
        for _ in 0..<2_000 {
            let prefix: [DatabaseValue] = [.integer(Int64(bitPattern: random.next())), .real(Double(bitPattern: random.next()))]
            var before = ContentHash()
            for value in prefix { before.combine(value) }
            let integerMultiplier = ContentHash.multiplier(tag: 2)
            // The word that makes the product zero, and the one that makes
            // the next state zero.
            let rotated = (before.state << 29) | (before.state >> 35)
            for word in [rotated, Self.word(from: before.state, to: 0, multiplier: integerMultiplier)] {
                let row = prefix + [.integer(Int64(bitPattern: word)), .text("tail")]
                var changed = row
                changed[0] = .integer(Int64(bitPattern: random.next()))
                #expect(Self.hash(changed) != Self.hash(row))
                changed = row
                changed[1] = .real(Double(bitPattern: random.next()))
                #expect(Self.hash(changed) != Self.hash(row))
            }
        }
    }

    /// Any one value replaced by another of its storage class changes the
    /// hash: a property of the construction, sampled over random rows.
    @Test func oneValueChangedAlwaysChangesTheHash() {
        var random = SeededGenerator(seed: 13)
        func value(_ kind: Int) -> DatabaseValue {
            switch kind {
            case 0: .integer(Int64(bitPattern: random.next() >> (random.next() % 64)))
            case 1: .real(Double(bitPattern: random.next()))
            case 2: .text(String(repeating: "é", count: Int(random.next() % 3)) + String(random.next() % 1000))
            default: .blob(Data((0..<8).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
            }
        }
        for _ in 0..<5_000 {
            let kinds = (0..<4).map { _ in Int(random.next() % 4) }
            let row = kinds.map(value)
            let column = Int(random.next() % 4)
            var changed = row
            changed[column] = value(kinds[column])
            guard changed[column] != row[column] else { continue }
            if case .text(let old) = row[column], case .text(let new) = changed[column], old.utf8.count != new.utf8.count { continue }
            #expect(Self.hash(changed) != Self.hash(row), "\(row) → \(changed)")
        }
    }

    /// End to end: a controller observing a row that holds the formerly
    /// degenerate value delivers an update of the row's other column.
    /// Through a refetch (raw SQL) and the incremental path (a table).
    @Test(arguments: [false, true], [false, true])
    func aLiveListSeesTheUpdateNextToTheFormerlyDegenerateValue(pool: Bool, incremental: Bool) async throws {
        let request = incremental ? FetchRequest(table: "item", sortedBy: [.ascending("id")])
            : FetchRequest(sql: "SELECT * FROM item ORDER BY id", identityColumn: "id")
        try await LiveControllerTests.withLive(request, rows: 3, pool: pool) { writer, _, _, consumer in
            try await LiveControllerTests.write(["UPDATE item SET score = \(Self.formerlyDegenerate) WHERE id = 2"], writer)
            #expect(try await LiveControllerTests.converges(consumer, request, writer))
            try await LiveControllerTests.write(["UPDATE item SET name = 'renamed' WHERE id = 2"], writer)
            #expect(try await LiveControllerTests.converges(consumer, request, writer), "the rename was not delivered")
        }
    }
}
