import Foundation
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import PlumeTestSupport
import Testing

/// A push reads the history into the outbox a part at a time
/// (``SyncDatabaseSide/collect(_:limit:)``) while its first pages travel:
/// the outbox must be byte for byte the one a single read writes. Two
/// databases get the same seeded random writes; one is collected in parts
/// of random sizes, the other at once, batch after batch. Half the batches
/// hold only inserts and deletes (read in parts), the others every kind of
/// write (read to the end once an update or conflict shows up).
@Suite struct SyncCollectPartsTests {
    typealias Differential = LocalChangeOutboxDifferentialTests

    @Test(arguments: [UInt64(7), 8, 9, 10])
    func aHistoryReadInPartsQueuesWhatOneReadQueues(seed: UInt64) throws {
        var writesA = SeededGenerator(seed: seed), writesB = SeededGenerator(seed: seed), sizes = SeededGenerator(seed: seed &+ 1_000)
        let inParts = try DatabaseQueue(), atOnce = try DatabaseQueue()
        let sideA = try Self.prepare(inParts), sideB = try Self.prepare(atOnce)
        var splitReads = 0
        for batch in 0..<25 {
            let onlyInsertsAndDeletes = batch % 2 == 0
            try inParts.writeAndWait { db in Self.write(onlyInsertsAndDeletes, &writesA, db) }
            try atOnce.writeAndWait { db in Self.write(onlyInsertsAndDeletes, &writesB, db) }
            let limit = Int.random(in: 1...12, using: &sizes)
            var parts = 0
            while try !inParts.writeAndWait({ db in try sideA.collect(db, limit: limit).complete }) { parts += 1 }
            if parts > 1 { splitReads += 1 }
            _ = try atOnce.writeAndWait { db in try sideB.collect(db) }
            let outboxA = try inParts.readAndWait { db in try Differential.outbox(after: 0, db) }
            let outboxB = try atOnce.readAndWait { db in try Differential.outbox(after: 0, db) }
            #expect(Differential.exact(outboxA) == Differential.exact(outboxB), "seed \(seed), batch \(batch): parts of \(limit)")
            #expect(try inParts.readAndWait { db in try sideA.pendingCount(db) } == outboxA.count)
        }
        #expect(splitReads > 5, "seed \(seed): only \(splitReads) batches were read in several parts")
    }

    static func prepare(_ queue: DatabaseQueue) throws -> SyncDatabaseSide {
        try queue.writeAndWait { db in
            try db.execute(sql: Differential.schema)
            return try SyncDatabaseSide.prepare(requested: Differential.synced, db)
        }
    }

    /// A batch of writes: inserts and deletes only, or any kind.
    static func write(_ onlyInsertsAndDeletes: Bool, _ random: inout SeededGenerator, _ db: Database) {
        for _ in 0..<Int.random(in: 5...40, using: &random) {
            guard onlyInsertsAndDeletes else {
                Differential.randomWrite(&random, db)
                continue
            }
            let id = Int64.random(in: 1...60, using: &random)
            let a = ["x", "Ÿ", "q\"", "a\u{0}b"].randomElement(using: &random)!
            let (sql, arguments): (String, [DatabaseValue]) = [
                ("INSERT INTO Item (Name, Data) VALUES (?, ?)", [Differential.randomValue(&random), Differential.randomValue(&random)]),
                ("DELETE FROM Item WHERE ID = ?", [.integer(id)]),
                ("INSERT INTO Pair (a, B, Value) VALUES (?, ?, ?)", [.text(a), .integer(id % 3), Differential.randomValue(&random)]),
                ("DELETE FROM Pair WHERE a = ?", [.text(a)]),
            ].randomElement(using: &random)!
            do { try db.execute(sql: sql, arguments: StatementArguments(positional: arguments)) } catch {}
        }
    }
}
