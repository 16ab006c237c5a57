import Foundation
import Testing
@testable import Persistence

/// Other connections' commits to tables with a change history reach
/// observers row by row; when the history cannot be trusted they arrive
/// without rowids (observers refetch), with the reason.
@Suite struct ChangeHistoryObservationTests {
    /// A queue on a file with `photo` recorded, observed; `body` gets the
    /// path and the external changes as they arrive.
    static func withObservedHistory(
        mode: Database.JournalMode = .wal, pool: Bool = false,
        _ body: (any DatabaseWriter, String, Signal<DatabaseChanges>) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var configuration = Database.Configuration()
        configuration.journalMode = mode
        let queue: any DatabaseWriter = pool
            ? try DatabasePool(path: path, configuration: configuration)
            : try DatabaseQueue(path: path, configuration: configuration)
        try await queue.write { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"])
        }
        let received = Signal<DatabaseChanges>()
        let observation = queue.observeChanges { _, changes in
            if changes.origin == .external { received.send(changes) }
        }
        do {
            try await body(queue, path, received)
        } catch {
            observation.cancel()
            try? queue.close()
            throw error
        }
        observation.cancel()
        try queue.close()
    }

    @Test(arguments: [(Database.JournalMode.wal, false), (.delete, false), (.wal, true)])
    func shellCommitsArriveWithTheirRowIDs(mode: Database.JournalMode, pool: Bool) async throws {
        try await Self.withObservedHistory(mode: mode, pool: pool) { queue, path, received in
            try await queue.write { db in try db.execute(sql: "UPDATE photo SET rating = 2 WHERE id = 2") }
            try runSQLiteShell(path, "BEGIN; INSERT INTO photo (name) VALUES ('Shell'); DELETE FROM photo WHERE id = 1; UPDATE photo SET rating = 9 WHERE id = 3; COMMIT")
            let changes = try #require(await received.next(seconds: 20))
            #expect(changes.historyTables == ["photo"])
            #expect(changes.tables["photo"] == TableChanges(inserted: [4], updated: [3], deleted: [1]),
                    "the local update of row 2 is not delivered again")
            #expect(changes.isFullyTracked(in: DatabaseRegion(tables: ["photo"])))
            #expect(!changes.isFullyTracked(in: DatabaseRegion(tables: ["photo", "album"])), "album has no history")
            #expect(changes.mayAffect(DatabaseRegion(tables: ["album"])))
            #expect(changes.historyProblem == nil)
        }
    }

    @Test func anObservedWriterKeepsTheHistoryWithinItsRetention() async throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.changeHistoryRetention = ChangeHistoryRetention(maximumAge: nil, maximumCount: 16)
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"), configuration: configuration)
        try await queue.write { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"])
        }
        let observation = queue.observeChanges { _, _ in }
        for index in 0..<200 {
            try await queue.write { db in try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["p\(index)"]) }
        }
        let kept = try await queue.read { db in try db.changeHistory(since: nil).entries.count }
        #expect(kept <= 16 + 16 / 8 + 1, "\(kept) changes kept")
        observation.cancel()
        try queue.close()
    }

    @Test func droppedTriggersAndDisabledHistoriesFallBackWithTheReason() async throws {
        try await Self.withObservedHistory { _, path, received in
            try runSQLiteShell(path, "DROP TRIGGER plume_history_insert_photo")
            #expect(await received.next(seconds: 20)?.schemaChanged == true)
            try runSQLiteShell(path, "INSERT INTO photo (name) VALUES ('Unrecorded')")
            let afterDrop = try #require(await received.next(seconds: 20))
            #expect(afterDrop.historyProblem?.code == .triggersMissing)
            #expect(afterDrop.historyTables?.contains("photo") != true && afterDrop.mayAffect(DatabaseRegion(tables: ["photo"])))
            try withDatabase(.file(path)) { db in try db.disableChangeHistory() }
            #expect(await received.next(seconds: 20)?.schemaChanged == true)
            try runSQLiteShell(path, "INSERT INTO photo (name) VALUES ('No history')")
            let disabled = try #require(await received.next(seconds: 20))
            #expect(disabled.historyTables == nil && !disabled.isFullyTracked(in: DatabaseRegion(tables: ["photo"])))
        }
    }

    @Test func aHistoryPrunedPastTheObserverFallsBackThenRecovers() async throws {
        try await Self.withObservedHistory { _, path, received in
            // Another connection's pruning does not know what this observer needs.
            try runSQLiteShell(path, "INSERT INTO photo (name) VALUES ('c')")
            try withDatabase(.file(path)) { db in
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "INSERT INTO photo (name) VALUES ('d')")
                    try db.pruneChangeHistory(ChangeHistoryRetention(maximumAge: nil, maximumCount: 1))
                }
            }
            var problem: ChangeHistoryError?
            while problem == nil, let changes = await received.next(seconds: 20) {
                problem = changes.historyProblem
                if problem == nil { #expect(changes.historyTables == ["photo"]) }
            }
            #expect(problem?.code == .tokenPruned)
            try runSQLiteShell(path, "INSERT INTO photo (name) VALUES ('e')")
            let recovered = try #require(await received.next(seconds: 20))
            #expect(recovered.historyProblem == nil)
            #expect(recovered.tables["photo"]?.inserted.count == 1)
        }
    }
}
