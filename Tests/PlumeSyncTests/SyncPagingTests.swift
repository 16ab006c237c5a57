import Foundation
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import Testing

@Suite struct SyncPagingTests {
    @Test func aPageStopsBeforeTheEntryThatWouldPassTheByteBudget() throws {
        let entries = (1...10).map { OutboxEntry(sequence: Int64($0), table: "note", operation: .insert, keyJSON: "[\"n\($0)\"]", valuesJSON: "{\"id\":\"n\($0)\"}") }
        let whole = SyncPushPage(client: "c", entries: entries, maximumBytes: .max)
        #expect(whole.count == 10)
        #expect(whole.json.utf8.count < 1_000)
        let read = try SyncJSONReader.decode(Array(whole.json.utf8)) { try $0.readPushRequest() }
        #expect(read.changes.map(\.clientSequence) == Array(1...10))
        for budget in [1, 50, 100, 200, 333, whole.json.utf8.count - 1, whole.json.utf8.count] {
            let page = SyncPushPage(client: "c", entries: entries, maximumBytes: budget)
            // At least one entry, however small the budget; otherwise within it.
            #expect(page.count >= 1)
            #expect(page.count == 1 || page.json.utf8.count <= budget)
            // The next entry would not have fit.
            if page.count < entries.count {
                let longer = SyncPushPage(client: "c", entries: entries.prefix(page.count + 1), maximumBytes: .max)
                #expect(longer.json.utf8.count > budget)
            }
            let decoded = try SyncJSONReader.decode(Array(page.json.utf8)) { try $0.readPushRequest() }
            #expect(decoded.changes.map(\.clientSequence) == Array(1...Int64(page.count)))
        }
    }

    @Test func pushPagesShrinkToWhatTheServerAcceptsAndAChangeTooLargeAloneFailsSayingSo() async throws {
        try await PostgresCluster.with { cluster in
            let url = try cluster.createDatabase("smallbodies")
            let server = try await ServerInstance.start(postgres: url) { $0.maximumBodySize = 8_192 }
            let a = try ClientDatabase(), b = try ClientDatabase()
            let engineA = a.engine(server), engineB = b.engine(server)
            try await engineA.start()
            try await engineB.start()
            // 400 changes of about 90 bytes: several times what the server
            // accepts in one body.
            try a.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
                INSERT INTO note (id, title, rank) SELECT 'note ' || i, 'title ' || i, i FROM n
                """)
            try await settle([engineA, engineB], cluster, "smallbodies")
            #expect(try b.dump()["note"]?.count == 400)
            #expect(try b.dump() == a.dump())
            #expect(try cluster.psql("smallbodies", "SELECT count(*) FROM plume_sync_log") == "400")
            // One change larger than the server accepts on its own: the
            // engine fails naming it, and keeps it pending.
            try a.execute("INSERT INTO note (id, title) VALUES ('big', ?)", [String(repeating: "x", count: 10_000)])
            try await eventually("the engine reports the change the server refuses") {
                if case .failed(let reason) = engineA.currentStatus { return reason.contains("larger than the server accepts") && reason.contains("table note") }
                return false
            }
            #expect(try await engineA.pendingChanges == 1)
            #expect(try cluster.psql("smallbodies", "SELECT count(*) FROM plume_sync_log") == "400")
            await engineA.stop()
            await engineB.stop()
            await server.stop()
        }
    }

    @Test func bootstrapPagesStopAtTheServersByteBudgetAndTheClientFollowsTheCursor() async throws {
        try await PostgresCluster.with { cluster in
            let url = try cluster.createDatabase("smallpages")
            let server = try await ServerInstance.start(postgres: url) { $0.maximumBootstrapPageBytes = 1_000 }
            let a = try ClientDatabase()
            let engineA = a.engine(server)
            try await engineA.start()
            try a.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
                INSERT INTO note (id, title, rank) SELECT printf('note %03d', i), 'title ' || i, i FROM n
                """)
            try await settle([engineA], cluster, "smallpages")
            // A page asked for 1,000 rows stops once past 1,000 bytes, and
            // its cursor says there is more.
            let answer = try await request("GET", URL(string: "\(server.url.absoluteString)/v1/bootstrap?table=note&limit=1000")!, token: TestTokens.full)
            #expect(answer.status == 200)
            let page = try SyncJSONReader.decode(Array(answer.body.utf8)) { try $0.readBootstrapResponse() }
            #expect(page.rows.count > 1 && page.rows.count < 300)
            #expect(answer.body.utf8.count < 1_200)
            // The cursor is the page's largest key (rows come in no order).
            let keys = page.rows.map { SyncJSON.keyText($0.key) }
            #expect(page.next == keys.max { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            // A new client gets every row, page after page.
            let b = try ClientDatabase()
            let engineB = b.engine(server)
            try await engineB.start()
            try await settle([engineA, engineB], cluster, "smallpages")
            #expect(try b.dump()["note"]?.count == 300)
            #expect(try b.dump() == a.dump())
            await engineA.stop()
            await engineB.stop()
            await server.stop()
        }
    }
}
