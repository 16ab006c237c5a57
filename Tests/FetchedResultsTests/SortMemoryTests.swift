import Foundation
import Persistence
import Testing
@testable import FetchedResults

/// A controller that holds every item lets SQLite sort its query in memory
/// (``ResultsFetcher/sortMemoryKibibytes``), keeps that cache between
/// refetches while it observes, and gives the connection its cache size
/// back when it stops. (A pool refetches on its readers: its writer's
/// cache is left alone.)
@Suite struct SortMemoryTests {
    /// Enough rows of long names that sorting them overflows SQLite's
    /// default 2 MB of sort memory.
    static let rows = 30_000

    static func fill(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM item")
        let statement = try db.makeStatement(sql: "INSERT INTO item (section, name, score) VALUES ('s', ?, ?)")
        for index in 0..<rows {
            try statement.execute(arguments: [String(repeating: "n", count: 60) + "\((index &* 7919) % rows)", index % 7])
        }
    }

    @Test(arguments: [false, true])
    func sortedRefetchesKeepTheCacheUntilObservationStops(pool: Bool) async throws {
        let request = FetchRequest(sql: "SELECT id, name FROM item ORDER BY name DESC, id")
        try await LiveControllerTests.withLive(request, rows: 0, pool: pool) { writer, _, controller, consumer in
            try await writer.write { db in
                try db.execute(sql: "PRAGMA cache_size = -1000")
                try Self.fill(db)
            }
            #expect(try await LiveControllerTests.converges(consumer, request, writer))
            try await LiveControllerTests.write(["UPDATE item SET name = 'zzz' WHERE id = 17"], writer)
            #expect(try await LiveControllerTests.converges(consumer, request, writer))
            let names = try controller.snapshot.listSections().flatMap(\.items).map { try $0.decode(String.self, at: 1) }
            #expect(names.count == Self.rows)
            #expect(names.first == "zzz")
            #expect(names == names.sorted(by: >))
            // A queue refetches on its one connection; a pool on a reader,
            // leaving the writer's cache as it was.
            let kibibytes = pool ? 1000 : ResultsFetcher<Row>.sortMemoryKibibytes
            #expect(try await writer.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == -kibibytes)
            controller.stopObserving()
            #expect(try await writer.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == -1000)
        }
    }
}
