import Foundation
import PlumeSyncProtocol
import PlumeTestSupport
import Testing

/// The log is written with `COPY` in text format, where a backslash, tab,
/// newline or carriage return in a field must be escaped: random client
/// identifiers, keys and values full of them come back from the log
/// exactly as they were pushed.
@Suite struct SyncLogTextTests {
    private static let alphabet: [String] = ["\\", "\t", "\n", "\r", "\"", "N", "a", " ", "é", "e\u{301}", "😀", "\u{1}", "\u{7F}", "\\N", "."]

    private static func text(_ random: inout SeededGenerator, length: ClosedRange<Int>) -> String {
        (0..<Int.random(in: length, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }

    @Test(arguments: [7, 8] as [UInt64])
    func fieldsWithCopysSpecialCharactersComeBackAsPushed(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        try await withSyncServer { _, _, server in
            var pushed: [(client: String, change: SyncChange)] = []
            for _ in 0..<4 {
                let client = Self.text(&random, length: 1...12)
                let connect = try await request("POST", server.url.appendingPathComponent("v1/connect"), token: TestTokens.full,
                                                body: try JSONEncoder().encode(SyncConnectRequest(client: client, tables: [
                                                    SyncTableSchema(name: "note", columns: [.init(name: "id", affinity: "TEXT", primaryKey: 1),
                                                                                            .init(name: "title", affinity: "TEXT", primaryKey: 0)]),
                                                ])))
                #expect(connect.status == 200, "\(connect.body)")
                let changes = (1...Int64.random(in: 1...30, using: &random)).map { sequence in
                    let id = SyncValue.text(Self.text(&random, length: 0...8))
                    let title: SyncValue = Bool.random(using: &random) ? .text(Self.text(&random, length: 0...20)) : .null
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: return SyncChange(clientSequence: sequence, table: "note", operation: .insert, key: [id], values: ["id": id, "title": title])
                    case 1: return SyncChange(clientSequence: sequence, table: "note", operation: .update, key: [id], values: ["title": title])
                    default: return SyncChange(clientSequence: sequence, table: "note", operation: .delete, key: [id], values: nil)
                    }
                }
                let answer = try await request("POST", server.url.appendingPathComponent("v1/push"), token: TestTokens.full,
                                               body: try JSONEncoder().encode(SyncPushRequest(client: client, changes: changes)))
                #expect(answer.status == 200, "\(answer.body)")
                pushed += changes.map { (client, $0) }
            }
            let page = try await request("GET", URL(string: "\(server.url.absoluteString)/v1/changes?after=0&limit=5000")!, token: TestTokens.full, body: nil)
            let logged = try JSONDecoder().decode(SyncChangesResponse.self, from: Data(page.body.utf8)).changes
            #expect(logged.count == pushed.count)
            for (logged, pushed) in zip(logged, pushed) {
                #expect(logged.client == pushed.client && logged.clientSequence == pushed.change.clientSequence
                        && logged.operation == pushed.change.operation && logged.key == pushed.change.key && logged.values == pushed.change.values,
                        "seed \(seed): \(logged) was pushed as \(pushed)")
            }
        }
    }
}
