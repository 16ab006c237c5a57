import Foundation
import Persistence
import PlumeTestSupport
import Testing

/// `plume history`, run as a user would, with the `sqlite3` shell writing.
@Suite struct HistoryCommandTests {
    /// The JSON objects `plume history show` printed.
    static func lines(_ result: ProcessResult) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func enableShowSinceAndDisable() throws {
        let directory = try TemporaryDirectory()
        try directory.makeHistoryDatabase()
        let enable = try directory.history(["enable", "db.sqlite", "photo", "tag"])
        #expect(enable.status == 0, "\(enable.stderr)")
        #expect(enable.stdout == "recording changes of photo, tag\n")
        _ = try directory.sqlite("db.sqlite", "INSERT INTO photo (name) VALUES ('shell'); INSERT INTO tag VALUES (2, 'sea'); DELETE FROM photo WHERE id = 1;")
        let show = try directory.history(["show", "db.sqlite"])
        #expect(show.status == 0, "\(show.stderr)")
        let all = try Self.lines(show)
        #expect(all.map { "\($0["operation"]!) \($0["table"]!) \($0["key"]!)" }
                == ["enabled  <null>", "insert photo 2", "insert tag '2,''sea'''", "delete photo 1"])
        let token = try #require(all[1]["token"] as? String)
        let since = try Self.lines(try directory.history(["show", "db.sqlite", "--since", token]))
        #expect(since.count == 2 && since.last?["operation"] as? String == "delete")

        let disableTag = try directory.history(["disable", "db.sqlite", "tag"])
        #expect(disableTag.stdout == "still recording photo\n")
        #expect(try directory.history(["disable", "db.sqlite"]).stdout == "change history removed\n")
        #expect(try directory.sqlite("db.sqlite", "SELECT count(*) FROM sqlite_master WHERE name LIKE 'plume%'") == "0")
        let gone = try directory.history(["show", "db.sqlite", "--since", token])
        #expect(gone.status == 65)
        #expect(gone.stderr.contains("has no change history"))
    }

    @Test func pruneBeforeATokenAndByAge() throws {
        let directory = try TemporaryDirectory()
        try directory.makeHistoryDatabase()
        #expect(try directory.history(["enable", "db.sqlite", "photo"]).status == 0)
        _ = try directory.sqlite("db.sqlite", "INSERT INTO photo (name) VALUES ('a'); INSERT INTO photo (name) VALUES ('b'); INSERT INTO photo (name) VALUES ('c');")
        let all = try Self.lines(try directory.history(["show", "db.sqlite"]))
        let first = try #require(all.first?["token"] as? String)
        let third = try #require(all[2]["token"] as? String)
        let prune = try directory.history(["prune", "db.sqlite", "--before", third])
        #expect(prune.status == 0 && prune.stdout == "deleted 2 changes\n", "\(prune.stderr)")
        let pruned = try directory.history(["show", "db.sqlite", "--since", first])
        #expect(pruned.status == 65)
        #expect(pruned.stderr.contains("were pruned"))
        let byAge = try directory.history(["prune", "db.sqlite", "--older-than", "0s"])
        #expect(byAge.stdout == "deleted 1 change\n", "the newest change is kept")
        #expect(try Self.lines(try directory.history(["show", "db.sqlite"])).count == 1)
    }

    @Test func plumeWatchFollowsShellWritesToARecordedTable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        try sqlite3Script(path, WatchTests.schema + "CREATE UNIQUE INDEX photo_name ON photo (name);")
        #expect(try directory.history(["enable", "photos.sqlite", "photo"]).status == 0)
        let watch = try StreamingPlume(["watch", path, WatchTests.query, "--section", "album"])
        var list = try WatchedList(initial: watch.nextLine())
        for statement in [
            "INSERT INTO photo (album, name, rating) VALUES ('Faro', 'Beach', 4)",
            "INSERT OR REPLACE INTO photo (album, name, rating) VALUES ('Faro', 'Tram', 1)",
            "UPDATE photo SET album = 'Porto' WHERE name = 'Bridge'",
            "DELETE FROM photo WHERE album = 'Faro'",
        ] {
            try sqlite3Script(path, "BEGIN; \(statement); COMMIT;")
            let fresh = try freshList(path, sql: WatchTests.query, section: "album")
            let deadline = ContinuousClock.now + .seconds(20)
            while list != fresh {
                try list.apply(change: watch.nextLine(timeout: deadline - ContinuousClock.now))
            }
        }
        let end = try watch.stop(signal: SIGINT)
        #expect(end.status == 0 && end.stderr.isEmpty)
        let kinds = try Self.lines(try directory.history(["show", "photos.sqlite"])).compactMap { $0["operation"] as? String }
        #expect(kinds == ["enabled", "insert", "conflict", "insert", "update", "delete", "delete"])
    }

    @Test func badInputExitsLikePlumeMigrate() throws {
        let directory = try TemporaryDirectory()
        try directory.makeHistoryDatabase()
        #expect(try directory.history(["enable", "db.sqlite"]).status == 64)
        #expect(try directory.history(["show", "db.sqlite", "--since", "nonsense"]).status == 64)
        #expect(try directory.history(["prune", "db.sqlite", "--older-than", "5 weeks"]).status == 64)
        #expect(try directory.history(["prune", "db.sqlite", "--before", "a:1", "--older-than", "1d"]).status == 64)
        let noTable = try directory.history(["enable", "db.sqlite", "photo", "nope"])
        #expect(noTable.status == 65 && noTable.stderr == "error: change history: no table named \"nope\"\n")
        #expect(try directory.sqlite("db.sqlite", "SELECT count(*) FROM sqlite_master WHERE name LIKE 'plume%'") == "0",
                "a failed enable changes nothing")
        #expect(try directory.history(["show", "missing.sqlite"]).status == 74)
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.sqlite")))
        #expect(try directory.history(["enable", "db.sqlite", "photo"]).status == 0)
        let foreign = try directory.history(["show", "db.sqlite", "--since", "another-database:1"])
        #expect(foreign.status == 65 && foreign.stderr.contains("belongs to another database"))
        _ = try directory.sqlite("db.sqlite", "DROP TRIGGER plume_history_delete_photo")
        let dropped = try directory.history(["show", "db.sqlite"])
        #expect(dropped.status == 65 && dropped.stderr.contains("plume_history_delete_photo"))
    }
}

