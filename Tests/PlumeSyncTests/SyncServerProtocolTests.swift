import Foundation
import PlumeSyncProtocol
import Testing

@Suite struct SyncServerProtocolTests {
    static let noteSchema = """
        {"name":"note","columns":[{"name":"id","affinity":"TEXT","primaryKey":1},{"name":"title","affinity":"TEXT","primaryKey":0}]}
        """

    private func connect(_ server: ServerInstance, token: String = TestTokens.full, client: String = "c1", schema: String = noteSchema) async throws -> (status: Int, body: String) {
        try await request("POST", server.url.appendingPathComponent("v1/connect"), token: token,
                          body: Data("{\"client\":\"\(client)\",\"tables\":[\(schema)]}".utf8))
    }

    private func push(_ server: ServerInstance, token: String = TestTokens.full, _ body: String) async throws -> (status: Int, body: String) {
        try await request("POST", server.url.appendingPathComponent("v1/push"), token: token, body: Data(body.utf8))
    }

    @Test func aMissingOrWrongTokenGetsTheSame401WhateverIsAsked() async throws {
        try await withSyncServer { _, _, server in
            var answers: Set<String> = []
            for token in [nil, "wrong", TestTokens.full + "x", String(TestTokens.full.dropLast())] {
                for (method, path) in [("POST", "v1/connect"), ("GET", "v1/changes?after=0"), ("GET", "v1/bootstrap?table=note"),
                                       ("GET", "v1/bootstrap?table=nosuchtable"), ("GET", "no/such/endpoint")] {
                    let answer = try await request(method, URL(string: "\(server.url.absoluteString)/\(path)")!, token: token, body: method == "POST" ? Data("{}".utf8) : nil)
                    #expect(answer.status == 401)
                    answers.insert(answer.body)
                }
            }
            #expect(answers == ["{\"error\":\"unauthorized\"}"])
        }
    }

    @Test func aPushDeliveredTwiceIsAppliedOnce() async throws {
        try await withSyncServer { cluster, database, server in
            #expect(try await connect(server).status == 200)
            let body = """
                {"client":"c1","changes":[
                {"seq":1,"table":"note","op":"insert","key":["n"],"values":{"id":"n","title":"a"}},
                {"seq":2,"table":"note","op":"update","key":["n"],"values":{"title":"b"}}]}
                """
            let first = try await push(server, body)
            #expect(first.status == 200)
            // The same body again, then twice at once.
            #expect(try await push(server, body).status == 200)
            async let third = push(server, body)
            async let fourth = push(server, body)
            #expect(try await [third.status, fourth.status] == [200, 200])
            #expect(try cluster.psql(database, "SELECT count(*) FROM plume_sync_log") == "2")
            #expect(try cluster.psql(database, "SELECT vals FROM plume_sync_row") == "{\"id\":\"n\",\"title\":\"b\"}")
            let again = try JSONDecoder().decode(SyncPushResponse.self, from: Data(try await push(server, body).body.utf8))
            #expect(again.acknowledged == 2)
            #expect(again.head == 2)
            // A later change of the same client after the retried ones.
            let later = try await push(server, """
                {"client":"c1","changes":[{"seq":2,"table":"note","op":"update","key":["n"],"values":{"title":"b"}},
                {"seq":3,"table":"note","op":"delete","key":["n"]}]}
                """)
            #expect(later.status == 200)
            #expect(try cluster.psql(database, "SELECT count(*) FROM plume_sync_log") == "3")
            #expect(try cluster.psql(database, "SELECT count(*) FROM plume_sync_row WHERE vals IS NULL") == "1")
        }
    }

