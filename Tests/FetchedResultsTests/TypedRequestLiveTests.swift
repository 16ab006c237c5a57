import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// The `item` table of the live tests, as a typed record.
@Table("item")
struct TypedItem: Sendable, Equatable {
    @Column(primaryKey: true) var id: Int64
    var section: String?
    var name: String?
    var score: Int?
}

/// The right side of a typed join in the live tests.
@Table("scoreLabel")
struct ScoreLabel: Sendable, Equatable {
    @Column(primaryKey: true) var score: Int
    var label: String
}

/// A controller over a typed request follows commits exactly as one over
/// the string request it compiles to.
@Suite struct TypedRequestLiveTests {
    static let typed = TypedItem.all().where { $0.score < 6 }.order(by: \.name).sectioned(by: \.section)
    static let compiledSQL = #"SELECT "id", "section", "name", "score" FROM "item" WHERE ("score" < ?) ORDER BY "section" ASC, "name" ASC, "id" ASC"#

    @Test func theTypedRequestLowersToTheStringRequest() {
        let request = FetchRequest(Self.typed)
        #expect(request.sql == Self.compiledSQL)
        #expect(request.arguments == [6])
        #expect(request.identityColumn == "id")
        #expect(request.sectionColumn == "section")
    }

    /// The identities by section, from a snapshot.
    static func ids<Item>(_ controller: FetchedResultsController<Item>, _ id: @escaping (Item) -> Int64) throws -> [[Int64]] {
        try controller.snapshot.listSections().map { $0.items.map(id) }
    }

