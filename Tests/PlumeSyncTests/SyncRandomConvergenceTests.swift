import Foundation
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import PlumeTestSupport
import Testing

/// Seeded random writes on three clients through two server instances,
/// with faults injected at random (a client cut off and writing offline,
/// a server instance restarted, PostgreSQL restarted): once the writes
/// stop and sync settles, every client holds the same rows as the
/// server's current state.
@Suite struct SyncRandomConvergenceTests {
    @Test(arguments: [UInt64(35), 3_501, 77])
    func clientsConvergeAfterRandomWritesAndFaults(seed: UInt64) async throws {
        try await withSyncServer { cluster, database, firstInstance in
            var random = SeededGenerator(seed: seed)
            var instances = [firstInstance, try await ServerInstance.start(postgres: firstInstance.postgresURL)]
            let clients = try (0..<3).map { _ in try ClientDatabase() }
            var engines = clients.indices.map { clients[$0].engine(instances[$0 % 2]) }
            var online = [true, true, true]
            for engine in engines { try await engine.start() }

            for round in 0..<12 {
                for _ in 0..<8 {
                    let client = Int.random(in: 0..<clients.count, using: &random)
                    try Self.randomWrite(clients[client], &random)
                }
                let fault = Int.random(in: 0..<10, using: &random)
                trace("round \(round): fault \(fault)")
                defer { trace("round \(round): fault \(fault) done") }
                switch fault {
                case 0, 1, 2:
                    // A client cut off (it keeps writing offline), or back.
                    let client = Int.random(in: 0..<clients.count, using: &random)
                    if online[client] {
                        await engines[client].stop()
                    } else {
                        engines[client] = clients[client].engine(instances[Int.random(in: 0..<2, using: &random)])
                        try await engines[client].start()
                    }
                    online[client].toggle()
                case 3:
                    // A server instance restarted on its port.
                    let index = Int.random(in: 0..<2, using: &random)
                    let port = instances[index].port
                    await instances[index].stop()
                    trace("instance \(index) stopped")
                    instances[index] = try await ServerInstance.start(postgres: firstInstance.postgresURL, port: port)
                case 4 where round % 4 == 0:
                    // PostgreSQL restarted under the servers.
                    try cluster.stop()
                    try cluster.start()
                default:
                    try await Task.sleep(for: .milliseconds(Int.random(in: 0..<30, using: &random)))
                }
            }
            for index in clients.indices where !online[index] {
                engines[index] = clients[index].engine(instances[index % 2])
                try await engines[index].start()
            }
            trace("settling")
            try await settle(engines, cluster, database, timeout: .seconds(60))
            trace("settled")
            let reference = try clients[0].dump()
            for (index, client) in clients.enumerated().dropFirst() {
                let dump = try client.dump()
                for table in ClientDatabase.tables where dump[table] != reference[table] {
                    Issue.record("client \(index)'s table \(table) holds \(dump[table] ?? []), client 0's \(reference[table] ?? [])")
                }
            }
            // Every change a client queued was applied once, and none that
            // was acknowledged is missing from the log (PostgreSQL was
            // restarted with immediate shutdown, and its default here is
            // synchronous_commit off: the server must commit
            // synchronously).
            for (index, client) in clients.enumerated() {
                let (id, next) = try client.queue.readAndWait { db in
                    (try SyncLocalState.clientID(db), try SyncLocalState.integer("next_client_sequence", db) ?? 1)
                }
                let logged = try cluster.psql(database, "SELECT string_agg(client_seq::text, ',' ORDER BY client_seq) FROM plume_sync_log WHERE client = '\(id)'")
                #expect(logged == (1..<next).map(String.init).joined(separator: ","), "client \(index)'s changes in the server's log")
            }
            #expect(try serverRows(cluster, database, "item") == clientRows(clients[0], "item", key: ["id"]))
            #expect(try serverRows(cluster, database, "pair") == clientRows(clients[1], "pair", key: ["a", "b"]))
            #expect(try serverRows(cluster, database, "note") == clientRows(clients[2], "note", key: ["id"]))
            for engine in engines { await engine.stop() }
            for instance in instances.dropFirst() { await instance.stop() }
        }
    }

    /// One random insert, update, delete or key change on one of the three
    /// tables (keys drawn from small sets, so that clients collide).
    static func randomWrite(_ client: ClientDatabase, _ random: inout SeededGenerator) throws {
        let id = Int64.random(in: 1...12, using: &random)
        let other = Int64.random(in: 1...12, using: &random)
        let text = "v\(UInt16.random(in: 0...999, using: &random))"
        let statements: [(String, [DatabaseValue])]
        switch Int.random(in: 0..<12, using: &random) {
        case 0: statements = [("INSERT OR REPLACE INTO item (id, name, price, data) VALUES (?, ?, ?, ?)", [.integer(id), .text(text), .real(Double(id) / 4), .blob(Data([UInt8(id)]))])]
        case 1: statements = [("UPDATE item SET name = ? WHERE id = ?", [.text(text), .integer(id)])]
        case 2: statements = [("UPDATE item SET price = ?, data = NULL WHERE id = ?", [.real(-Double(other)), .integer(id)])]
        case 3: statements = [("DELETE FROM item WHERE id = ?", [.integer(id)])]
        case 4: statements = [("UPDATE OR IGNORE item SET id = ? WHERE id = ?", [.integer(other), .integer(id)])]
        case 5: statements = [("INSERT OR REPLACE INTO note (id, title, body, rank) VALUES (?, ?, ?, ?)", [.text("n\(id)"), .text(text), .null, .integer(other)])]
        case 6: statements = [("UPDATE note SET body = ? WHERE id = ?", [.text(text), .text("n\(id)")])]
        case 7: statements = [("UPDATE note SET rank = rank + 1, title = ? WHERE id = ?", [.text(text), .text("n\(id)")])]
        case 8: statements = [("UPDATE OR IGNORE note SET id = ? WHERE id = ?", [.text("n\(other)"), .text("n\(id)")])]
        case 9: statements = [("DELETE FROM note WHERE id = ?", [.text("n\(id)")])]
        case 10: statements = [("INSERT OR REPLACE INTO pair (a, b, value) VALUES (?, ?, ?)", [.text(id % 2 == 0 ? "x" : "y"), .integer(other % 4), .text(text)]),
                               ("UPDATE pair SET value = ? WHERE a = 'x' AND b = ?", [.integer(id), .integer(other % 4)])]
        default: statements = [("DELETE FROM pair WHERE b = ?", [.integer(other % 4)]),
                               ("UPDATE OR IGNORE pair SET b = ? WHERE a = 'y' AND b = ?", [.integer(id % 4), .integer(other % 4)])]
        }
        try client.queue.writeAndWait { db in
            for (sql, arguments) in statements {
                try db.execute(sql: sql, arguments: StatementArguments(positional: arguments))
                if sql.contains("pair") { trace("\(client.path.suffix(12)): \(sql) \(arguments) → \(db.changesCount)") }
            }
        }
    }
}

/// A line on standard error when `PLUME_SYNC_TRACE` is set (to find where
/// a run stands).
func trace(_ message: @autoclosure () -> String) {
    guard ProcessInfo.processInfo.environment["PLUME_SYNC_TRACE"] != nil else { return }
    FileHandle.standardError.write(Data("[\(Date())] \(message())\n".utf8))
}