    @Test func aPushThatMustFollowAnotherWaitsUntilThatOneArrived() async throws {
        try await withSyncServer { cluster, database, server in
            #expect(try await connect(server).status == 200)
            let second = """
                {"client":"c1","after":2,"changes":[{"seq":3,"table":"note","op":"update","key":["n"],"values":{"title":"c"}}]}
                """
            let early = try JSONDecoder().decode(SyncPushResponse.self, from: Data(try await push(server, second).body.utf8))
            #expect(early.acknowledged == 0 && early.head == 0 && early.base == nil)
            #expect(try cluster.psql(database, "SELECT count(*) FROM plume_sync_log") == "0")
            let first = try JSONDecoder().decode(SyncPushResponse.self, from: Data(try await push(server, """
                {"client":"c1","changes":[{"seq":1,"table":"note","op":"insert","key":["n"],"values":{"id":"n","title":"a"}},
                {"seq":2,"table":"note","op":"update","key":["n"],"values":{"title":"b"}}]}
                """).body.utf8))
            #expect(first.acknowledged == 2 && first.head == 2 && first.base == 0)
            let again = try JSONDecoder().decode(SyncPushResponse.self, from: Data(try await push(server, second).body.utf8))
            #expect(again.acknowledged == 3 && again.head == 3 && again.base == 2)
            #expect(try cluster.psql(database, "SELECT vals FROM plume_sync_row") == "{\"id\":\"n\",\"title\":\"c\"}")
        }
    }

