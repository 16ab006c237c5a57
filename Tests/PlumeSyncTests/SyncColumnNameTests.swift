import Foundation
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import Testing

/// Sync keys a row's values by column name, compared as Swift compares
/// strings; SQLite compares names byte by byte (ASCII case aside). A table
/// with two columns whose names are canonically equivalent Unicode would
/// have one column's values silently dropped: it is refused, by name, on
/// both sides.
@Suite struct SyncColumnNameTests {
    private static let composed = "\u{E9}", decomposed = "e\u{301}"

    @Test func aClientRefusesATableWithCanonicallyEquivalentColumnNames() throws {
        let queue = try DatabaseQueue()
        let error = #expect(throws: SyncError.self) {
            try queue.writeAndWait { db in
                try db.execute(sql: "CREATE TABLE t (id TEXT PRIMARY KEY, \"\(Self.composed)\" TEXT, \"\(Self.decomposed)\" TEXT)")
                _ = try SyncDatabaseSide.prepare(requested: ["t"], db)
            }
        }
        #expect(error?.code == .tableNotSyncable)
        #expect(error?.message == #"table t has columns "\u{e9}" and "e\u{301}", one name to sync (equal as Unicode text): rename one of them"#)
        // Refused before anything was written: no history, no sync state.
        #expect(try queue.readAndWait { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name LIKE 'plume_%'") } == 0)
    }

    @Test func aColumnAddedLaterWithAnEquivalentNameStopsTheCollectByName() throws {
        let queue = try DatabaseQueue()
        let side = try queue.writeAndWait { db in
            try db.execute(sql: "CREATE TABLE t (id TEXT PRIMARY KEY, \"\(Self.composed)\" TEXT)")
            return try SyncDatabaseSide.prepare(requested: ["t"], db)
        }
        try queue.writeAndWait { db in
            try db.execute(sql: "ALTER TABLE t ADD COLUMN \"\(Self.decomposed)\" TEXT")
            try db.enableChangeHistory(for: ["t"], values: true)
            try db.execute(sql: "INSERT INTO t VALUES ('k', 'a', 'b')")
        }
        let error = #expect(throws: SyncError.self) { try queue.writeAndWait { db in try side.collect(db) } }
        #expect(error?.code == .tableNotSyncable)
        #expect(error?.message.contains(#""\u{e9}" and "e\u{301}""#) == true, "\(String(describing: error))")
        #expect(try queue.readAndWait { db in try SyncLocalState.pendingOutboxCount(db) } == 0)
    }

    @Test func distinctNamesThatLookAlikeButAreNotEquivalentAreSynced() throws {
        // "é" and "è" are different letters; "A" and "a" are one name to
        // SQLite already.
        let schema = SyncTableSchema(name: "t", columns: [
            .init(name: "id", affinity: "TEXT", primaryKey: 1), .init(name: "\u{E9}", affinity: "TEXT", primaryKey: 0),
            .init(name: "\u{E8}", affinity: "TEXT", primaryKey: 0),
        ])
        #expect(schema.indistinguishableColumns == nil)
    }

    @Test func theServerRefusesSuchASchemaAtConnect() async throws {
        try await withSyncServer { cluster, database, server in
            let schema = SyncTableSchema(name: "t", columns: [
                .init(name: "id", affinity: "TEXT", primaryKey: 1), .init(name: Self.composed, affinity: "TEXT", primaryKey: 0),
                .init(name: Self.decomposed, affinity: "TEXT", primaryKey: 0),
            ])
            let answer = try await request("POST", server.url.appendingPathComponent("v1/connect"), token: TestTokens.full,
                                           body: try JSONEncoder().encode(SyncConnectRequest(client: "c", tables: [schema])))
            #expect(answer.status == 400)
            #expect(answer.body.contains(#"columns \"\\u{e9}\" and \"e\\u{301}\""#), "\(answer.body)")
            #expect(try cluster.psql(database, "SELECT count(*) FROM plume_sync_table") == "0")
        }
    }
}
