import Foundation
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import PlumeTestSupport
import Testing

/// The client's side of own changes, against a model server: pulled pages
/// name the client's own changes as runs of numbers (no keys, no values),
/// push answers may move the client's position over its own changes, the
/// stream may deliver pages from before that position, and answers get
/// lost. After every step the client's rows must be the server's rows at
/// the client's position with the outbox applied on top, in order; after
/// a last push and pull, the server's rows and an empty outbox.
@Suite struct SyncOwnChangesPropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func theClientsRowsAreTheServersAtItsPositionWithTheOutboxOnTop(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let queue = try DatabaseQueue()
        let side = try queue.writeAndWait { db in
            try db.execute(sql: "CREATE TABLE item (id TEXT PRIMARY KEY, a INTEGER, b TEXT)")
            return try SyncDatabaseSide.prepare(requested: ["item"], db)
        }
        var server = ModelServer()
        try queue.writeAndWait { db in try side.apply(SyncChangesResponse(changes: [], head: 0), db) }
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                try queue.writeAndWait { db in try Self.writeLocally(&random, db) }
            case 3..<5:
                server.appendForeign(Self.foreignChange(&random))
            case 5..<7:
                try push(side, queue, &server, losingAnswer: Int.random(in: 0..<4, using: &random) == 0, &random)
            default:
                try pull(side, queue, server, &random)
            }
            try expectInvariant(side, queue, server, "seed \(seed), step \(step)")
        }
        try push(side, queue, &server, losingAnswer: false, &random, everything: true)
        while try queue.readAndWait({ db in try SyncLocalState.serverSequence(db) ?? 0 }) < server.log.count {
            try pull(side, queue, server, &random)
        }
        let (rows, outbox) = try queue.readAndWait { db in (try Self.rows(db), try SyncLocalState.hasOutbox(db)) }
        #expect(rows == server.rows(upTo: server.log.count).compactMapValues { $0 }, "seed \(seed): after the last pull")
        #expect(!outbox, "seed \(seed): the outbox is empty once pulled past")
    }

    @Test func anOwnChangeMissingFromTheOutboxWhereItMustApplyAgainIsAnError() throws {
        let queue = try DatabaseQueue()
        let side = try queue.writeAndWait { db in
            try db.execute(sql: "CREATE TABLE item (id TEXT PRIMARY KEY, a INTEGER, b TEXT)")
            return try SyncDatabaseSide.prepare(requested: ["item"], db)
        }
        try queue.writeAndWait { db in try side.apply(SyncChangesResponse(changes: [], head: 0), db) }
        try queue.writeAndWait { db in
            try db.execute(sql: "INSERT INTO item VALUES ('k', 1, 'x')")
            try side.collect(db)
            try db.execute(sql: "DELETE FROM plume_sync_outbox")
        }
        let foreign = SyncLoggedChange(sequence: 1, client: "other", clientSequence: 1, table: "item", operation: .update, key: [.text("k")], values: ["a": .integer(2)])
        let page = SyncChangesResponse(changes: [foreign], own: [SyncOwnChanges(sequence: 2, count: 1, clientSequence: 1)], head: 2)
        let error = #expect(throws: SyncError.self) { try queue.writeAndWait { db in try side.apply(page, db) } }
        #expect(error?.code == .stateDamaged && error?.message.contains("plume_sync_outbox lacks this client's changes 1 to 1") == true)
        // Nothing of the page was applied.
        #expect(try queue.readAndWait { db in try SyncLocalState.serverSequence(db) } == 0)
    }

    @Test func aPageCountsItsOwnChangesAmongItsChanges() {
        let foreign = SyncLoggedChange(sequence: 1, client: "other", table: "item", operation: .delete, key: [.text("k")], values: nil)
        let page = SyncChangesResponse(changes: [foreign], own: [SyncOwnChanges(sequence: 2, count: 3, clientSequence: 7),
                                                                SyncOwnChanges(sequence: 6, count: 1, clientSequence: 10)], head: 6)
        #expect(page.count == 5)
        #expect(SyncChangesResponse(changes: [], head: 0).count == 0)
    }

    // MARK: - Steps

    private static let keys = ["k0", "k1", "k2", "k3"]

    private static func writeLocally(_ random: inout SeededGenerator, _ db: Database) throws {
        let key = keys.randomElement(using: &random)!
        let a = Int.random(in: 0..<100, using: &random), b = "b\(Int.random(in: 0..<100, using: &random))"
        switch Int.random(in: 0..<4, using: &random) {
        case 0: try db.execute(sql: "INSERT OR REPLACE INTO item VALUES (?, ?, ?)", arguments: [key, a, b])
        case 1: try db.execute(sql: "UPDATE item SET a = ? WHERE id = ?", arguments: [a, key])
        case 2: try db.execute(sql: "UPDATE item SET a = ?, b = ? WHERE id = ?", arguments: [a, b, key])
        default: try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [key])
        }
    }

    private static func foreignChange(_ random: inout SeededGenerator) -> (SyncOperation, [SyncValue], SyncRow?) {
        let key = keys.randomElement(using: &random)!
        let a = SyncValue.integer(Int64.random(in: 100..<200, using: &random))
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return (.insert, [.text(key)], ["id": .text(key), "a": a, "b": .text("f\(Int.random(in: 0..<100, using: &random))")])
        case 1: return (.update, [.text(key)], ["a": a])
        case 2: return (.update, [.text(key)], ["b": .null])
        default: return (.delete, [.text(key)], nil)
        }
    }

    private func push(_ side: SyncDatabaseSide, _ queue: DatabaseQueue, _ server: inout ModelServer, losingAnswer: Bool,
                      _ random: inout SeededGenerator, everything: Bool = false) throws {
        let limit = everything ? Int.max : Int.random(in: 1...6, using: &random)
        let entries = try queue.writeAndWait { db in
            try side.collect(db)
            return try SyncLocalState.outbox(after: try SyncLocalState.acknowledgedSequence(db), limit: limit, db)
        }
        guard !entries.isEmpty else { return }
        let response = try server.push(client: side.clientID, entries)
        if !losingAnswer {
            try queue.writeAndWait { db in try side.recordPush(response, db) }
        }
    }

    /// A page after the client's position, or, as a stream that was behind
    /// a push's answer delivers it, after an earlier one.
    private func pull(_ side: SyncDatabaseSide, _ queue: DatabaseQueue, _ server: ModelServer, _ random: inout SeededGenerator) throws {
        let position = try queue.readAndWait { db in try SyncLocalState.serverSequence(db) ?? 0 }
        let after = max(0, position - Int64.random(in: 0...3, using: &random))
        let page = server.page(after: after, limit: Int.random(in: 1...8, using: &random), requester: side.clientID)
        try queue.writeAndWait { db in try side.apply(page, db) }
    }

    private func expectInvariant(_ side: SyncDatabaseSide, _ queue: DatabaseQueue, _ server: ModelServer, _ context: String) throws {
        let (rows, position, outbox) = try queue.writeAndWait { db in
            try side.collect(db)
            return (try Self.rows(db), try SyncLocalState.serverSequence(db) ?? 0,
                    try SyncLocalState.outbox(after: 0, limit: .max, db))
        }
        var expected = server.rows(upTo: Int(position))
        for entry in outbox {
            let key = try SyncJSONReader.key(entry.keyJSON)
            let values = try entry.valuesJSON.map { json in try SyncJSONReader.row(json) }
            let keyText = SyncJSON.keyText(key)
            expected.updateValue(SyncMerge.apply(entry.operation, values: values, to: expected[keyText] ?? nil), forKey: keyText)
        }
        #expect(rows == expected.compactMapValues { $0 }, "\(context): position \(position), outbox \(outbox.map(\.sequence))")
    }

    private static func rows(_ db: Database) throws -> [String: SyncRow] {
        var rows: [String: SyncRow] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, a, b FROM item") {
            let values = SyncRow(uniqueKeysWithValues: zip(["id", "a", "b"], (0..<3).map { SyncValue(row[$0]) }))
            rows[SyncJSON.keyText([SyncValue(row[0])])] = values
        }
        return rows
    }
}