    @Test func aPageNamesTheRequestersOwnChangesAsRunsAndSendsOthersWhole() async throws {
        try await withSyncServer { _, _, server in
            #expect(try await connect(server, client: "c1").status == 200)
            #expect(try await connect(server, client: "c2").status == 200)
            func insert(_ sequence: Int, _ id: String) -> String {
                #"{"seq":\#(sequence),"table":"note","op":"insert","key":["\#(id)"],"values":{"id":"\#(id)","title":"t"}}"#
            }
            for (client, changes) in [("c1", [insert(1, "a"), insert(2, "b"), insert(3, "c")]),
                                      ("c2", [insert(1, "d")]),
                                      ("c1", [insert(4, "e"), insert(5, "f")])] {
                let answer = try await push(server, #"{"client":"\#(client)","changes":[\#(changes.joined(separator: ","))]}"#)
                #expect(answer.status == 200, "\(answer.body)")
            }
            func page(_ query: String) async throws -> SyncChangesResponse {
                let answer = try await request("GET", URL(string: "\(server.url.absoluteString)/v1/changes?\(query)")!, token: TestTokens.full)
                #expect(answer.status == 200, "\(answer.body)")
                return try SyncJSONReader.decode(Array(answer.body.utf8)) { try $0.readChangesResponse() }
            }
            let mine = try await page("after=0&client=c1")
            #expect(mine.changes.map(\.sequence) == [4] && mine.changes.map(\.client) == ["c2"])
            #expect(mine.own == [SyncOwnChanges(sequence: 1, count: 3, clientSequence: 1), SyncOwnChanges(sequence: 5, count: 2, clientSequence: 4)])
            #expect(mine.head == 6 && mine.count == 6)
            // A page cut by its limit counts the own changes it names.
            let firstTwo = try await page("after=0&client=c1&limit=2")
            #expect(firstTwo.changes.isEmpty && firstTwo.own == [SyncOwnChanges(sequence: 1, count: 2, clientSequence: 1)] && firstTwo.head == 2)
            let theirs = try await page("after=0&client=c2")
            #expect(theirs.changes.map(\.sequence) == [1, 2, 3, 5, 6] && theirs.own == [SyncOwnChanges(sequence: 4, count: 1, clientSequence: 1)])
            // Without a client, every change comes whole.
            let anyone = try await page("after=0")
            #expect(anyone.changes.count == 6 && anyone.own.isEmpty)
            #expect(anyone.changes.first?.values?["id"] == .text("a"))
        }
    }

    @Test func readOnlyAndTableLimitedTokensAreRefusedWhatTheyMayNotDo() async throws {
        try await withSyncServer { cluster, database, server in
            #expect(try await connect(server).status == 200)
            let noteInsert = """
                {"client":"c2","changes":[{"seq":1,"table":"note","op":"insert","key":["n"],"values":{"id":"n","title":"a"}}]}
                """
            let readOnly = try await push(server, token: TestTokens.readOnly, noteInsert)
            #expect(readOnly.status == 403)
            #expect(readOnly.body.contains("read-only"))
            // A read-only token may read.
            #expect(try await request("GET", URL(string: "\(server.url.absoluteString)/v1/changes?after=0")!, token: TestTokens.readOnly).status == 200)
            // A token limited to `note` may push to note, not to item.
            #expect(try await push(server, token: TestTokens.notesOnly, noteInsert).status == 200)
            let itemSchema = #"{"name":"item","columns":[{"name":"id","affinity":"INTEGER","primaryKey":1}]}"#
            #expect(try await connect(server, schema: itemSchema).status == 200)
            let other = try await push(server, token: TestTokens.notesOnly, """
                {"client":"c2","changes":[{"seq":2,"table":"item","op":"insert","key":[1],"values":{"id":1}}]}
                """)
            #expect(other.status == 403)
            #expect(other.body.contains("table item"))
            let connectOther = try await connect(server, token: TestTokens.notesOnly, schema: itemSchema)
            #expect(connectOther.status == 403)
            let pullOther = try await request("GET", URL(string: "\(server.url.absoluteString)/v1/changes?after=0&tables=item")!, token: TestTokens.notesOnly)
            #expect(pullOther.status == 403)
            // Nothing of the refused pushes was applied.
            #expect(try cluster.psql(database, "SELECT count(*) FROM plume_sync_log") == "1")
        }
    }

    @Test func malformedAndOversizedBodiesAreRefusedWithAReason() async throws {
        try await PostgresCluster.with { cluster in
            let url = try cluster.createDatabase("limits")
            let server = try await ServerInstance.start(postgres: url) { $0.maximumBodySize = 4_096 }
            defer { Task { await server.stop() } }
            #expect(try await connect(server).status == 200)
            let notJSON = try await push(server, "{\"client\":")
            #expect(notJSON.status == 400)
            #expect(notJSON.body.contains("malformed request body"))
            let badOperation = try await push(server, #"{"client":"c","changes":[{"seq":1,"table":"note","op":"upsert","key":["n"]}]}"#)
            #expect(badOperation.status == 400)
            #expect(badOperation.body.contains("changes[0].op"))
            let badValue = try await push(server, #"{"client":"c","changes":[{"seq":1,"table":"note","op":"insert","key":["n"],"values":{"id":"n","title":1.5}}]}"#)
            #expect(badValue.status == 400)
            let unknownColumn = try await push(server, #"{"client":"c","changes":[{"seq":1,"table":"note","op":"update","key":["n"],"values":{"colour":"red"}}]}"#)
            #expect(unknownColumn.status == 400)
            #expect(unknownColumn.body.contains("no column colour in table note"))
            let missingColumn = try await push(server, #"{"client":"c","changes":[{"seq":1,"table":"note","op":"insert","key":["n"],"values":{"id":"n"}}]}"#)
            #expect(missingColumn.status == 400)
            #expect(missingColumn.body.contains("column title is missing"))
            let keyUpdate = try await push(server, #"{"client":"c","changes":[{"seq":1,"table":"note","op":"update","key":["n"],"values":{"id":"m"}}]}"#)
            #expect(keyUpdate.status == 400)
            let oversized = try await push(server, "{\"client\":\"c\",\"changes\":[], \"padding\":\"\(String(repeating: "x", count: 5_000))\"}")
            #expect(oversized.status == 413)
            #expect(oversized.body.contains("4096"))
            #expect(try cluster.psql("limits", "SELECT count(*) FROM plume_sync_log") == "0")
            await server.stop()
        }
    }

    @Test func aSchemaMismatchIsRefusedNamingTableAndColumn() async throws {
        try await withSyncServer { _, _, server in
            #expect(try await connect(server).status == 200)
            let otherType = try await connect(server, client: "c2", schema: #"{"name":"note","columns":[{"name":"id","affinity":"TEXT","primaryKey":1},{"name":"title","affinity":"INTEGER","primaryKey":0}]}"#)
            #expect(otherType.status == 409)
            #expect(otherType.body.contains("table note: column title has INTEGER affinity here and TEXT on the server"))
            let extra = try await connect(server, client: "c2", schema: #"{"name":"note","columns":[{"name":"id","affinity":"TEXT","primaryKey":1},{"name":"title","affinity":"TEXT","primaryKey":0},{"name":"extra","affinity":"TEXT","primaryKey":0}]}"#)
            #expect(extra.status == 409)
            #expect(extra.body.contains("column extra is not on the server"))
        }
    }
}