    /// Waits (boundedly) until both controllers show what a fresh fetch of
    /// the string request shows.
    static func converge(_ typed: FetchedResultsController<TypedItem>, _ raw: FetchedResultsController<Row>,
                         _ writer: any DatabaseWriter) async throws -> Bool {
        let fresh = FetchedResultsController<Row>(database: writer, request: raw.request, queue: DispatchQueue(label: "fresh"))
        try await fresh.performFetch()
        defer { fresh.stopObserving() }
        let expected = try ids(fresh) { (try? $0.decode(Int64.self, column: "id")) ?? -1 }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try ids(typed, \.id) == expected, try ids(raw, { (try? $0.decode(Int64.self, column: "id")) ?? -1 }) == expected { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    @Test(arguments: [false, true])
    func followsInsertsUpdatesDeletesAndSchemaChangesLikeTheStringRequest(pool: Bool) async throws {
        try await TestDatabase.withItems(pool: pool, rows: 30) { writer, _ in
            let typed = FetchedResultsController(database: writer, request: Self.typed, validatesSchema: true,
                                                 queue: DispatchQueue(label: "typed"))
            let raw = FetchedResultsController<Row>(database: writer, request: FetchRequest(sql: Self.compiledSQL, arguments: [6],
                                                    sectionColumn: "section"), queue: DispatchQueue(label: "raw"))
            try await typed.performFetch()
            try await raw.performFetch()
            defer { typed.stopObserving(); raw.stopObserving() }
            var writes = RandomWrites(generator: SeededGenerator(seed: pool ? 2_401 : 2_400))
            for step in 0..<40 {
                if step == 20 {
                    // A schema change: both refetch, and go on.
                    try await LiveControllerTests.write(["ALTER TABLE item ADD COLUMN extra TEXT"], writer)
                } else {
                    try await LiveControllerTests.write(writes.transaction(), writer)
                }
                #expect(try await Self.converge(typed, raw, writer), "step \(step)")
            }
            // Typed records written through the controller's database.
            try await writer.write { db in
                try TypedItem(id: 500, section: "s1", name: "typed", score: 1).insert(db)
                if var changed = try TypedItem.all().where({ $0.score != nil }).order(by: \.id).fetchOne(db) {
                    changed.score = 5 - (changed.score ?? 0)
                    try changed.update(db)
                }
            }
            #expect(try await Self.converge(typed, raw, writer))
            let statistics = try #require(typed.engineStatistics)
            #expect(statistics.incrementalUpdates > 10, "\(statistics)")
        }
    }

    @Test func aSchemaMismatchFailsTheFetchWhenAsked() async throws {
        try await TestDatabase.withItems(rows: 3) { writer, _ in
            try await writer.write { db in try db.execute(sql: "ALTER TABLE item DROP COLUMN score") }
            let checked = FetchedResultsController(database: writer, request: TypedItem.all(), validatesSchema: true,
                                                   queue: DispatchQueue(label: "checked"))
            await #expect(throws: TableSchemaError.self) { try await checked.performFetch() }
            let unchecked = FetchedResultsController(database: writer, request: TypedItem.all(), queue: DispatchQueue(label: "unchecked"))
            await #expect(throws: DatabaseError.self) { try await unchecked.performFetch() }
        }
    }

    @Test func aValueObservationOfATypedRequest() async throws {
        try await TestDatabase.withItems(rows: 5) { writer, _ in
            let request = TypedItem.all().where { $0.score >= 3 }.order(by: \.score.descending)
            var values = writer.observe { db in try request.fetchAll(db).map(\.id) }.makeAsyncIterator()
            #expect(try await values.next() == [5, 4])
            try await writer.write { db in try TypedItem(id: 99, section: nil, name: "x", score: 9).insert(db) }
            #expect(try await values.next() == [99, 5, 4])
        }
    }

    /// Orders the SQL says NULLS FIRST or LAST in: the controller follows
    /// commits to what a fresh fetch of the typed request returns.
    @Test func followsRequestsOrderedWithNullsFirstOrLast() async throws {
        try await TestDatabase.withItems(pool: false, rows: 30) { writer, _ in
            let request = TypedItem.all().order { [$0.name.ascending.nullsLast, $0.score.descending.nullsFirst] }.offset(0)
            let unpaged = TypedItem.all().order { [$0.name.ascending.nullsLast, $0.score.descending.nullsFirst] }
            let controller = FetchedResultsController(database: writer, request: unpaged, queue: DispatchQueue(label: "nulls"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            var writes = RandomWrites(generator: SeededGenerator(seed: 3_601))
            for step in 0..<25 {
                try await LiveControllerTests.write(writes.transaction(), writer)
                let compiled = FetchRequest(request)
                let expected = try await writer.read { db in try Int64.fetchAll(db, sql: compiled.sql, arguments: compiled.arguments) }
                let deadline = Date().addingTimeInterval(30)
                var shown: [Int64] = []
                while Date() < deadline {
                    shown = try Self.ids(controller, \.id).flatMap { $0 }
                    if shown == expected { break }
                    try await Task.sleep(for: .milliseconds(5))
                }
                #expect(shown == expected, "step \(step)")
            }
        }
    }

    /// A typed join is a controller request: its pairs follow commits to
    /// either table (by refetching).
    @Test func followsATypedJoin() async throws {
        try await TestDatabase.withItems(pool: false, rows: 30) { writer, _ in
            try await writer.write { db in
                try db.execute(sql: "CREATE TABLE scoreLabel (score INTEGER PRIMARY KEY, label TEXT NOT NULL)")
                for score in 0..<8 { try ScoreLabel(score: score, label: "s\(score)").insert(db) }
            }
            let join = TypedItem.all().order { [$0.name.ascending.nullsFirst] }.join(ScoreLabel.self) { $0.score == $1.score }
            let controller = FetchedResultsController(database: writer, request: join, queue: DispatchQueue(label: "join"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            #expect(try controller.snapshot.listSections().flatMap(\.items).count > 5)
            var writes = RandomWrites(generator: SeededGenerator(seed: 3_602))
            var generator = SeededGenerator(seed: 3_603)
            for step in 0..<20 {
                if step % 4 == 3 {
                    let score = Int.random(in: 0..<8, using: &generator)
                    try await writer.write { db in try ScoreLabel(score: score, label: "step \(step)").update(db) }
                } else {
                    try await LiveControllerTests.write(writes.transaction(), writer)
                }
                let compiled = FetchRequest(join)
                let expected = try await writer.read { db in try TablePair<TypedItem, ScoreLabel>.fetchAll(db, sql: compiled.sql, arguments: compiled.arguments) }
                let deadline = Date().addingTimeInterval(30)
                var shown: [TablePair<TypedItem, ScoreLabel>] = []
                while Date() < deadline {
                    shown = try controller.snapshot.listSections().flatMap(\.items)
                    if shown == expected { break }
                    try await Task.sleep(for: .milliseconds(5))
                }
                #expect(shown == expected, "step \(step)")
            }
        }
    }
}
