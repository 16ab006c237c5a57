import Foundation
import PlumeSyncProtocol
@testable import PlumeSyncServer
import PlumeTestSupport
import Testing

/// Pushes write the current rows with `MERGE` (PostgreSQL 15 and later)
/// or `INSERT … ON CONFLICT` (before): the same random pushes through a
/// server of each kind leave the same rows after every push.
@Suite struct SyncRowWriteTests {
    @Test(arguments: [35, 3501, 77] as [UInt64])
    func mergeAndOnConflictLeaveTheSameRows(seed: UInt64) async throws {
        try await PostgresCluster.with { cluster in
            let merge = try await ServerInstance.start(postgres: try cluster.createDatabase("merge_\(seed)")) { $0.rowWrite = .merge }
            let onConflict = try await ServerInstance.start(postgres: try cluster.createDatabase("conflict_\(seed)")) { $0.rowWrite = .onConflict }
            let schema = #"{"name":"note","columns":[{"name":"id","affinity":"TEXT","primaryKey":1},{"name":"title","affinity":"TEXT","primaryKey":0}]}"#
            for server in [merge, onConflict] {
                let answer = try await request("POST", server.url.appendingPathComponent("v1/connect"), token: TestTokens.full,
                                               body: Data("{\"client\":\"c1\",\"tables\":[\(schema)]}".utf8))
                #expect(answer.status == 200)
            }
            var random = SeededGenerator(seed: seed)
            var sequence = 0
            for push in 0..<30 {
                var changes: [String] = []
                for _ in 0..<Int.random(in: 1...25, using: &random) {
                    sequence += 1
                    let key = "n\(Int.random(in: 0..<12, using: &random))"
                    let title = "t\(Int.random(in: 0..<1_000, using: &random))"
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: changes.append(#"{"seq":\#(sequence),"table":"note","op":"insert","key":["\#(key)"],"values":{"id":"\#(key)","title":"\#(title)"}}"#)
                    case 1: changes.append(#"{"seq":\#(sequence),"table":"note","op":"update","key":["\#(key)"],"values":{"title":"\#(title)"}}"#)
                    default: changes.append(#"{"seq":\#(sequence),"table":"note","op":"delete","key":["\#(key)"]}"#)
                    }
                }
                let body = Data("{\"client\":\"c1\",\"changes\":[\(changes.joined(separator: ","))]}".utf8)
                for server in [merge, onConflict] {
                    let answer = try await request("POST", server.url.appendingPathComponent("v1/push"), token: TestTokens.full, body: body)
                    #expect(answer.status == 200, "push \(push): \(answer.body)")
                }
                let rows = try ["merge_\(seed)", "conflict_\(seed)"].map { database in
                    try cluster.psql(database, "SELECT string_agg(key || ' ' || coalesce(vals, 'tombstone') || ' ' || seq, E'\\n' ORDER BY key) FROM plume_sync_row")
                }
                #expect(rows[0] == rows[1], "push \(push) (seed \(seed))")
                #expect(!rows[0].isEmpty)
            }
            await merge.stop()
            await onConflict.stop()
        }
    }
}
