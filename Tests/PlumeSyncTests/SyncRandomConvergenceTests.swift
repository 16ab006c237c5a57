import Foundation
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import PlumeSyncServer
import PlumeTestSupport
import Testing

/// Seeded random writes on three clients — two `SyncEngine`s in this
/// process and a `plume sync run` agent syncing a database this test
/// writes meanwhile — through two server instances, one in this process
/// and one a `plume-sync serve` process, with faults injected at random:
/// a client cut off (writing offline) and back, the agent stopped by
/// `SIGTERM` or killed by `SIGKILL`, the in-process instance stopped and
/// restarted, the `plume-sync serve` process killed by `SIGKILL` (mid-push
/// as often as not) and restarted, PostgreSQL restarted. Once the writes
/// stop and sync settles, every client holds the same rows as the
/// server's current state, and every change a client queued is in the
/// server's log exactly once.
@Suite struct SyncRandomConvergenceTests {
    @Test(arguments: [UInt64(35), 3_501, 77])
    func clientsConvergeAfterRandomWritesAndFaults(seed: UInt64) async throws {
        // The in-process instance prunes twice a second: the log entries
        // and tombstones every client pulled past go while the clients
        // sync, so that a page read across a prune, and a client behind
        // the floor, happen too.
        let prunesOften: (inout SyncServerConfiguration) -> Void = { $0.pruneInterval = .milliseconds(500) }
        try await withSyncServer(configure: prunesOften) { cluster, database, inProcess in
            var random = SeededGenerator(seed: seed)
            var instance = inProcess
            var spawned = try await SpawnedServer.start(postgres: inProcess.postgresURL, tokensPath: inProcess.tokensPath)
            defer { spawned.kill() }
            var urls: [URL] { [instance.url, spawned.url] }
            let clients = try (0..<3).map { _ in try ClientDatabase() }
            var engines = [clients[0].engine(urls[0]), clients[1].engine(urls[1])]
            var agent: SyncAgent? = try SyncAgent(clients[2], server: urls[0])
            defer { try? agent?.stop(SIGKILL) }
            var online = [true, true]
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
                case 0, 1:
                    // An engine cut off (its client keeps writing offline), or back.
                    let client = Int.random(in: 0..<2, using: &random)
                    if online[client] {
                        await engines[client].stop()
                    } else {
                        engines[client] = clients[client].engine(urls[Int.random(in: 0..<2, using: &random)])
                        try await engines[client].start()
                    }
                    online[client].toggle()
                case 2:
                    // The agent stopped (SIGTERM) or killed (SIGKILL), or back.
                    if let running = agent {
                        try running.stop(Bool.random(using: &random) ? SIGTERM : SIGKILL)
                        agent = nil
                    } else {
                        agent = try SyncAgent(clients[2], server: urls[Int.random(in: 0..<2, using: &random)])
                    }
                case 3:
                    // A server instance restarted on its port: the one in
                    // this process stopped gracefully, the process killed.
                    if Bool.random(using: &random) {
                        let port = instance.port
                        await instance.stop()
                        instance = try await ServerInstance.start(postgres: inProcess.postgresURL, port: port, configure: prunesOften)
                    } else {
                        let port = spawned.port
                        spawned.kill()
                        spawned = try await SpawnedServer.start(postgres: inProcess.postgresURL, tokensPath: inProcess.tokensPath, port: port)
                    }
                case 4 where round % 4 == 0:
                    // PostgreSQL restarted under the servers.
                    try cluster.stop()
                    try cluster.start()
                default:
                    try await Task.sleep(for: .milliseconds(Int.random(in: 0..<30, using: &random)))
                }
            }
            for index in engines.indices where !online[index] {
                engines[index] = clients[index].engine(urls[index])
                try await engines[index].start()
            }
            if agent == nil { agent = try SyncAgent(clients[2], server: urls[1]) }
            trace("settling")
            try await settle(engines, agents: [agent!], cluster, database, timeout: .seconds(60))
            trace("settled")
            try Self.expectConverged(clients, cluster, database)
            trace("stopping the engines")
            for engine in engines { await engine.stop() }
            trace("stopping the agent")
            try agent?.stop(SIGTERM)
            agent = nil
            trace("stopping the instance")
            if instance !== inProcess { await instance.stop() }
            trace("stopped")
        }
    }

    /// Every client holds the same rows, the server's current ones, and
    /// every change each client queued is in the server's log once.
    static func expectConverged(_ clients: [ClientDatabase], _ cluster: PostgresCluster, _ database: String) throws {
        trace("comparing")
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
        // synchronously). Pruning removes the oldest entries, so what
        // is left of a client's changes is the end of its sequence,
        // without a gap.
        trace("checking the log")
        for (index, client) in clients.enumerated() {
            let (id, next) = try client.queue.readAndWait { db in
                (try SyncLocalState.clientID(db), try SyncLocalState.integer("next_client_sequence", db) ?? 1)
            }
            let logged = try cluster.psql(database, "SELECT string_agg(client_seq::text, ',' ORDER BY seq) FROM plume_sync_log WHERE client = '\(id)'")
            let sequences = logged.split(separator: ",").compactMap { Int64($0) }
            let expected = Array((next - Int64(sequences.count))..<next)
            #expect(sequences == expected, "client \(index)'s changes in the server's log: \(logged), up to \(next - 1)")
            let acknowledged = try cluster.psql(database, "SELECT client_seq FROM plume_sync_client WHERE client = '\(id)'")
            #expect(acknowledged == (next > 1 ? String(next - 1) : acknowledged), "client \(index)'s acknowledged position")
        }
        trace("checking the server's rows")
        #expect(try serverRows(cluster, database, "item") == clientRows(clients[0], "item", key: ["id"]))
        #expect(try serverRows(cluster, database, "pair") == clientRows(clients[1], "pair", key: ["a", "b"]))
        #expect(try serverRows(cluster, database, "note") == clientRows(clients[2], "note", key: ["id"]))
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