extension TemporaryDirectory {
    /// Runs `plume history ARGUMENTS` in this directory.
    func history(_ arguments: [String]) throws -> ProcessResult {
        try PlumeProcess.plume(["history"] + arguments, currentDirectory: url)
    }

    /// `db.sqlite` with a rowid table `photo` and a `WITHOUT ROWID` table `tag`.
    func makeHistoryDatabase() throws {
        _ = try sqlite("db.sqlite", """
            CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE tag (photo INTEGER, name TEXT, PRIMARY KEY (photo, name)) WITHOUT ROWID;
            INSERT INTO photo (name) VALUES ('before');
            """)
    }
}

/// `plume history enable --values` and `plume history show --values`.
@Suite struct HistoryValuesCommandTests {
    @Test func valuesAreRecordedAndPrintedAsJSONAndAsSQLLiterals() throws {
        let directory = try TemporaryDirectory()
        try directory.makeHistoryDatabase()
        let enable = try directory.history(["enable", "db.sqlite", "photo", "--values"])
        #expect(enable.status == 0, "\(enable.stderr)")
        #expect(try directory.history(["enable", "db.sqlite", "tag"]).status == 0)
        _ = try directory.sqlite("db.sqlite", """
            INSERT INTO photo (name) VALUES ('it''s' || char(0) || 'x');
            UPDATE photo SET name = X'00FF' WHERE id = 1;
            DELETE FROM photo WHERE id = 2;
            INSERT INTO tag VALUES (1, 'sea');
            """)
        let show = try directory.history(["show", "db.sqlite", "--values"])
        #expect(show.status == 0, "\(show.stderr)")
        let lines = try HistoryCommandTests.lines(show).filter { $0["operation"] as? String != "enabled" }
        #expect(lines.count == 4)
        #expect(lines[0]["values"] as? Bool == true && (lines[0]["new"] as? [String: Any])?["id"] as? Int == 2)
        #expect((lines[1]["old"] as? [String: Any])?["name"] as? String == "before")
        #expect((lines[1]["new"] as? [String: Any])?["name"] as? [String: String] == ["base64": "AP8="])
        #expect(lines[2]["new"] == nil && (lines[2]["old"] as? [String: Any])?.keys.sorted() == ["id", "name"])
        #expect(lines[3]["values"] as? Bool == false && lines[3]["old"] == nil && lines[3]["new"] == nil)

        let text = try directory.history(["show", "db.sqlite", "--values", "--format", "text"])
        #expect(text.status == 0, "\(text.stderr)")
        let rows = text.stdout.split(separator: "\n").map { String($0.split(separator: " ", maxSplits: 1)[1]) }
        #expect(rows == [
            "- enabled NULL",
            "photo insert 2 new(id=2, name=CAST(X'697427730078' AS TEXT))",
            "photo update 1 old(name='before') new(name=X'00ff')",
            "photo delete 2 old(id=2, name=CAST(X'697427730078' AS TEXT))",
            "tag insert '1,''sea''' keys-only",
        ])
        // Without --values, the lines are as before.
        let plain = try HistoryCommandTests.lines(try directory.history(["show", "db.sqlite"]))
        #expect(plain.allSatisfy { $0["values"] == nil && $0["new"] == nil })
    }

    @Test func aTableWrittenInBulkIsOneLineWithoutKeyOrValues() throws {
        let directory = try TemporaryDirectory()
        try directory.makeHistoryDatabase()
        #expect(try directory.history(["enable", "db.sqlite", "photo", "--values"]).status == 0)
        let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
        try queue.writeAndWait { db in
            try db.writingInBulk(into: "photo") { try db.execute(sql: "INSERT INTO photo (name) VALUES ('a'), ('b')") }
        }
        try queue.close()
        let show = try directory.history(["show", "db.sqlite", "--values"])
        #expect(show.status == 0, "\(show.stderr)")
        let bulk = try HistoryCommandTests.lines(show).filter { $0["operation"] as? String == "bulk" }
        #expect(bulk.count == 1 && bulk.first?["table"] as? String == "photo" && bulk.first?["key"] is NSNull)
        #expect(bulk.first?["values"] as? Bool == false && bulk.first?["new"] == nil)
        let text = try directory.history(["show", "db.sqlite", "--values", "--format", "text"])
        #expect(text.stdout.split(separator: "\n").last?.hasSuffix(" photo bulk NULL") == true, "\(text.stdout)")
    }

    @Test func aColumnAddedAfterEnablingIsRefusedUntilEnabledAgain() throws {
        let directory = try TemporaryDirectory()
        try directory.makeHistoryDatabase()
        #expect(try directory.history(["enable", "db.sqlite", "photo", "--values"]).status == 0)
        _ = try directory.sqlite("db.sqlite", "ALTER TABLE photo ADD COLUMN rating INTEGER; INSERT INTO photo (name, rating) VALUES ('x', 5);")
        let outdated = try directory.history(["show", "db.sqlite", "--values"])
        #expect(outdated.status != 0 && outdated.stderr.contains("photo"), "\(outdated.stdout)")
        #expect(try directory.history(["enable", "db.sqlite", "photo", "--values"]).status == 0)
        _ = try directory.sqlite("db.sqlite", "UPDATE photo SET rating = 4 WHERE name = 'x';")
        let text = try directory.history(["show", "db.sqlite", "--values", "--format", "text"])
        #expect(text.stdout.split(separator: "\n").last?.hasSuffix("photo update 2 old(rating=5) new(rating=4)") == true, "\(text.stdout)")
    }
}
