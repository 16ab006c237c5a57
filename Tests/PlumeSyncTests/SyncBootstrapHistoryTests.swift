import Dispatch
import FetchedResults
import Foundation
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import Testing

/// A bootstrap writes each page of a table's rows in bulk: one history
/// entry a page (``ChangeHistoryEntry/Operation/bulk``) instead of one a
/// row, so that other processes' lists read the table again. A table with
/// triggers of its own is loaded through them, row by row.
@Suite struct SyncBootstrapHistoryTests {
    static let notes = """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
        INSERT INTO note (id, title, rank) SELECT printf('note %03d', i), 'title ' || i, i FROM n
        """

    /// The operations the client's history recorded for `note`.
    static func noteOperations(_ client: ClientDatabase) throws -> [Int: Int] {
        try client.queue.readAndWait { db in
            var counts: [Int: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT op, count(*) FROM plume_history WHERE tbl = 'note' GROUP BY op") {
                counts[try row.decode(Int.self, at: 0)] = try row.decode(Int.self, at: 1)
            }
            return counts
        }
    }

    @Test func eachBootstrapPageIsOneHistoryEntryAndAnotherConnectionsListShowsEveryRow() async throws {
        try await withSyncServer(configure: { $0.maximumBootstrapPageBytes = 2_000 }) { cluster, database, server in
            let a = try ClientDatabase()
            let engineA = a.engine(server)
            try await engineA.start()
            try a.execute(Self.notes)
            try await settle([engineA], cluster, database)

            // A list on B's file through another connection follows the
            // history (not the engine's update hook).
            let b = try ClientDatabase()
            let engineB = b.engine(server)
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database)
            await engineB.stop()
            let reader = try DatabaseQueue(path: b.path)
            let controller = FetchedResultsController<Row>(database: reader, request: FetchRequest(table: "note", sortedBy: [.ascending("id")]),
                                                           queue: DispatchQueue(label: "bootstrap-list"))
            try await controller.performFetch()
            #expect(controller.snapshot.count == 300)

            // Bootstrap again (the log pruned past B): the list, open
            // meanwhile, shows the server's rows.
            try a.execute("DELETE FROM note WHERE rank > 200")
            try await settle([engineA], cluster, database)
            try await b.queue.write { db in
                try SyncDatabaseSide.prepare(requested: ClientDatabase.tables, db).restartBootstrap(db)
            }
            var updates = controller.updates.makeAsyncIterator()
            _ = try await updates.next()
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database)
            var shown = controller.snapshot.count
            while shown != 200, let update = try await updates.next() { shown = update.snapshot.count }
            #expect(shown == 200)
            #expect(try b.dump() == a.dump())

            let operations = try Self.noteOperations(b)
            #expect(operations[ChangeHistoryEntry.Operation.insert.rawValue] == nil, "no row of a bootstrap is recorded one by one: \(operations)")
            #expect((operations[ChangeHistoryEntry.Operation.bulk.rawValue] ?? 0) > 2, "a page, one entry: \(operations)")
            controller.stopObserving()
            try reader.close()
            await engineA.stop()
            await engineB.stop()
        }
    }

    @Test func aTableWithItsOwnTriggerIsBootstrappedThroughItRowByRow() async throws {
        try await withSyncServer { cluster, database, server in
            let a = try ClientDatabase()
            let engineA = a.engine(server)
            try await engineA.start()
            try a.execute(Self.notes)
            try await settle([engineA], cluster, database)

            let b = try ClientDatabase(schema: ClientDatabase.schema + """
                ;
                CREATE TABLE note_count (n INTEGER NOT NULL);
                INSERT INTO note_count VALUES (0);
                CREATE TRIGGER note_counted AFTER INSERT ON note BEGIN UPDATE note_count SET n = n + 1; END;
                """)
            let engineB = b.engine(server)
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database)
            #expect(try b.queue.readAndWait { try Int.fetchOne($0, sql: "SELECT n FROM note_count") } == 300)
            let operations = try Self.noteOperations(b)
            #expect(operations[ChangeHistoryEntry.Operation.bulk.rawValue] == nil)
            #expect(operations[ChangeHistoryEntry.Operation.insert.rawValue] == 300)
            #expect(try b.dump() == a.dump())
            await engineA.stop()
            await engineB.stop()
        }
    }

    @Test func aTableAnotherWriterWroteInBulkIsQueuedWhole() throws {
        let client = try ClientDatabase()
        try client.execute("INSERT INTO note (id, title) VALUES ('kept', 'before')")
        let side = try client.queue.writeAndWait { db in try SyncDatabaseSide.prepare(requested: ClientDatabase.tables, db) }
        try client.queue.writeAndWait { db in
            _ = try side.collect(db)
            try db.execute(sql: "DELETE FROM plume_sync_outbox")
        }
        // Another program's bulk write: the rows it wrote are not in the
        // history, so the table goes whole, after the changes recorded
        // with it.
        let other = try DatabaseQueue(path: client.path)
        try other.writeAndWait { db in
            try db.execute(sql: "INSERT INTO note (id, title) VALUES ('recorded', 'one by one')")
            try db.writingInBulk(into: "note") {
                try db.execute(sql: "INSERT INTO note (id, title) VALUES ('bulk 1', 'a'), ('bulk 2', 'b')")
                try db.execute(sql: "UPDATE note SET title = 'after' WHERE id = 'kept'")
            }
        }
        try other.close()
        let queued = try client.queue.writeAndWait { db -> [(op: String, key: String)] in
            _ = try side.collect(db)
            return try Row.fetchAll(db, sql: "SELECT op, key FROM plume_sync_outbox WHERE tbl = 'note' ORDER BY seq").map { row in
                (try row.decode(String.self, at: 0), try row.decode(String.self, at: 1))
            }
        }
        #expect(queued.first?.key.contains("recorded") == true, "the change recorded first: \(queued)")
        let whole = queued.dropFirst()
        #expect(Set(whole.map(\.key)).count == 4 && whole.count == 4, "the table's four rows, as they are now: \(queued)")
        for id in ["kept", "recorded", "bulk 1", "bulk 2"] { #expect(whole.contains { $0.key.contains(id) }, "\(id) in \(queued)") }
        #expect(whole.allSatisfy { $0.op == queued.first?.op }, "each row is sent as an insert")
    }
}
