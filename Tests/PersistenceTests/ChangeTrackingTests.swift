import Foundation
import Testing
@testable import Persistence

/// Collects what a connection's transaction observer receives.
final class ChangeLog {
    private(set) var commits: [DatabaseChanges] = []

    init(_ db: Database) {
        db.addTransactionObserver(didCommit: { [unowned self] _, changes in self.commits.append(changes) })
    }

    var last: DatabaseChanges? { commits.last }
}

@Suite struct ChangeTrackingTests {
    @Test func insertsUpdatesAndDeletesAreReportedByRowID() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let log = ChangeLog(db)
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO photo (id, name) VALUES (10, 'Ten'), (11, 'Eleven')")
                try db.execute(sql: "UPDATE photo SET rating = 1 WHERE id IN (1, 10)")
                try db.execute(sql: "DELETE FROM photo WHERE id IN (2, 11)")
            }
            #expect(log.commits.count == 1)
            let changes = try #require(log.last?.tables["photo"])
            #expect(changes.inserted == [10]) // 11 came and went
            #expect(changes.updated == [1])
            #expect(changes.deleted == [2])
            #expect(log.last?.isFullyTracked == true)
            #expect(log.last?.origin == .local)
        }
    }

    @Test func deleteWithoutWhereReportsEveryRow() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let log = ChangeLog(db)
            try db.execute(sql: "DELETE FROM photo")
            #expect(log.last?.tables["photo"]?.deleted == [1, 2, 3])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") == 0)
        }
    }

    @Test func rolledBackChangesAreDropped() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            let log = ChangeLog(db)
            try? db.inTransaction {
                try db.execute(sql: "DELETE FROM photo")
                throw Rollback()
            }
            #expect(log.commits.isEmpty)
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO photo (id, name) VALUES (20, 'Kept')")
                try? db.inSavepoint {
                    try db.execute(sql: "INSERT INTO photo (id, name) VALUES (21, 'Undone')")
                    throw Rollback()
                }
            }
            #expect(log.commits.count == 1)
            #expect(log.last?.tables["photo"] == TableChanges(inserted: [20]))
        }
    }

    @Test func withoutRowIDAndReplaceAreReportedAsUntracked() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: "CREATE TABLE setting (key TEXT PRIMARY KEY, value) WITHOUT ROWID")
            let log = ChangeLog(db)
            try db.execute(sql: "INSERT INTO setting VALUES ('theme', 'dark')")
            #expect(log.last?.tablesWithUntrackedChanges == ["setting"])
            #expect(log.last?.isFullyTracked == false)
            #expect(log.last?.mayAffect(DatabaseRegion(tables: ["setting"])) == true)
            try db.execute(sql: "INSERT OR REPLACE INTO photo (id, name) VALUES (1, 'Replaced')")
            #expect(log.last?.tablesWithUntrackedChanges == ["photo"])
            #expect(log.last?.mayAffect(DatabaseRegion(tables: ["photo"])) == true)
            #expect(log.last?.mayAffect(DatabaseRegion(tables: ["setting"])) == false)
        }
    }

    /// "Is this a REPLACE?" comes from the statement's and the schema's
    /// tokens: the word in a string, a quoted name or `replace()` keeps
    /// the rows tracked; the keyword, a `REPLACE` constraint or a trigger
    /// that replaces does not.
    @Test(arguments: [
        ("INSERT INTO photo (name) VALUES ('replace me')", true),
        ("INSERT INTO photo (name) VALUES (replace('abc', 'b', 'x'))", true),
        ("UPDATE photo SET \"name\" = 'or replace' || 'd' WHERE id = 1", true),
        ("INSERT INTO \"replace\" (v) VALUES (1)", true),
        ("INSERT INTO noted (note) VALUES ('x')", true),
        ("INSERT OR REPLACE INTO photo (id, name) VALUES (1, 'a')", false),
        ("REPLACE INTO photo (id, name) VALUES (1, 'a')", false),
        ("UPDATE OR REPLACE photo SET id = 2 WHERE id = 1", false),
        ("INSERT INTO unique_replace (code) VALUES ('a')", false),
        ("INSERT INTO triggered (v) VALUES (1)", false),
    ] as [(String, Bool)])
    func replaceIsTheKeywordNotTheWord(sql: String, tracked: Bool) throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: """
                CREATE TABLE "replace" (v);
                CREATE TABLE noted (id INTEGER PRIMARY KEY, note TEXT DEFAULT 'replace later');
                CREATE TABLE unique_replace (id INTEGER PRIMARY KEY, code TEXT UNIQUE ON CONFLICT REPLACE);
                CREATE TABLE triggered (id INTEGER PRIMARY KEY, v);
                CREATE TRIGGER triggered_copy AFTER INSERT ON triggered BEGIN REPLACE INTO photo (id, name) VALUES (NEW.v, 'copy'); END;
                """)
            let log = ChangeLog(db)
            try db.execute(sql: sql)
            #expect(log.last?.tablesWithUntrackedChanges.isEmpty == tracked, "\(String(describing: log.last))")
        }
    }

    /// The first question reads the whole schema once; every table's
    /// answer then comes from it, and a schema change reads it again.
    @Test func oneReadOfTheSchemaAnswersForEveryTable() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: """
                CREATE TABLE noted (id INTEGER PRIMARY KEY, note TEXT DEFAULT 'replace later');
                CREATE TABLE unique_replace (id INTEGER PRIMARY KEY, code TEXT UNIQUE ON CONFLICT REPLACE);
                CREATE TABLE triggered (id INTEGER PRIMARY KEY, v);
                CREATE TRIGGER triggered_copy AFTER INSERT ON triggered BEGIN REPLACE INTO photo (id, name) VALUES (NEW.v, 'copy'); END;
                CREATE TABLE "MixedCase" (id INTEGER PRIMARY KEY, v);
                """)
            let log = ChangeLog(db)
            let writes: [(String, String, Bool)] = [
                ("INSERT INTO noted (note) VALUES ('x')", "noted", true),
                ("INSERT INTO unique_replace (code) VALUES ('a')", "unique_replace", false),
                ("INSERT INTO mixedcase (v) VALUES (1)", "mixedcase", true),
                ("INSERT INTO triggered (v) VALUES (9)", "triggered", false),
                ("INSERT INTO photo (id, name) VALUES (100, 'p')", "photo", true),
                ("INSERT INTO noted (note) VALUES ('y')", "noted", true),
            ]
            for (sql, table, tracked) in writes {
                try db.execute(sql: sql)
                #expect(log.last?.tablesWithUntrackedChanges.contains(table) == !tracked, "\(sql)")
            }
            try db.execute(sql: "CREATE TRIGGER noted_copy AFTER INSERT ON noted BEGIN REPLACE INTO photo (id, name) VALUES (NEW.id, 'n'); END")
            try db.execute(sql: "INSERT INTO noted (note) VALUES ('z')")
            #expect(log.last?.tablesWithUntrackedChanges.contains("noted") == true)
        }
    }

    @Test func schemaChangesAreFlagged() throws {
        try withDatabase { db in
            let log = ChangeLog(db)
            try db.execute(sql: "CREATE TABLE t (a)")
            #expect(log.last?.schemaChanged == true)
            #expect(log.last?.mayAffect(DatabaseRegion(tables: ["anything"])) == true)
        }
    }

    @Test func authorizerReportsTheRegionAStatementReads() throws {
        try withDatabase { db in
            try makePhotoTable(db)
            try db.execute(sql: "CREATE TABLE tag (photo_id INTEGER, label TEXT)")
            let columns = try db.makeStatement(sql: "SELECT name, rating FROM photo WHERE album = ?")
            #expect(columns.region.columnsByTable["photo"] == .some(["name", "rating", "album"]))
            #expect(columns.region.description == "photo(album,name,rating)")
            let join = try db.makeStatement(sql: "SELECT photo.name, tag.label FROM photo JOIN tag ON tag.photo_id = photo.id")
            #expect(join.region.tables == ["photo", "tag"])
            let count = try db.makeStatement(sql: "SELECT COUNT(*) FROM Photo")
            #expect(count.region.tables == ["photo"])
            let update = try db.makeStatement(sql: "UPDATE photo SET rating = 1 WHERE id = 1")
            #expect(update.writtenTables == ["photo"])
            #expect(!update.isReadOnly)
            let changes = DatabaseChanges(tables: ["tag": TableChanges(inserted: [1])])
            #expect(changes.mayAffect(join.region))
            #expect(!changes.mayAffect(columns.region))
        }
    }
}
