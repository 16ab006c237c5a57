import FetchedResults
import Foundation
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import Testing

@Suite struct SyncLiveTests {
    @Test func aStreamOnOneInstanceSeesAPushThroughAnother() async throws {
        try await withSyncServer { cluster, database, instanceA in
            let instanceB = try await ServerInstance.start(postgres: instanceA.postgresURL)
            let a = try ClientDatabase(), b = try ClientDatabase()
            let engineA = a.engine(instanceA), engineB = b.engine(instanceB)
            try await engineA.start()
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database)
            // B pulled at connect; from now on only its stream, on the
            // other instance, can bring A's commit (LISTEN/NOTIFY).
            try a.execute("INSERT INTO note (id, title) VALUES ('live', 'through A')")
            try await eventually("B has A's row") { try b.dump()["note"]?.count == 1 }
            #expect(try b.dump()["note"] == a.dump()["note"])
            await engineA.stop()
            await engineB.stop()
            await instanceB.stop()
        }
    }

    @Test func aRawStreamOnOneInstanceReceivesTheEventOfAPushThroughAnother() async throws {
        try await withSyncServer { _, _, instanceA in
            let instanceB = try await ServerInstance.start(postgres: instanceA.postgresURL)
            let schema = #"{"name":"note","columns":[{"name":"id","affinity":"TEXT","primaryKey":1},{"name":"title","affinity":"TEXT","primaryKey":0}]}"#
            #expect(try await request("POST", instanceA.url.appendingPathComponent("v1/connect"), token: TestTokens.full,
                                      body: Data("{\"client\":\"c\",\"tables\":[\(schema)]}".utf8)).status == 200)
            let received = Task {
                try await firstEvent(URL(string: "\(instanceB.url.absoluteString)/v1/stream?after=0")!, token: TestTokens.full, containing: "\"seq\":1")
            }
            // Push through A until B's stream got it (the stream may not
            // be listening yet at the first push: it starts after 0).
            let push = #"{"client":"c","changes":[{"seq":1,"table":"note","op":"insert","key":["n"],"values":{"id":"n","title":"t"}}]}"#
            #expect(try await request("POST", instanceA.url.appendingPathComponent("v1/push"), token: TestTokens.full, body: Data(push.utf8)).status == 200)
            let event = try await received.value
            let page = try JSONDecoder().decode(SyncChangesResponse.self, from: Data(event.utf8))
            #expect(page.changes.map(\.key) == [[.text("n")]])
            #expect(page.changes.first?.values == ["id": .text("n"), "title": .text("t")])
            await instanceB.stop()
        }
    }

    @Test func aFetchedResultsControllerOnClientBShowsClientAsCommit() async throws {
        try await withSyncServer { cluster, database, server in
            let a = try ClientDatabase(), b = try ClientDatabase()
            let engineA = a.engine(server), engineB = b.engine(server)
            try await engineA.start()
            try await engineB.start()
            try await settle([engineA, engineB], cluster, database)
            let controller = FetchedResultsController<Row>(database: b.queue, request: FetchRequest(table: "note", sortedBy: [.ascending("id")]),
                                                           queue: DispatchQueue(label: "delivery"))
            try await controller.performFetch()
            var updates = controller.updates.makeAsyncIterator()
            #expect(try await updates.next()?.snapshot.count == 0)
            try a.execute("INSERT INTO note (id, title) VALUES ('from-a', 'hello')")
            // No app code: the engine's pull is a commit the controller sees.
            var shown: [DatabaseValue?] = []
            while shown.isEmpty, let update = try await updates.next() { shown = try update.snapshot.fetchedObjects.map { $0["title"] } }
            #expect(shown == [.text("hello")])
            await engineA.stop()
            await engineB.stop()
        }
    }
}
