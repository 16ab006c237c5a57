import Foundation

/// `identity.lookup`: the threshold of Plume's dense identity table
/// (`DenseIntegerTable` in FetchedResults). 100,000 integer identities
/// spread over a range of 1 to 64 slots per identity are put in an array
/// of `Int32` indexed by `identity - lowest`, and in a `[Int64: Int]`
/// dictionary, then each is looked up once: build plus lookups, median of
/// 9 runs, and each table's bytes per identity. The array wins while its
/// bytes per identity stay at or under the dictionary's.
enum IdentityLookupWorkload {
    static let name = "identity.lookup"
    static let count = 100_000

    static func run(json: Bool) {
        for slotsPerIdentity in [1, 2, 4, 8, 16, 64] {
            var generator = SystemRandomNumberGenerator()
            let span = Int64(count * slotsPerIdentity)
            var identities = Set<Int64>()
            while identities.count < count { identities.insert(Int64.random(in: 0..<span, using: &generator)) }
            let ids = Array(identities).shuffled()
            let dense = median { denseChecksum(ids, span: span) }
            let hashed = median { dictionaryChecksum(ids) }
            let denseBytes = Double(span) * 4 / Double(count)
            if json {
                print("{\"name\":\"\(name)\",\"slots_per_identity\":\(slotsPerIdentity),\"dense_ms\":\(format(dense)),\"dictionary_ms\":\(format(hashed)),\"dense_bytes_per_identity\":\(format(denseBytes))}")
            } else {
                print("\(name) \(count) ids, \(slotsPerIdentity) slots each: array \(format(dense)) ms (\(format(denseBytes)) B/id), dictionary \(format(hashed)) ms, array/dictionary \(String(format: "%.2fx", dense / hashed))")
            }
        }
    }

    private static func denseChecksum(_ ids: [Int64], span: Int64) -> Int {
        var table = [Int32](repeating: -1, count: Int(span))
        for (index, id) in ids.enumerated() { table[Int(id)] = Int32(index) }
        var checksum = 0
        for id in ids { checksum &+= Int(table[Int(id)]) }
        return checksum
    }

    private static func dictionaryChecksum(_ ids: [Int64]) -> Int {
        var table: [Int64: Int] = [:]
        table.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() { table[id] = index }
        var checksum = 0
        for id in ids { checksum &+= table[id] ?? 0 }
        return checksum
    }

    private static func median(_ body: () -> Int) -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        var sink = 0
        for _ in 0..<9 { samples.append(clock.measure { sink &+= body() }.milliseconds) }
        precondition(sink != Int.min)
        return Runner.median(samples)
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
