import Foundation
import Persistence
import PlumeSync
import PlumeSyncProtocol
import Testing

@Suite struct SyncFaultTests {
    @Test func aRevokedTokenStopsTheClientWithAReasonAndLosesNothing() async throws {
        try await withSyncServer { cluster, database, server in
            let a = try ClientDatabase()
            let engine = a.engine(server)
            try await engine.start()
            try a.execute("INSERT INTO note (id, title) VALUES ('n', 'kept')")
            try await settle([engine], cluster, database)
            // The token's line is removed from the file.
            try TestTokens.file.replacingOccurrences(of: TestTokens.full + "\n", with: "").write(toFile: server.tokensPath, atomically: true, encoding: .utf8)
            try a.execute("INSERT INTO note (id, title) VALUES ('m', 'pending')")
            try await eventually("the engine reports the refused token") {
                if case .failed(let reason) = engine.currentStatus { return reason.contains("401") }
                return false
            }
            #expect(try await engine.pendingChanges == 1)
            await engine.stop()
            #expect(try serverRows(cluster, database, "note").count == 1)
        }
    }

    @Test func aClientBehindThePrunedLogBootstrapsAgainKeepingItsOfflineEdits() async throws {
        try await PostgresCluster.with { cluster in
            let url = try cluster.createDatabase("pruned")
            let server = try await ServerInstance.start(postgres: url) {
                $0.retention = .milliseconds(300)
                $0.pruneInterval = .milliseconds(100)
            }
            let a = try ClientDatabase(), b = try ClientDatabase()
            let engineA = a.engine(server)
            var engineB = b.engine(server)
            try await engineA.start()
            try await engineB.start()
            try a.execute("INSERT INTO note (id, title) VALUES ('gone', 'deleted while B is away'), ('stays', 'old')")
            try await settle([engineA, engineB], cluster, "pruned")
            await engineB.stop()
            // While B is away: a delete and an update, then the log is
            // pruned past B.
            try a.execute("DELETE FROM note WHERE id = 'gone'")
            try a.execute("UPDATE note SET title = 'new' WHERE id = 'stays'")
            try b.execute("INSERT INTO note (id, title) VALUES ('offline', 'written by B offline')")
            try await settle([engineA], cluster, "pruned")
            try await eventually("the log is pruned past B") {
                (Int64(try cluster.psql("pruned", "SELECT floor FROM plume_sync_state")) ?? 0) > 3
            }
            engineB = b.engine(server)
            try await engineB.start()
            try await settle([engineA, engineB], cluster, "pruned")
            #expect(try b.dump()["note"]?.map { $0[0] } == [.text("offline"), .text("stays")])
            #expect(try b.dump() == a.dump())
            await engineA.stop()
            await engineB.stop()
            await server.stop()
        }
    }

    @Test func aConnectionCutMidPullIsResumedWithoutGapOrDuplicate() async throws {
        try await withSyncServer { cluster, database, server in
            let a = try ClientDatabase(), b = try ClientDatabase()
            let engineA = a.engine(server)
            var engineB = b.engine(server)
            try await engineA.start()
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database)
            await engineB.stop()

            // While B is away: 3,000 inserts, then updates and deletes of
            // some of them, so that B pulls pages of the log.
            try a.queue.writeAndWait { db in
                for id in 1...3_000 {
                    try db.execute(sql: "INSERT INTO item (id, name, price, data) VALUES (?, ?, ?, NULL)",
                                   arguments: [id, "item \(id) " + String(repeating: "x", count: id % 40), Double(id) / 8])
                }
            }
            try a.execute("UPDATE item SET name = 'changed' WHERE id % 7 = 0; DELETE FROM item WHERE id % 11 = 0")
            try await settle([engineA], cluster, database)

            // B comes back through a proxy that cuts its first six
            // connections 30 kB into the server's answers: mid-page.
            let proxy = try CuttingProxy(upstreamPort: server.port, cuts: 6, cutAfter: 30_000)
            defer { proxy.stop() }
            engineB = b.engine(proxy.url)
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database, timeout: .seconds(120))
            #expect(proxy.cuts == 6)
            #expect(try b.dump() == a.dump())
            #expect(try serverRows(cluster, database, "item") == clientRows(b, "item", key: ["id"]))
            await engineA.stop()
            await engineB.stop()
        }
    }
}
