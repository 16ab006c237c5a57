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
}
