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
                #expect(rows[0] == (try Self.rowsFoldedFromTheLog(cluster, "merge_\(seed)")), "push \(push) (seed \(seed)): the rows are the log's")
            }
            await merge.stop()
            await onConflict.stop()
        }
    }

    /// The current rows as the merge rule defines them: the log folded in
    /// order (an update of no row leaves no trace; a delete leaves a
    /// tombstone), in the test's text form.
    static func rowsFoldedFromTheLog(_ cluster: PostgresCluster, _ database: String) throws -> String {
        let lines = try cluster.psql(database, "SELECT string_agg(key || ' ' || op || ' ' || coalesce(vals, '-') || ' ' || seq, E'\\n' ORDER BY seq) FROM plume_sync_log")
        var rows: [String: (row: SyncRow?, sequence: String)] = [:]
        for line in lines.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            let rest = parts[2]
            let valuesText = String(rest[..<rest.lastIndex(of: " ")!]), sequence = String(rest[rest.index(after: rest.lastIndex(of: " ")!)...])
            let values = valuesText == "-" ? nil : try SyncJSONReader.row(valuesText)
            let operation = SyncOperation(code: Int16(parts[1])!)!
            let before = rows[parts[0]]?.row ?? nil
            let after = SyncMerge.apply(operation, values: values, to: before)
            if operation == .update && before == nil { continue }
            rows[parts[0]] = (after, sequence)
        }
        return rows.keys.sorted().map { key in
            "\(key) \(rows[key]!.row.map(SyncJSON.objectText) ?? "tombstone") \(rows[key]!.sequence)"
        }.joined(separator: "\n")
    }
}
