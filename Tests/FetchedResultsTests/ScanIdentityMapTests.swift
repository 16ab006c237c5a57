import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// A refetch's scan fills the identity map of its new rows in the previous
/// map's dense range (``ResultsDiff/ScanIdentityMap``); the next refetch
/// uses it instead of building one from the keys. It must answer every
/// lookup as the map built from the keys does, and a scan matched through
/// it must find what a scan matched through the built map finds.
@Suite struct ScanIdentityMapTests {
    static let request = FetchRequest(sql: "SELECT k AS id, v FROM t ORDER BY v, rowid")

    /// An identity: mostly integers near the others, sometimes a whole
    /// real (the same identity as its integer), one far out of range, a
    /// text, or NULL's stand-in of a negative number.
    static func identity(_ generator: inout SeededGenerator, range: Int) -> String {
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<88: return "\(Int.random(in: 1...range, using: &generator))"
        case 88..<92: return "\(Int.random(in: 1...range, using: &generator)).0"
        case 92..<95: return "\(Int.random(in: -3...0, using: &generator))"
        case 95..<98: return "\(Int64.random(in: 1_000_000...Int64.max, using: &generator))"
        default: return "'t\(Int.random(in: 0..<5, using: &generator))'"
        }
    }

    /// Random writes: new rows, deleted rows, renamed rows (they move),
    /// rows whose identity changes; rows picked by the generator.
    static func change(_ db: Database, _ generator: inout SeededGenerator, range: Int) throws {
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            let rowids = try Int64.fetchAll(db, sql: "SELECT rowid FROM t ORDER BY rowid")
            let rowid = rowids.randomElement(using: &generator) ?? 0
            let id = identity(&generator, range: range)
            let value = Int.random(in: 0..<1000, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: try db.execute(sql: "INSERT INTO t SELECT \(id), 'n\(value)' WHERE NOT EXISTS (SELECT 1 FROM t WHERE k = \(id))")
            case 1: try db.execute(sql: "DELETE FROM t WHERE rowid = ?", arguments: [rowid])
            case 2: try db.execute(sql: "UPDATE t SET v = 'r\(value)' WHERE rowid = ?", arguments: [rowid])
            default: try db.execute(sql: "UPDATE t SET k = \(id) WHERE rowid = ? AND NOT EXISTS (SELECT 1 FROM t WHERE k = \(id))", arguments: [rowid])
            }
        }
    }

    @Test func theScansMapAnswersAsTheBuiltMap() throws {
        var built = 0
        for seed in 0..<UInt64(PropertyTestScale.cases(60)) {
            var generator = SeededGenerator(seed: 0x37_0000 + seed)
            let db = try Database(location: .inMemory)
            defer { try? db.close() }
            let range = Int.random(in: 1...200, using: &generator)
            try db.execute(sql: "CREATE TABLE t (k, v)")
            for _ in 0..<Int.random(in: 0...range, using: &generator) {
                // Integers only at first, most of the time: a dense map.
                let id = generator.chance(95) ? "\(Int.random(in: 1...range, using: &generator))" : Self.identity(&generator, range: range)
                try db.execute(sql: "INSERT INTO t SELECT \(id), 'v\(Int.random(in: 0..<1000, using: &generator))' WHERE NOT EXISTS (SELECT 1 FROM t WHERE k = \(id))")
            }
            let decoder = RowScanner.Decoder(reusesPrevious: true, decode: { _ in })
            var previousRows = try RowScanner.scan(Self.request, db, previous: nil, decoder: decoder).rows
            // As an engine does: each refetch matched through the map the
            // last scan built, else through one built from the keys.
            var scanMap: ResultsDiff.IdentityMap?
            for _ in 0..<8 {
                try Self.change(db, &generator, range: range)
                let keys = previousRows.keys
                let plain = try RowScanner.scan(Self.request, db, previous: ResultsDiff.IndexedKeys(keys), decoder: decoder)
                let through = try RowScanner.scan(Self.request, db, previous: scanMap.map { ResultsDiff.IndexedKeys(keys, index: $0) }
                    ?? ResultsDiff.IndexedKeys(keys), decoder: decoder)
                #expect(Array(through.rows.keys) == Array(plain.rows.keys), "seed \(seed)")
                #expect((0..<through.unchanged.count).map(through.unchanged.oldRow(ofNewRow:))
                    == (0..<plain.unchanged.count).map(plain.unchanged.oldRow(ofNewRow:)), "seed \(seed)")
                // The diff through either map: the same changes.
                let plainChanges = try ResultsDiff.changes(from: previousRows, to: plain.rows, indexed: ResultsDiff.IndexedKeys(keys),
                                                           unchanged: plain.unchanged)
                let throughChanges = try ResultsDiff.changes(from: previousRows, to: through.rows, indexed: scanMap.map {
                    ResultsDiff.IndexedKeys(keys, index: $0)
                } ?? ResultsDiff.IndexedKeys(keys), unchanged: through.unchanged)
                #expect(throughChanges == plainChanges, "seed \(seed)")
                previousRows = through.rows
                scanMap = through.index
                let fromKeys = ResultsDiff.IdentityMap(through.rows.keys)
                var probes = Array(through.rows.keys).map(\.id)
                probes += (-5...(range + 5)).map { DatabaseValue.integer(Int64($0)) }
                probes += [.real(1), .real(1.5), .text("1"), .text("t0"), .null, .integer(.max), .integer(.min)]
                for map in [through.index, plain.index].compactMap({ $0 }) {
                    built += 1
                    for probe in probes {
                        #expect(map[probe] == fromKeys[probe], "seed \(seed): \(probe)")
                    }
                }
            }
        }
        // Most scans of rowid-like identities build the map.
        #expect(built > 100)
    }

    /// A scan over identities that are not all integers in the previous
    /// range builds no map: the next refetch builds one from the keys.
    @Test func identitiesOutsideThePreviousRangeBuildNoMap() throws {
        let db = try Database(location: .inMemory)
        defer { try? db.close() }
        try db.execute(sql: "CREATE TABLE t (k, v); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        let decoder = RowScanner.Decoder(reusesPrevious: true, decode: { _ in })
        let first = try RowScanner.scan(Self.request, db, previous: nil, decoder: decoder)
        #expect(first.index == nil)  // no previous map to fill
        let previous = ResultsDiff.IndexedKeys(first.rows.keys)
        #expect(try RowScanner.scan(Self.request, db, previous: previous, decoder: decoder).index != nil)
        for change in ["INSERT INTO t VALUES (4, 'd')", "INSERT INTO t VALUES (0, 'd')", "INSERT INTO t VALUES ('x', 'd')"] {
            try db.execute(sql: change)
            #expect(try RowScanner.scan(Self.request, db, previous: previous, decoder: decoder).index == nil, "\(change)")
            try db.execute(sql: "DELETE FROM t WHERE v = 'd'")
        }
        // A whole real is its integer's identity: it fits.
        try db.execute(sql: "UPDATE t SET k = 2.0 WHERE k = 2")
        let map = try #require(try RowScanner.scan(Self.request, db, previous: previous, decoder: decoder).index)
        #expect(map[.integer(2)] == 1 && map[.real(2)] == 1 && map[.integer(4)] == nil)
    }
}
