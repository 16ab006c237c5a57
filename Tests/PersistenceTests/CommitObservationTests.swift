import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// `observeCommits(_:)` hears of every commit — the writer's, another
/// connection's, another process's — once, and costs nothing per row: no
/// update hook while only commit observers listen, no history read for
/// other connections' commits; the history is pruned all the same, and
/// change observers beside it receive exactly what they did without it.
@Suite(.timeLimit(.minutes(2)))
struct CommitObservationTests {
    enum WriterKind: String, CaseIterable { case queue, pool, undoStack }

    /// A writer of `kind` on `path`, with the `photo` table (recorded in
    /// the change history, which an undo stack needs).
    static func makeWriter(_ kind: WriterKind, _ path: String) async throws -> any DatabaseWriter {
        let writer: any DatabaseWriter = kind == .pool ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        try await writer.write { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"], values: true)
        }
        return kind == .undoStack ? try DatabaseUndoStack(writer: writer) : writer
    }

    @Test(arguments: WriterKind.allCases)
    func eachCommitOfTheWriterIsObservedOnceAndRollbacksAreNot(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try await Self.makeWriter(kind, directory.path("db.sqlite"))
        let commits = Signal<Int>()
        let observation = writer.observeCommits { db in
            // One read transaction: the snapshot the commit left.
            #expect(db.isInsideTransaction)
            commits.send((try? Int.fetchOne(db, sql: "SELECT count(*) FROM photo")) ?? -1)
        }
        await #expect(throws: Rollback.self) {
            try await writer.write { db in
                try db.execute(sql: "INSERT INTO photo (name) VALUES ('Rolled back')")
                throw Rollback()
            }
        }
        #expect(commits.drain() == [], "a rolled-back transaction commits nothing")
        try await writer.write { db in
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('Four')")
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('Five')")
            try db.execute(sql: "UPDATE photo SET rating = 1 WHERE id = 2")
            try db.execute(sql: "DELETE FROM photo WHERE id = 1")
        }
        #expect(commits.drain() == [4], "one write, one commit, one call")
        try await writer.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('Six')") }
        #expect(commits.drain() == [5])
        try await writer.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('Seven')")
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('Eight')")
        }
        #expect(commits.drain() == [6, 7], "two statements in autocommit mode are two commits")
        observation.cancel()
        try await writer.write { db in try db.execute(sql: "DELETE FROM photo") }
        #expect(commits.drain() == [], "nothing after cancel")
        try writer.close()
    }

    /// Another connection that commits to the observed file.
    enum OtherWriter: String, CaseIterable { case sqliteShell, connection, queue, pool }

    static func insertRow(named name: String, into path: String, by other: OtherWriter) async throws {
        let sql = "INSERT INTO photo (name) VALUES ('\(name)')"
        switch other {
        case .sqliteShell: try ExternalCommitDetectionTests.insertRow(named: name, into: path, by: .sqliteShell)
        case .connection: try ExternalCommitDetectionTests.insertRow(named: name, into: path, by: .secondConnection)
        case .queue, .pool:
            let writer: any DatabaseWriter = other == .queue ? try DatabaseQueue(path: path) : try DatabasePool(path: path)
            try await writer.write { db in try db.execute(sql: sql) }
            try writer.close()
        }
    }

    @Test(arguments: OtherWriter.allCases, [false, true])
    func commitsOfOtherConnectionsAndProcessesAreObserved(other: OtherWriter, pool: Bool) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let writer = try await Self.makeWriter(pool ? .pool : .queue, path)
        let counts = Signal<Int>()
        let observation = writer.observeCommits { db in
            counts.send((try? Int.fetchOne(db, sql: "SELECT count(*) FROM photo")) ?? -1)
        }
        try await Self.insertRow(named: "Elsewhere", into: path, by: other)
        #expect(await counts.next(seconds: 20) == 4)
        try await Self.insertRow(named: "Elsewhere again", into: path, by: other)
        #expect(await counts.next(seconds: 20) == 5)
        // Skipped unread, the history's rows are still followed: pruning
        // may remove everything before the newest.
        let (floor, newest) = try writer.writeWithoutTransactionAndWait { db in
            (db.changeHistoryFloor, try Int64.fetchOne(db, sql: "SELECT max(seq) FROM plume_history"))
        }
        #expect(floor != nil && floor == newest)
        observation.cancel()
        try writer.close()
    }

    @Test func theUpdateHookWaitsForAChangeObserver() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"])
        }
        let commits = Signal<Void>()
        let observation = queue.observeCommits { _ in commits.send(()) }
        #expect(!queue.observationCenter.needsRowChanges, "a commit observer needs no rows")
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('Unseen')")
            try db.execute(sql: "UPDATE photo SET rating = 7 WHERE id = 2")
        }
        #expect(commits.drain().count == 1)
        try runSQLiteShell(path, "BEGIN; INSERT INTO photo (name) VALUES ('Skipped'); UPDATE photo SET rating = 8 WHERE id = 1; COMMIT")
        #expect(await commits.next(seconds: 20) != nil)
        try queue.writeWithoutTransactionAndWait { _ in }
        #expect(commits.drain().isEmpty)

        // A change observer added now hears of later commits row by row,
        // and only of them: the rows skipped before are not delivered.
        let changes = Signal<DatabaseChanges>()
        let rows = queue.observeChanges { _, delivered in changes.send(delivered) }
        #expect(queue.observationCenter.needsRowChanges)
        var before = try await queue.read { db in try photoDump(db) }
        try runSQLiteShell(path, "BEGIN; INSERT INTO photo (name) VALUES ('External'); DELETE FROM photo WHERE id = 2; COMMIT")
        let external = try #require(await changes.next(seconds: 20))
        try queue.writeWithoutTransactionAndWait { _ in }
        var after = try await queue.read { db in try photoDump(db) }
        #expect(external.origin == .external)
        #expect(external.tables["photo"] == (try Self.difference(before, after)))
        #expect(commits.drain().count == 1, "both kinds hear of the commit")
        before = after
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('Local')")
            try db.execute(sql: "UPDATE photo SET rating = 0 WHERE id = 3")
            try db.execute(sql: "DELETE FROM photo WHERE id = 4")
        }
        after = try await queue.read { db in try photoDump(db) }
        #expect(changes.drain().map { $0.tables["photo"] } == [try Self.difference(before, after)])
        #expect(commits.drain().count == 1)

        rows.cancel()
        #expect(!queue.observationCenter.needsRowChanges, "the last change observer takes the hook away")
        try await queue.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES ('After')") }
        #expect(commits.drain().count == 1, "commit observers stay")
        // A plain transaction observer still needs rows, as it always did.
        let token = try queue.writeWithoutTransactionAndWait { db in db.addTransactionObserver(didCommit: { _, _ in }) }
        #expect(queue.observationCenter.needsRowChanges)
        try queue.writeWithoutTransactionAndWait { db in db.removeTransactionObserver(token) }
        #expect(!queue.observationCenter.needsRowChanges)
        observation.cancel()
        try queue.close()
    }

    /// A change observer receives exactly the rows each commit changed —
    /// the writer's and a second connection's — while a commit observer
    /// comes and goes at random, and the rows it refetches from them keep
    /// its copy equal to the table. The commit observer is called once per
    /// commit while registered.
    @Test(arguments: [false, true], [false, true])
    func changeObserversReceiveTheSameRowsBesideCommitObservers(pool: Bool, history: Bool) async throws {
        var generator = SeededGenerator(seed: 0x0b5e_c033 + (pool ? 1 : 0) + (history ? 2 : 0))
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let writer: any DatabaseWriter = pool ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        try await writer.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
            if history { try db.enableChangeHistory(for: ["item"]) }
        }
        let other = try DatabaseQueue(path: path)
        let deliveries = Signal<(changes: DatabaseChanges, rows: [Int64: Int])>()
        let rowObservation = writer.observeChanges { db, changes in
            // Not the history's upkeep (its clock marks).
            guard changes.mayAffect(DatabaseRegion(tables: ["item"])) else { return }
            // The rows the changes name (all of them when they cannot
            // tell), refetched in the delivery's snapshot.
            let tracked = changes.isFullyTracked(in: DatabaseRegion(tables: ["item"]))
            let ids = Array(changes.tables["item"].map { $0.inserted.union($0.updated) } ?? [])
            let sql = tracked
                ? "SELECT id, value FROM item WHERE id IN (\(ids.map(String.init).joined(separator: ",")))"
                : "SELECT id, value FROM item"
            deliveries.send((changes, (try? Self.items(db, sql: sql)) ?? [:]))
        }
        let commits = Signal<Void>()
        var commitObservation: AnyDatabaseCancellable?
        var copy: [Int64: Int] = [:]
        for step in 0..<120 {
            if Int.random(in: 0..<4, using: &generator) == 0 {
                if let observation = commitObservation {
                    observation.cancel()
                    commitObservation = nil
                } else {
                    commitObservation = writer.observeCommits { _ in commits.send(()) }
                }
            }
            let before = try await writer.read { db in try Self.items(db) }
            let sql = Self.randomWrite(before, &generator)
            let external = Bool.random(using: &generator)
            let committer: any DatabaseWriter = external ? other : writer
            try await committer.write { db in try db.execute(sql: sql) }
            let delivery = try #require(await deliveries.next(seconds: 20), "step \(step): \(sql)")
            // The delivery is over once the writer's queue runs again.
            try writer.writeWithoutTransactionAndWait { _ in }
            let after = try await writer.read { db in try Self.items(db) }
            let expected = Self.difference(before, after)
            #expect(delivery.changes.origin == (external ? .external : .local), "step \(step)")
            if external, !history {
                #expect(!delivery.changes.isFullyTracked(in: DatabaseRegion(tables: ["item"])), "step \(step)")
                copy = delivery.rows
            } else {
                #expect(delivery.changes.tables["item"] ?? TableChanges() == expected, "step \(step): \(sql)")
                for id in delivery.changes.tables["item"]?.deleted ?? [] { copy[id] = nil }
                copy.merge(delivery.rows) { $1 }
            }
            #expect(copy == after, "step \(step): \(sql)")
            #expect(deliveries.drain().isEmpty, "step \(step): one commit, one delivery")
            #expect(commits.drain().count == (commitObservation == nil ? 0 : 1), "step \(step)")
        }
        commitObservation?.cancel()
        rowObservation.cancel()
        try other.close()
        try writer.close()
    }

    @Test(arguments: [false, true])
    func theHistoryIsPrunedWithOnlyACommitObserver(external: Bool) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var configuration = Database.Configuration()
        configuration.changeHistoryRetention = ChangeHistoryRetention(maximumAge: nil, maximumCount: 16)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try await queue.write { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"])
        }
        let counts = Signal<Int>()
        let observation = queue.observeCommits { db in
            counts.send((try? Int.fetchOne(db, sql: "SELECT count(*) FROM photo")) ?? -1)
        }
        // Another process's commits (an app beside a sync agent), or the
        // writer's own.
        let other = try DatabaseQueue(path: path)
        for index in 0..<200 {
            try await (external ? other : queue).write { db in
                try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["p\(index)"])
            }
        }
        var seen = 0
        while seen != 203, let count = await counts.next(seconds: 20) { seen = count }
        #expect(seen == 203)
        // The pruning scheduled after the last call has run after this.
        try queue.writeWithoutTransactionAndWait { _ in }
        let kept = try await queue.read { db in try db.changeHistory(since: nil).entries.count }
        #expect(kept <= 16 + 16 / 8 + 1, "\(kept) changes kept")
        #expect(!queue.observationCenter.needsRowChanges)
        observation.cancel()
        try other.close()
        try queue.close()
    }

    @Test func cancellingTheLastCommitObserverStopsDetection() async throws {
        let directory = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
        try await queue.write { db in try makePhotoTable(db) }
        #expect(queue.observationCenter.detectionMode == nil)
        let calls = Signal<Void>()
        let first = queue.observeCommits { _ in calls.send(()) }
        let second = queue.observeCommits { _ in calls.send(()) }
        #expect(queue.observationCenter.detectionMode == .fileEvents)
        first.cancel()
        #expect(queue.observationCenter.detectionMode == .fileEvents, "one observer is left")
        try await queue.write { db in try db.execute(sql: "DELETE FROM photo WHERE id = 1") }
        #expect(calls.drain().count == 1)
        second.cancel()
        #expect(queue.observationCenter.detectionMode == nil, "the watcher goes with the last observer")
        try await queue.write { db in try db.execute(sql: "DELETE FROM photo WHERE id = 2") }
        #expect(calls.drain().isEmpty)
        try queue.writeWithoutTransactionAndWait { db in
            #expect(!db.changeTracker.hasObservers)
        }
        try queue.close()
    }

    /// A file moved over the database's path: commit observers are called
    /// once more, with the replacement on the connection, and other
    /// connections' commits are no longer looked for.
    @Test func aReplacedFileIsTheLastExternalCall() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var configuration = Database.Configuration()
        configuration.fileReplacementCheckInterval = .milliseconds(200)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try await queue.write { db in try makePhotoTable(db) }
        let replacements = Signal<DatabaseFileReplacedError?>()
        let observation = queue.observeCommits { db in replacements.send(db.fileReplacement) }
        let replacement = directory.path("new.sqlite")
        try withDatabase(.file(replacement)) { db in try makePhotoTable(db) }
        #expect(rename(replacement, path) == 0)
        let error = try #require(await replacements.next(seconds: 20) ?? nil)
        #expect(error.code == .replaced)
        #expect(error.path.hasSuffix("db.sqlite"))
        #expect(queue.observationCenter.detectionMode == nil)
        observation.cancel()
        try queue.close()
    }

    // MARK: - Helpers

    /// The values of `item` rows by id: every row, or those `sql` selects.
    static func items(_ db: Database, sql: String = "SELECT id, value FROM item") throws -> [Int64: Int] {
        Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: sql).map {
            (try $0.decode(Int64.self, column: "id"), try $0.decode(Int.self, column: "value"))
        })
    }

    /// One transaction of one to three changes to distinct rows of `item`:
    /// inserts, updates that change the value, deletes.
    static func randomWrite(_ rows: [Int64: Int], _ generator: inout SeededGenerator) -> String {
        var untouched = rows.keys.sorted()
        var statements: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let value = Int.random(in: 0..<1_000, using: &generator)
            switch untouched.isEmpty ? 0 : Int.random(in: 0..<3, using: &generator) {
            case 0:
                statements.append("INSERT INTO item (value) VALUES (\(value))")
            case 1:
                let id = untouched.remove(at: Int.random(in: 0..<untouched.count, using: &generator))
                statements.append("UPDATE item SET value = value + 1 + \(value) WHERE id = \(id)")
            default:
                let id = untouched.remove(at: Int.random(in: 0..<untouched.count, using: &generator))
                statements.append("DELETE FROM item WHERE id = \(id)")
            }
        }
        return statements.joined(separator: "; ")
    }

    /// The rowids a commit inserted, updated and deleted, from the rows
    /// before and after it (keyed by rowid).
    static func difference<Value: Equatable>(_ before: [Int64: Value], _ after: [Int64: Value]) -> TableChanges {
        TableChanges(
            inserted: Set(after.keys).subtracting(before.keys),
            updated: Set(after.keys.filter { id in before[id].map { $0 != after[id] } ?? false }),
            deleted: Set(before.keys).subtracting(after.keys))
    }

    /// The same, for rows of `photo` listed by ``photoDump(_:)``.
    static func difference(_ before: [Row], _ after: [Row]) throws -> TableChanges {
        let keyed = { (rows: [Row]) in
            Dictionary(uniqueKeysWithValues: try rows.map { (try $0.decode(Int64.self, column: "id"), $0) })
        }
        return difference(try keyed(before), try keyed(after))
    }
}

extension Signal {
    /// The values sent so far and not yet taken, without waiting.
    func drain() -> [Value] {
        var values: [Value] = []
        while let value = wait(seconds: 0) { values.append(value) }
        return values
    }
}
