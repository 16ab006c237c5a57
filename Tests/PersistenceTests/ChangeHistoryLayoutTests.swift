import Foundation
import Testing
@testable import Persistence

/// What the history records and how: every way an update can change a
/// key, rowid look-alike columns, the clock that dates changes and prunes
/// them by age, and the upgrade of a history written by an earlier Plume.
@Suite struct ChangeHistoryLayoutTests {
    static func summary(_ db: Database, since token: ChangeHistoryToken) throws -> [String] {
        try db.changeHistory(since: token).entries.map { "\($0.operation) \($0.key)" }
    }

    @Test(arguments: [
        "UPDATE photo SET id = 10 WHERE id = 1",
        "UPDATE photo SET rowid = 10 WHERE id = 1",
        "UPDATE photo SET OID = 10 WHERE id = 1",
        "UPDATE photo SET _rowid_ = 10 WHERE id = 1",
        "UPDATE photo SET (rating, id) = (1, 10) WHERE id = 1",
        "INSERT INTO photo (id, name) VALUES (1, 'x') ON CONFLICT (id) DO UPDATE SET id = 10",
    ])
    func everyWayOfChangingTheKeyIsADeleteAndAnInsert(sql: String) throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"])
            let start = try db.currentChangeHistoryToken()
            try db.execute(sql: sql)
            try db.execute(sql: "UPDATE photo SET rating = 2 WHERE id = 2")
            #expect(try Self.summary(db, since: start) == ["delete 1", "insert 10", "update 2"])
        }
    }

    @Test func aWithoutRowIDKeyChangeIsADeleteAndAnInsert() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE tag (photo INTEGER, name TEXT, n INTEGER, PRIMARY KEY (photo, name)) WITHOUT ROWID; INSERT INTO tag VALUES (1, 'a', 0)")
            try db.enableChangeHistory(for: ["tag"])
            let start = try db.currentChangeHistoryToken()
            try db.execute(sql: "UPDATE tag SET name = 'b'; UPDATE tag SET n = 1")
            #expect(try Self.summary(db, since: start) == ["delete '1,''a'''", "insert '1,''b'''", "update '1,''b'''"])
        }
    }

    @Test(arguments: [
        "CREATE TABLE t (rowid TEXT, v INTEGER)",
        "CREATE TABLE t (rowid TEXT, oid TEXT, v INTEGER)",
        "CREATE TABLE t (rowid TEXT, oid TEXT, _rowid_ TEXT, id INTEGER PRIMARY KEY, v INTEGER)",
        "CREATE TABLE t (id INTEGER PRIMARY KEY DESC, v INTEGER)",
    ])
    func columnsNamedLikeTheRowIDAreNotTakenForIt(schema: String) throws {
        try withDatabase { db in
            try db.execute(sql: schema)
            try db.execute(sql: "INSERT INTO t (v) VALUES (1), (2)")
            try db.enableChangeHistory(for: ["t"])
            let start = try db.currentChangeHistoryToken()
            try db.execute(sql: "UPDATE t SET v = 5 WHERE v = 2")
            let rowID = try Int64.fetchOne(db, sql: "SELECT _rowid_ FROM t WHERE v = 5") ?? Int64.fetchOne(db, sql: "SELECT id FROM t WHERE v = 5")
            #expect(try Self.summary(db, since: start) == ["update \(rowID ?? -1)"])
        }
    }

    @Test func aTableWhoseRowIDCannotBeNamedIsRefused() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE t (rowid TEXT, oid TEXT, _rowid_ TEXT)")
            let error = caught(ChangeHistoryError.self) { try db.enableChangeHistory(for: ["t"]) }
            #expect(error?.code == .noSuchTable)
            #expect(error?.message.contains("rowid cannot be named") == true)
            #expect(try db.changeHistoryTables().isEmpty)
        }
    }

    @Test func pruningByAgeDeletesOnlyChangesAClockMarkProvesOlder() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"])
            for index in 0..<3 { try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["a\(index)"]) }
            // A mark eight days old covers the first three changes.
            let old = try db.currentChangeHistoryToken()
            try db.execute(sql: "INSERT INTO plume_history_clock (seq, time) VALUES (?, julianday('now') - 8)", arguments: [old.sequence])
            for index in 0..<3 { try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["b\(index)"]) }
            let deleted = try db.pruneChangeHistory(ChangeHistoryRetention(maximumAge: .seconds(7 * 86_400), maximumCount: nil))
            #expect(deleted == Int(old.sequence))   // every change up to the old mark, the marker row included
            let kept = try db.changeHistory(since: nil).entries
            #expect(kept.map(\.operation) == [.insert, .insert, .insert])
            #expect(kept.allSatisfy { abs($0.date.timeIntervalSinceNow) < 600 })
            // Age zero: everything but the newest change.
            try db.pruneChangeHistory(ChangeHistoryRetention(maximumAge: .zero, maximumCount: nil))
            #expect(try db.changeHistory(since: nil).entries.count == 1)
        }
    }

    @Test func datesComeFromTheFirstClockMarkAtOrAfterEachChange() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"])
            let start = try db.currentChangeHistoryToken()
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('a')")
            try db.execute(sql: "INSERT INTO plume_history_clock (seq, time) VALUES (?, 2461000.5)", arguments: [start.sequence + 1])
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('b')")
            let entries = try db.changeHistory(since: start).entries
            #expect(entries[0].date == Date(timeIntervalSince1970: (2_461_000.5 - 2_440_587.5) * 86_400))
            #expect(abs(entries[1].date.timeIntervalSinceNow) < 600, "no mark covers it yet: read time")
        }
    }

    @Test func aHistoryOfTheFirstLayoutIsUpgradedWithItsChanges() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            // The tables and triggers Plume 0.4 wrote.
            try db.execute(sql: """
                CREATE TABLE plume_history_meta (key TEXT PRIMARY KEY, value NOT NULL);
                CREATE TABLE plume_history_table (name TEXT PRIMARY KEY, key_columns TEXT);
                CREATE TABLE plume_history (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, op INTEGER NOT NULL, key, time REAL NOT NULL);
                INSERT INTO plume_history_meta VALUES ('database_id', 'old-id'), ('pruned_before', 0);
                INSERT INTO plume_history_table VALUES ('photo', NULL);
                INSERT INTO plume_history (tbl, op, key, time) VALUES ('', 0, NULL, 2461000.5), ('photo', 1, 3, 2461001.5);
                CREATE TRIGGER plume_history_photo_insert AFTER INSERT ON photo BEGIN
                  INSERT INTO plume_history (tbl, op, key, time) SELECT 'photo', 1, NEW.rowid, julianday('now');
                END;
                """)
            let problem = caught(ChangeHistoryError.self) { _ = try db.changeHistory(since: nil) }
            #expect(problem?.code == .triggersOutdated)
            try db.enableChangeHistory(for: [])
            let entries = try db.changeHistory(since: nil).entries
            #expect(entries.map(\.token.description) == ["old-id:1", "old-id:2"])
            #expect(entries[1].date == Date(timeIntervalSince1970: (2_461_001.5 - 2_440_587.5) * 86_400))
            try db.execute(sql: "INSERT INTO photo (name) VALUES ('new')")
            #expect(try db.changeHistory(since: entries[1].token).entries.map(\.operation) == [.insert])
            let triggers = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'photo' ORDER BY name")
            #expect(triggers == ["plume_history_conflict_insert_photo", "plume_history_conflict_update_photo", "plume_history_delete_photo",
                                 "plume_history_insert_photo", "plume_history_rekey_photo", "plume_history_update_photo"])
        }
    }

    @Test func recordingTriggersWriteNothingThatCouldAbort() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.enableChangeHistory(for: ["photo"])
            let columns = try Row.fetchAll(db, sql: "SELECT name, \"notnull\" FROM pragma_table_info('plume_history')")
            #expect(columns.map { $0[0] } == ["seq", "tbl", "op", "key"].map { .text($0) })
            #expect(columns.allSatisfy { $0[1] == .integer(0) })
            let bodies = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('plume_history_insert_photo', 'plume_history_update_photo', 'plume_history_delete_photo')")
            #expect(bodies.count == 3 && bodies.allSatisfy { $0.contains("VALUES") && !$0.contains("julianday") })
        }
    }
}
