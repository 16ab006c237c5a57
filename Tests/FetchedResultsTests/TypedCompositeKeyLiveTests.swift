import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// A row of a `WITHOUT ROWID` table whose key has two columns, one of them
/// text.
@Table("placement")
struct Placement: Sendable, Equatable {
    @Column(primaryKey: true) var shelf: String
    @Column(primaryKey: true) var slot: Int
    var title: String?
    var rank: Int
}

/// The same table read by a record that declares no key.
@Table("placement")
struct UnkeyedPlacement: Sendable, Equatable {
    var title: String?
    var rank: Int
}

/// A controller over a typed request of a table without a rowid follows
/// it by the table's own key, whatever key the record declares.
@Suite struct TypedCompositeKeyLiveTests {
    static let schema = "CREATE TABLE placement (shelf TEXT NOT NULL, slot INTEGER NOT NULL, title TEXT, rank INTEGER NOT NULL, PRIMARY KEY (shelf, slot)) WITHOUT ROWID"
    static let shelves = ["a", "a,b", "'", "é", "e\u{301}", "x'',1"]

    @Test func aRowIDTableWithACompositeKeyKeepsTheRowID() {
        let request = FetchRequest(Placement.all().order(by: \.rank))
        #expect(request.identityColumn == "rowid")
        #expect(request.sql == #"SELECT "shelf", "slot", "title", "rank", rowid FROM "placement" ORDER BY "rank" ASC, "rowid" ASC"#)
    }

    @Test func withoutRowIDTheTablesKeyIdentifiesTheRows() throws {
        let directory = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
        try queue.writeAndWait { db in try db.execute(sql: Self.schema) }
        let request = try queue.readAndWait { db in try FetchRequest.withoutRowID(Placement.all().order(by: \.rank), db) }
        #expect(request?.identityColumn == "plume_key")
        let identity = sqlLiteralExpression(#""shelf""#) + " || ',' || " + sqlLiteralExpression(#""slot""#)
        #expect(request?.sql == #"SELECT "shelf", "slot", "title", "rank", "# + identity + #" AS "plume_key" FROM "placement" ORDER BY "rank" ASC, "shelf" ASC, "slot" ASC"#)
        try queue.close()
    }

    /// Random inserts, updates (key changes included) and deletes: after
    /// each commit both controllers show what a fresh query shows.
    @Test(arguments: [false, true])
    func followsRandomWrites(pool: Bool) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let writer: any DatabaseWriter = pool ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        try await writer.write { db in try db.execute(sql: Self.schema) }
        let keyed = FetchedResultsController(database: writer, request: Placement.all().order(by: \.rank), validatesSchema: true,
                                             queue: DispatchQueue(label: "keyed"))
        let unkeyed = FetchedResultsController(database: writer, request: UnkeyedPlacement.all().order(by: \.rank),
                                               queue: DispatchQueue(label: "unkeyed"))
        try await keyed.performFetch()
        try await unkeyed.performFetch()
        var generator = SeededGenerator(seed: pool ? 7_101 : 7_100)
        for step in 0..<60 {
            let shelf = Self.shelves.randomElement(using: &generator)!
            let slot = Int.random(in: 0..<4, using: &generator)
            let rank = Int.random(in: 0..<5, using: &generator)
            let sql: String
            let arguments: StatementArguments
            switch Int.random(in: 0..<4, using: &generator) {
            case 0, 1:
                sql = "INSERT OR REPLACE INTO placement VALUES (?, ?, ?, ?)"
                arguments = [shelf, slot, "t\(step)", rank]
            case 2:
                sql = "UPDATE placement SET slot = slot + 1, rank = ? WHERE shelf = ? AND slot = ? AND NOT EXISTS (SELECT 1 FROM placement WHERE shelf = ? AND slot = ? + 1)"
                arguments = [rank, shelf, slot, shelf, slot]
            default:
                sql = "DELETE FROM placement WHERE shelf = ? AND slot = ?"
                arguments = [shelf, slot]
            }
            try await writer.write { db in try db.execute(sql: sql, arguments: arguments) }
            let expected = try await writer.read { db in
                try Placement.fetchAll(db, sql: "SELECT shelf, slot, title, rank FROM placement ORDER BY rank, shelf, slot")
            }
            #expect(try await Self.eventually { try keyed.snapshot.listSections().flatMap(\.items) == expected }, "step \(step)")
            #expect(try await Self.eventually {
                try unkeyed.snapshot.listSections().flatMap(\.items) == expected.map { UnkeyedPlacement(title: $0.title, rank: $0.rank) }
            }, "step \(step)")
        }
        keyed.stopObserving()
        unkeyed.stopObserving()
        try writer.close()
    }

    /// Polls (boundedly) until `condition` holds.
    static func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(2))
        }
        return false
    }
}
