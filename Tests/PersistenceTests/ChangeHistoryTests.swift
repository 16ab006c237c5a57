import Foundation
import Testing
@testable import Persistence

/// The persistent change history: what the triggers record, tokens,
/// pruning, disabling, and the errors for a history that cannot be trusted.
@Suite struct ChangeHistoryTests {
    /// A file database with `photo` (rowid) and `tag` (WITHOUT ROWID), the
    /// history enabled on both.
    static func withHistory<T>(_ body: (Database, String) throws -> T) throws -> T {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        return try withDatabase(.file(path)) { db in
            try makePhotoTable(db)
            try db.execute(sql: "CREATE TABLE tag (photo INTEGER, name TEXT, PRIMARY KEY (photo, name)) WITHOUT ROWID")
            try db.enableChangeHistory(for: ["photo", "Tag"])
            return try body(db, path)
        }
    }

    @Test func recordsEveryWriterWithKeysAndOperations() throws {
        try Self.withHistory { db, path in
            let start = try db.currentChangeHistoryToken()
            #expect(try db.changeHistoryTables() == ["photo", "tag"])
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('Four'); UPDATE photo SET rating = 1 WHERE id = 2")
            try runSQLiteShell(path, "DELETE FROM photo WHERE id = 1; UPDATE photo SET id = 10 WHERE id = 3; INSERT INTO tag VALUES (2, 'it''s');")
            let history = try db.changeHistory(since: start)
            let summary = history.entries.map { "\($0.table) \($0.operation) \($0.key)" }
            #expect(summary == ["photo insert 4", "photo update 2", "photo delete 1", "photo delete 3", "photo insert 10",
                                "tag insert '2,''it''''s'''"])
            #expect(history.token == history.entries.last?.token)
            #expect(try db.changeHistory(since: history.token).entries.isEmpty)
            #expect(history.entries.allSatisfy { abs($0.date.timeIntervalSinceNow) < 600 })
        }
    }

    @Test func rowsDeletedByReplaceOnAUniqueColumnAreRecordedAsConflicts() throws {
        try Self.withHistory { db, path in
            try db.execute(sql: "CREATE UNIQUE INDEX tag_name ON tag (name COLLATE NOCASE)")
            try db.enableChangeHistory(for: ["tag"])
            try db.execute(sql: "INSERT INTO tag VALUES (1, 'sea')")
            let start = try db.currentChangeHistoryToken()
            try runSQLiteShell(path, """
                INSERT OR REPLACE INTO photo (name) VALUES ('Dog');
                INSERT OR IGNORE INTO photo (name) VALUES ('Sunset');
                INSERT OR REPLACE INTO tag VALUES (2, 'SEA');
                """)
            let summary = try db.changeHistory(since: start).entries.map { "\($0.table) \($0.operation) \($0.key)" }
            #expect(summary == ["photo conflict 2", "photo insert 4", "photo conflict 1", "tag conflict '1,''sea'''", "tag insert '2,''SEA'''"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo WHERE id = 2") == 0, "REPLACE deleted the row")
        }
    }

    @Test func tokensRoundTripAndForeignTokensAreRefused() throws {
        try Self.withHistory { db, _ in
            let token = try db.currentChangeHistoryToken()
            #expect(ChangeHistoryToken(token.description) == token)
            #expect(ChangeHistoryToken("no-colon") == nil)
            let foreign = ChangeHistoryToken(databaseID: "another", sequence: token.sequence)
            let error1 = caught(ChangeHistoryError.self) { _ = try db.changeHistory(since: foreign) }
            #expect(error1?.code == .tokenFromAnotherDatabase)
            let future = ChangeHistoryToken(databaseID: token.databaseID, sequence: token.sequence + 5)
            let error2 = caught(ChangeHistoryError.self) { _ = try db.changeHistory(since: future) }
            #expect(error2?.code == .tokenFromAnotherDatabase)
        }
    }

    @Test func pruningKeepsTheTokenAndRefusesOlderOnes() throws {
        try Self.withHistory { db, _ in
            let start = try db.currentChangeHistoryToken()
            for index in 0..<10 { try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["p\(index)"]) }
            let middle = try db.changeHistory(since: start).entries[4].token
            #expect(try db.deleteChangeHistory(before: middle) == 5)
            let error3 = caught(ChangeHistoryError.self) { _ = try db.changeHistory(since: start) }
            #expect(error3?.code == .tokenPruned)
            #expect(try db.changeHistory(since: middle).entries.count == 5)
            #expect(try db.pruneChangeHistory(ChangeHistoryRetention(maximumAge: nil, maximumCount: 3)) == 3)
            #expect(try db.changeHistory(since: nil).entries.count == 3)
            #expect(try db.pruneChangeHistory(ChangeHistoryRetention(maximumAge: .zero, maximumCount: nil)) == 2,
                    "the newest change is always kept")
            db.changeHistoryFloor = nil
        }
    }

    @Test func pruningNeverPassesWhatAnObserverNeeds() throws {
        try Self.withHistory { db, _ in
            let start = try db.currentChangeHistoryToken()
            for index in 0..<10 { try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["p\(index)"]) }
            db.changeHistoryFloor = start.sequence
            #expect(try db.pruneChangeHistory(ChangeHistoryRetention(maximumAge: nil, maximumCount: 1)) == 0)
            #expect(try db.changeHistory(since: start).entries.count == 10)
        }
    }

    @Test func historyRowsCannotBeEditedAndDroppedTriggersAreDetected() throws {
        try Self.withHistory { db, path in
            let start = try db.currentChangeHistoryToken()
            for index in 0..<3 { try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["p\(index)"]) }
            // The guards refuse edits: deleting the newest rows inside the
            // writing transaction would leave no gap to notice.
            #expect(try runSQLiteShell(path, "BEGIN; INSERT INTO photo (name) VALUES ('p3'); DELETE FROM plume_history WHERE seq > \(start.sequence + 3); COMMIT;", allowFailure: true).contains("deleted only by pruning"))
            #expect(try runSQLiteShell(path, "UPDATE plume_history SET op = 9", allowFailure: true).contains("cannot be edited"))
            #expect(try db.changeHistory(since: start).entries.map(\.operation) == [.insert, .insert, .insert])
            // A gap left by a guard dropped on purpose is still noticed.
            try runSQLiteShell(path, "DROP TRIGGER plume_history_guard_delete; DELETE FROM plume_history WHERE seq = \(start.sequence + 2)")
            let gap = caught(ChangeHistoryError.self) { _ = try db.changeHistory(since: start) }
            #expect(gap?.code == .triggersMissing)
            #expect(gap?.message.contains("plume_history_guard_delete") == true)
            try db.enableChangeHistory(for: ["photo"])
            let damaged = caught(ChangeHistoryError.self) { _ = try db.changeHistory(since: start) }
            #expect(damaged?.code == .historyDamaged)
            try runSQLiteShell(path, "DROP TRIGGER plume_history_update_photo")
            let dropped = caught(ChangeHistoryError.self) { _ = try db.changeHistory(since: nil) }
            #expect(dropped?.code == .triggersMissing)
            #expect(dropped?.message.contains("plume_history_update_photo") == true)
        }
    }

    @Test func disablingRemovesTriggersAndTables() throws {
        try Self.withHistory { db, _ in
            let token = try db.currentChangeHistoryToken()
            try db.disableChangeHistory(for: ["PHOTO"])
            #expect(try db.changeHistoryTables() == ["tag"])
            let photoTriggers = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'photo'")
            #expect(photoTriggers == 0)
            try db.disableChangeHistory()
            #expect(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'plume%'").isEmpty)
            let error6 = caught(ChangeHistoryError.self) { _ = try db.changeHistory(since: token) }
            #expect(error6?.code == .notEnabled)
            try db.enableChangeHistory(for: ["photo"])
            let error7 = caught(ChangeHistoryError.self) { _ = try db.changeHistory(since: token) }
            #expect(error7?.code == .tokenFromAnotherDatabase,
                    "a token of the earlier history is refused")
        }
    }

    @Test func unknownTablesAndViewsAreRefusedAndNothingChanges() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: "CREATE VIEW good AS SELECT * FROM photo WHERE rating > 3")
            let error8 = caught(ChangeHistoryError.self) { try db.enableChangeHistory(for: ["photo", "nope"]) }
            #expect(error8?.code == .noSuchTable)
            let error9 = caught(ChangeHistoryError.self) { try db.enableChangeHistory(for: ["good"]) }
            #expect(error9?.message.contains("view") == true)
            #expect(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'plume%'").isEmpty)
        }
    }
}
