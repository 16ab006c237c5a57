import Foundation
import GRDB

/// GRDB's side of `memory.1m`: the whole result fetched into an array, as
/// a `ValueObservation` holds it.
enum GRDBMemory {
    struct Item: FetchableRecord {
        var id: Int64
        var name: String
        var caption: String
        init(row: GRDB.Row) throws {
            id = row[0]
            name = row[1]
            caption = row[2]
        }
    }

    nonisolated(unsafe) static var held: [Item] = []

    static func holdAll(path: String) throws -> Int {
        let dbQueue = try DatabaseQueue(path: path)
        held = try dbQueue.read { db in try Item.fetchAll(db, sql: "SELECT id, name, caption FROM item ORDER BY name, id") }
        var generator = SystemRandomNumberGenerator()
        var checksum = 0
        for _ in 0..<200_000 { checksum &+= held[Int.random(in: 0..<held.count, using: &generator)].caption.utf8.count }
        precondition(checksum > 0)
        return held.count
    }
}
