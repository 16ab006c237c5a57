import Foundation
import Persistence
import PlumeSync
import PlumeSyncProtocol
import PlumeTestSupport
import Testing

@Suite struct SyncConvergenceTests {
    @Test func twoClientsConvergeOnInsertsUpdatesDeletesAndKeyChanges() async throws {
        try await withSyncServer { cluster, database, server in
            let a = try ClientDatabase(), b = try ClientDatabase()
            let engineA = a.engine(server), engineB = b.engine(server)
            try await engineA.start()
            try await engineB.start()

            try a.execute("""
                INSERT INTO item (id, name, price, data) VALUES (1, 'pen', 1.5, X'00ff'), (2, 'ink', -0.0, NULL), (3, 'pad', 1e300, X'');
                INSERT INTO pair (a, b, value) VALUES ('x', 1, 'one'), ('x', 2, 2.5), ('y,z', 3, X'0102');
                INSERT INTO note (id, title, body, rank) VALUES ('n1', 'Hello', 'first', 1), ('n''2', 'It''s', NULL, 2);
                """)
            try await settle([engineA, engineB], cluster, database)
            #expect(try b.dump() == a.dump())

            // Updates, deletes and key changes, on every kind of table.
            try a.execute("""
                UPDATE item SET price = 2.25 WHERE id = 1;
                UPDATE item SET id = 10 WHERE id = 2;
                DELETE FROM item WHERE id = 3;
                UPDATE pair SET b = 9 WHERE a = 'x' AND b = 1;
                UPDATE pair SET value = NULL WHERE a = 'y,z';
                UPDATE note SET id = 'n3', title = 'Moved' WHERE id = 'n1';
                DELETE FROM note WHERE id = 'n''2';
                """)
            try b.execute("INSERT INTO note (id, title, body, rank) VALUES ('b1', 'From B', 'x', 7)")
            try await settle([engineA, engineB], cluster, database)
            let dumpA = try a.dump()
            #expect(try b.dump() == dumpA)
            #expect(dumpA["item"]?.map { $0[0] } == [.integer(1), .integer(10)])
            #expect(dumpA["note"]?.map { $0[0] } == [.text("b1"), .text("n3")])
            #expect(dumpA["pair"]?.map { [$0[0], $0[1]] } == [[.text("x"), .integer(2)], [.text("x"), .integer(9)], [.text("y,z"), .integer(3)]])
            // The server's current rows are the clients'.
            #expect(try serverRows(cluster, database, "note") == clientRows(a, "note", key: ["id"]))
            #expect(try serverRows(cluster, database, "pair") == clientRows(b, "pair", key: ["a", "b"]))
            #expect(try serverRows(cluster, database, "item") == clientRows(b, "item", key: ["id"]))
            await engineA.stop()
            await engineB.stop()
        }
    }

    @Test func offlineEditsOfDifferentColumnsOfOneRowBothSurvive() async throws {
        try await withSyncServer { cluster, database, server in
            let a = try ClientDatabase(), b = try ClientDatabase()
            var engineA = a.engine(server), engineB = b.engine(server)
            try await engineA.start()
            try await engineB.start()
            try a.execute("INSERT INTO note (id, title, body, rank) VALUES ('n', 'title', 'body', 1)")
            try await settle([engineA, engineB], cluster, database)
            await engineA.stop()
            await engineB.stop()

            // Both offline: A changes the title, B the body and the rank.
            try a.execute("UPDATE note SET title = 'title by A' WHERE id = 'n'")
            try b.execute("UPDATE note SET body = 'body by B', rank = 2 WHERE id = 'n'")
            #expect(try await engineA.pendingChanges == 1)
            engineA = a.engine(server)
            engineB = b.engine(server)
            try await engineA.start()
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database)
            let expected: [[SyncValue]] = [[.text("n"), .text("title by A"), .text("body by B"), .integer(2)]]
            #expect(try a.dump()["note"] == expected)
            #expect(try b.dump()["note"] == expected)
            await engineA.stop()
            await engineB.stop()
        }
    }

    @Test func theSameColumnEditedOfflineTwiceKeepsTheLaterPushInServerOrder() async throws {
        try await withSyncServer { cluster, database, server in
            let a = try ClientDatabase(), b = try ClientDatabase()
            var engineA = a.engine(server), engineB = b.engine(server)
            try await engineA.start()
            try await engineB.start()
            try a.execute("INSERT INTO note (id, title) VALUES ('n', 'first')")
            try await settle([engineA, engineB], cluster, database)
            await engineA.stop()
            await engineB.stop()
            try a.execute("UPDATE note SET title = 'by A' WHERE id = 'n'")
            try b.execute("UPDATE note SET title = 'by B' WHERE id = 'n'")
            // A pushes first, B second: B's is later in server order.
            engineA = a.engine(server)
            try await engineA.start()
            try await settle([engineA], cluster, database)
            // A's own edit stays visible until B's arrives.
            #expect(try a.dump()["note"]?.first?[1] == .text("by A"))
            engineB = b.engine(server)
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database)
            #expect(try a.dump()["note"]?.first?[1] == .text("by B"))
            #expect(try b.dump()["note"]?.first?[1] == .text("by B"))
            await engineA.stop()
            await engineB.stop()
        }
    }

    @Test func aNewClientBootstrapsCurrentRowsAndKeepsItsOwn() async throws {
        try await withSyncServer { cluster, database, server in
            let a = try ClientDatabase()
            let engineA = a.engine(server)
            try await engineA.start()
            try a.execute("INSERT INTO note (id, title) VALUES ('a1', 'one'), ('a2', 'two')")
            try a.execute("DELETE FROM note WHERE id = 'a2'")
            try await settle([engineA], cluster, database)
            // B has a row of its own before it first syncs.
            let b = try ClientDatabase()
            try b.execute("INSERT INTO note (id, title) VALUES ('b1', 'mine')")
            let engineB = b.engine(server)
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database)
            #expect(try b.dump()["note"]?.map { $0[0] } == [.text("a1"), .text("b1")])
            #expect(try a.dump() == b.dump())
            await engineA.stop()
            await engineB.stop()
        }
    }

    @Test func aClientOfflineForAThousandWritesCatchesUpAndLosesNothing() async throws {
        try await withSyncServer { cluster, database, server in
            let a = try ClientDatabase(), b = try ClientDatabase()
            var engineA = a.engine(server)
            let engineB = b.engine(server)
            try await engineA.start()
            try await engineB.start()
            try a.execute("INSERT INTO note (id, title, body, rank) VALUES ('n1', 'shared', NULL, 1)")
            try await settle([engineA, engineB], cluster, database)
            await engineA.stop()

            // A writes 1,000 times offline (each write its own transaction)
            // while B keeps writing online.
            var random = SeededGenerator(seed: 1_000)
            for index in 0..<1_000 {
                try SyncRandomConvergenceTests.randomWrite(a, &random)
                if index % 20 == 0 { try SyncRandomConvergenceTests.randomWrite(b, &random) }
            }
            #expect(try await engineA.pendingChanges > 0) // counted while offline
            engineA = a.engine(server)
            try await engineA.start()
            try await settle([engineA, engineB], cluster, database, timeout: .seconds(120))
            #expect(try b.dump() == a.dump())
            #expect(try serverRows(cluster, database, "item") == clientRows(a, "item", key: ["id"]))
            #expect(try serverRows(cluster, database, "note") == clientRows(b, "note", key: ["id"]))
            #expect(try serverRows(cluster, database, "pair") == clientRows(a, "pair", key: ["a", "b"]))
            await engineA.stop()
            await engineB.stop()
        }
    }
}
