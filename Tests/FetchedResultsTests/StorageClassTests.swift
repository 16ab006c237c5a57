import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// Values that share their bytes but not their storage class (the text
/// `''` and the blob `X''`, the text `'1'`, the blob `X'31'` and the
/// integer `1`) are different values to the controller: as content, as
/// identities and as section names. Only what SQLite's `=` calls equal
/// across classes (the integer `1` and the real `1.0`) shares an identity
/// or a section; its content still changes, as its text does.
@Suite struct StorageClassTests {
    /// SQL literals, each group's members sharing their bytes.
    static let literals = [
        "NULL", "''", "X''", "0", "0.0", "'0'", "X'30'", "1", "1.0", "'1'", "X'31'",
        "'abc'", "X'616263'", "'a' || char(0) || 'b'", "X'610062'",
    ]

    /// A value with its storage class, compared exactly.
    struct Exact: Hashable, CustomStringConvertible {
        let value: DatabaseValue
        static func == (lhs: Exact, rhs: Exact) -> Bool {
            lhs.value.storageClass == rhs.value.storageClass && lhs.value == rhs.value
                && (!Self.isReal(lhs.value) || Self.bits(lhs.value) == Self.bits(rhs.value))
        }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
        static func isReal(_ value: DatabaseValue) -> Bool { value.storageClass == .real }
        static func bits(_ value: DatabaseValue) -> UInt64? {
            if case .real(let real) = value { return real.bitPattern }
            return nil
        }
        var description: String { "\(value) (\(value.storageClass))" }
    }

    static func shown(_ snapshot: FetchedResultsSnapshot<Row>) throws -> [[Exact]] {
        try snapshot.fetchedObjects.map { $0.values.map(Exact.init) }
    }

    static func sectionNames(_ snapshot: FetchedResultsSnapshot<Row>) -> [Exact] {
        snapshot.sections.map { Exact(value: $0.name) }
    }

    /// Whether SQLite keeps two values apart: different classes, or `IS NOT`.
    static func differ(_ a: String, _ b: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT typeof(\(a)) <> typeof(\(b)) OR (\(a)) IS NOT (\(b))") ?? true
    }

    /// Runs `request` on a table `t(id, v, s)`, applies `update`, and
    /// returns the change set it produced (empty when none), the list
    /// shown after it, and a fresh fetch of the same request.
    static func follow(
        _ request: FetchRequest, setUp: String, update: String
    ) async throws -> (changes: ChangeSet<Row>, shown: FetchedResultsSnapshot<Row>, fresh: FetchedResultsSnapshot<Row>) {
        try await TestDatabase.withTemporary { database in
            let writer = try DatabaseQueue(path: database.path)
            defer { try? writer.close() }
            try await writer.write { db in
                try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v, s)")
                try db.execute(sql: setUp)
            }
            let controller = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "d"))
            try await controller.performFetch()
            defer { controller.stopObserving() }
            var updates = controller.updates.makeAsyncIterator()
            let initial = try #require(try await updates.next()).snapshot
            // A queue's observers run before `write` returns: the update,
            // if any, is computed by then.
            try await writer.write { db in try db.execute(sql: update) }
            var changes = ChangeSet<Row>()
            var shown = initial
            if !controller.hasComputedNothing(since: initial) {
                let update = try #require(try await updates.next())
                changes = update.changes
                shown = update.snapshot
            }
            let fresh = FetchedResultsController<Row>(database: writer, request: request, queue: DispatchQueue(label: "f"))
            try await fresh.performFetch()
            fresh.stopObserving()
            return (changes, shown, fresh.snapshot)
        }
    }

    /// Every pair of values: a row whose column changes from one to the
    /// other is reported updated exactly when SQLite tells them apart (by
    /// class or by `IS NOT`), and then shows the new value in its class.
    @Test func contentChangesWithTheStorageClass() async throws {
        let differences = try Self.differences()
        for old in Self.literals {
            for new in Self.literals where new != old {
                let request = FetchRequest(sql: "SELECT id, v FROM t ORDER BY id")
                let result = try await Self.follow(request, setUp: "INSERT INTO t (id, v) VALUES (1, \(old)), (2, 'other')",
                                                   update: "UPDATE t SET v = \(new) WHERE id = 1")
                let expected = differences[[old, new]]!
                #expect(result.changes.updatedRows.count == (expected ? 1 : 0), "\(old) -> \(new)")
                #expect(try Self.shown(result.shown) == Self.shown(result.fresh), "\(old) -> \(new)")
            }
        }
    }

    /// Identities that share bytes are different rows unless SQLite's `=`
    /// calls them equal; a row whose identity changes class is deleted and
    /// inserted, never reported as the same row.
    @Test func identitiesKeepTheirStorageClass() async throws {
        let differences = try Self.differences()
        for old in Self.literals where old != "NULL" {
            for new in Self.literals where new != old && new != "NULL" {
                let request = FetchRequest(sql: "SELECT v AS key, s FROM t ORDER BY id", identityColumn: "key")
                let result = try await Self.follow(request, setUp: "INSERT INTO t (id, v, s) VALUES (1, \(old), 'x')",
                                                   update: "UPDATE t SET v = \(new) WHERE id = 1")
                let sameIdentity = !differences[[old, new]]! || Self.sqlEqual(old, new)
                #expect(result.changes.deletedRows.count == (sameIdentity ? 0 : 1), "\(old) -> \(new)")
                #expect(result.changes.insertedRows.count == (sameIdentity ? 0 : 1), "\(old) -> \(new)")
                #expect(try Self.shown(result.shown) == Self.shown(result.fresh), "\(old) -> \(new)")
            }
        }
    }

    /// A row moved between sections named by values that share bytes: two
    /// sections (one, where SQLite's `=` holds), each named by its value in
    /// its class, and the row shows its new value.
    @Test func sectionNamesKeepTheirStorageClass() async throws {
        for old in Self.literals {
            for new in Self.literals where new != old {
                let request = FetchRequest(sql: "SELECT id, s FROM t ORDER BY s, id", sectionColumn: "s")
                let result = try await Self.follow(
                    request, setUp: "INSERT INTO t (id, s) VALUES (1, \(old)), (2, \(old))",
                    update: "UPDATE t SET s = \(new) WHERE id = 1")
                #expect(Self.sectionNames(result.shown) == Self.sectionNames(result.fresh), "\(old) -> \(new)")
                #expect(try Self.shown(result.shown) == Self.shown(result.fresh), "\(old) -> \(new)")
            }
        }
    }

    /// Whether SQLite keeps each ordered pair of literals apart.
    static func differences() throws -> [[String]: Bool] {
        let db = try Database(location: .inMemory)
        defer { try? db.close() }
        var result: [[String]: Bool] = [:]
        for a in literals {
            for b in literals { result[[a, b]] = try differ(a, b, db) }
        }
        return result
    }

    /// Whether SQLite's `=` holds between two literals of different classes
    /// (the integer `1` and the real `1.0`).
    static func sqlEqual(_ a: String, _ b: String) -> Bool {
        guard let db = try? Database(location: .inMemory) else { return false }
        defer { try? db.close() }
        return (try? Bool.fetchOne(db, sql: "SELECT (\(a)) = (\(b))")) == true
    }
}