/// The server as the protocol describes it, in memory: a log in server
/// order, pushes applied once per client sequence number, pages that name
/// the requester's own changes as runs.
private struct ModelServer {
    var log: [SyncLoggedChange] = []
    var applied: [String: Int64] = [:]

    mutating func appendForeign(_ change: (SyncOperation, [SyncValue], SyncRow?)) {
        log.append(SyncLoggedChange(sequence: Int64(log.count + 1), client: "other", clientSequence: Int64(log.count + 1),
                                    table: "item", operation: change.0, key: change.1, values: change.2))
    }

    mutating func push(client: String, _ entries: [OutboxEntry]) throws -> SyncPushResponse {
        let before = Int64(log.count)
        var acknowledged = applied[client] ?? 0
        for entry in entries where entry.sequence > acknowledged {
            let key = try SyncJSONReader.key(entry.keyJSON)
            let values = try entry.valuesJSON.map { json in try SyncJSONReader.row(json) }
            log.append(SyncLoggedChange(sequence: Int64(log.count + 1), client: client, clientSequence: entry.sequence,
                                        table: entry.table, operation: entry.operation, key: key, values: values))
            acknowledged = entry.sequence
        }
        applied[client] = acknowledged
        return SyncPushResponse(acknowledged: acknowledged, head: Int64(log.count), base: Int64(log.count) > before ? before : nil)
    }

    func page(after sequence: Int64, limit: Int, requester: String) -> SyncChangesResponse {
        let slice = log.dropFirst(Int(sequence)).prefix(limit)
        var changes: [SyncLoggedChange] = [], own: [SyncOwnChanges] = []
        for change in slice {
            guard change.client == requester, let clientSequence = change.clientSequence else {
                changes.append(change)
                continue
            }
            if let last = own.last, last.sequence + last.count == change.sequence, last.clientSequence + last.count == clientSequence {
                own[own.count - 1].count += 1
            } else {
                own.append(SyncOwnChanges(sequence: change.sequence, count: 1, clientSequence: clientSequence))
            }
        }
        let head = slice.count == limit ? slice.last?.sequence ?? sequence : Int64(log.count)
        return SyncChangesResponse(changes: changes, own: own, head: max(head, sequence))
    }

    func rows(upTo sequence: Int) -> [String: SyncRow?] {
        var rows: [String: SyncRow?] = [:]
        for change in log.prefix(sequence) {
            let key = SyncJSON.keyText(change.key)
            rows.updateValue(SyncMerge.apply(change.operation, values: change.values, to: rows[key] ?? nil), forKey: key)
        }
        return rows
    }
}
