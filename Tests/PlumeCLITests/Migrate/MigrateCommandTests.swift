import Foundation
import PlumeTestSupport
import Testing

@Suite struct MigrateCommandTests {
    @Test func upStatusValidateDownAndUpAgain() throws {
        let directory = try TemporaryDirectory()
        try directory.copyDemoMigrations()
        let up = try directory.migrate(["up", "photos.sqlite"])
        #expect(up.status == 0, "\(up.stderr)")
        let lines = up.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("applied 00") && $0.hasSuffix(" ms)") }, "\(lines)")
        #expect(lines.first?.hasPrefix("applied 0001_create_user.sql (") == true)
        #expect(lines.count >= 4 && lines.last == "the database is at version \(lines.count - 1)")
        let schema = try directory.sqlite("photos.sqlite", "SELECT group_concat(sql, ';') FROM sqlite_master ORDER BY name")

        let again = try directory.migrate(["up", "photos.sqlite"])
        #expect(again.status == 0)
        #expect(again.stdout == "nothing to do: the database is at version \(lines.count - 1)\n")

        let validate = try directory.migrate(["validate", "photos.sqlite"])
        #expect(validate.status == 0)
        #expect(validate.stdout.hasPrefix("ok: \(lines.count - 1) applied migration(s) match their files"))

        let down = try directory.migrate(["down", "photos.sqlite", "--to", "0"])
        #expect(down.status == 0, "\(down.stderr)")
        #expect(down.stdout.hasPrefix("reverted 00"))
        #expect(try directory.sqlite("photos.sqlite", "SELECT group_concat(name) FROM sqlite_master") == "plume_migrations")

        #expect(try directory.migrate(["up", "photos.sqlite"]).status == 0)
        #expect(try directory.sqlite("photos.sqlite", "SELECT group_concat(sql, ';') FROM sqlite_master ORDER BY name") == schema)
    }

    @Test func statusAsJSON() throws {
        let directory = try TemporaryDirectory()
        try directory.copyDemoMigrations()
        #expect(try directory.migrate(["up", "db.sqlite", "--to", "2"]).status == 0)
        let result = try directory.migrate(["status", "db.sqlite", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["current"] as? Int == 2)
        let applied = try #require(object["applied"] as? [[String: Any]])
        #expect(applied.map { $0["version"] as? Int } == [1, 2])
        #expect(applied.map { $0["name"] as? String } == ["create_user", "create_album"])
        for record in applied {
            #expect((record["checksum"] as? String)?.count == 64)
            #expect((record["applied_at"] as? String)?.hasSuffix("Z") == true)
            #expect(record["execution_ms"] is Int)
        }
        let pending = try #require(object["pending"] as? [[String: Any]])
        #expect(pending.first?["version"] as? Int == 3)
        #expect(pending.first?["name"] as? String == "create_photo")
        #expect((object["problems"] as? [Any])?.isEmpty == true)
    }

    @Test func statusOfAMissingDatabaseDoesNotCreateIt() throws {
        let directory = try TemporaryDirectory()
        try directory.copyDemoMigrations()
        let status = try directory.migrate(["status", "new.sqlite"])
        #expect(status.status == 0)
        #expect(status.stdout.hasPrefix("current version: 0\napplied: none\npending:\n  1  create_user\n"))
        let dryRun = try directory.migrate(["up", "new.sqlite", "--dry-run"])
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.hasPrefix("would apply 0001_create_user.sql\nwould apply 0002_create_album.sql\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("new.sqlite")))
    }

    @Test func aFailingMigrationExitsWithOneAndNamesFileLineStatementAndMessage() throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations([
            "0001_album.sql": "-- migrate:up\nCREATE TABLE album (id INTEGER PRIMARY KEY, name TEXT);\n",
            "0002_broken.sql": "-- Seeds albums.\n-- migrate:up\nINSERT INTO album (name) VALUES ('a');\nINSERT INTO album (title)\n  VALUES ('b');\n",
            "0003_after.sql": "-- migrate:up\nCREATE TABLE after (id);\n",
        ])
        let result = try directory.migrate(["up", "db.sqlite"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("applied 0001_album.sql"))
        #expect(result.stderr == "error: Migrations/0002_broken.sql:4: table album has no column named title\n  in statement: INSERT INTO album (title)\n      VALUES ('b')\n")
        #expect(try directory.sqlite("db.sqlite", "SELECT group_concat(version) FROM plume_migrations") == "1")
        #expect(try directory.sqlite("db.sqlite", "SELECT count(*) FROM album") == "0")
    }

    /// A failed first `up` on a new path leaves no file behind; a later
    /// `status` still reads it as a new database.
    @Test func aFailedUpOnANewPathCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations(["0001_broken.sql": "-- migrate:up\nCREATE TABLE a (id);\nINSERT INTO missing VALUES (1);\n"])
        let result = try directory.migrate(["up", "new.sqlite"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Migrations/0001_broken.sql:3: no such table: missing"))
        for suffix in ["", "-journal", "-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: directory.path("new.sqlite" + suffix)), "new.sqlite\(suffix)")
        }
        #expect(try directory.migrate(["status", "new.sqlite"]).status == 0)
    }

    /// A NUL byte in a migration file: SQLite would read the SQL up to it
    /// only. Validation, dry runs and `up` reject the file by name and
    /// offset; the database is not touched.
    @Test func aMigrationFileWithANULIsRejectedByFileAndOffset() throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations(["0001_nul.sql": "-- migrate:up\nCREATE TABLE a (id);\0\nCREATE TABLE b (id);\n"])
        for command in [["validate", "db.sqlite"], ["up", "db.sqlite", "--dry-run"], ["up", "db.sqlite"], ["status", "db.sqlite"]] {
            let result = try directory.migrate(command)
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr == "error: Migrations/0001_nul.sql:2: the file holds a NUL byte at byte offset 34; SQLite would stop reading the SQL there\n",
                    "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("db.sqlite")))
    }

    /// A migration that fills the database fails with exit status 1 like
    /// any failing migration, and the database keeps what it had.
    @Test func aFullDatabaseFailsTheMigrationWithStatusOne() throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations([
            "0001_a.sql": "-- migrate:up\nCREATE TABLE a (x);\n",
            "0002_fill.sql": "-- migrate:up\nPRAGMA max_page_count = 8;\nCREATE TABLE big (x);\nINSERT INTO big VALUES (randomblob(100000));\n",
        ])
        let result = try directory.migrate(["up", "db.sqlite"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Migrations/0002_fill.sql:4: database or disk is full"), "\(result.stderr)")
        #expect(try directory.sqlite("db.sqlite", "SELECT group_concat(version) FROM plume_migrations") == "1")
        #expect(try directory.sqlite("db.sqlite", "SELECT count(*) FROM sqlite_master WHERE name = 'big'") == "0")
    }

    /// A process killed in the middle of a write (here Python's sqlite3,
    /// exiting with a transaction open) leaves a hot journal; `status`
    /// opens read-only and still reads the database, as sqlite3 would.
    @Test func statusReadsADatabaseWithAHotJournal() throws {
        let directory = try TemporaryDirectory()
        try directory.copyDemoMigrations()
        #expect(try directory.migrate(["up", "db.sqlite"]).status == 0)
        let killed = try PlumeProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import os, sqlite3
            db = sqlite3.connect("db.sqlite", isolation_level=None)
            db.execute("PRAGMA journal_mode = DELETE")
            db.execute("CREATE TABLE filler (x)")
            db.executemany("INSERT INTO filler VALUES (?)", [(os.urandom(500),) for _ in range(2000)])
            db.execute("PRAGMA cache_size = 2")
            db.execute("BEGIN")
            db.execute("UPDATE filler SET x = randomblob(600)")
            os._exit(9)
            """], currentDirectory: directory.url)
        #expect(killed.status == 9, "\(killed.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.path("db.sqlite-journal")))
        let status = try directory.migrate(["status", "db.sqlite"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.hasPrefix("current version: 4\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("db.sqlite-journal")))
        #expect(try directory.sqlite("db.sqlite", "PRAGMA integrity_check") == "ok")
    }

    @Test func anEditedAppliedFileFailsValidationWith65() throws {
        let directory = try TemporaryDirectory()
        try directory.copyDemoMigrations()
        #expect(try directory.migrate(["up", "db.sqlite"]).status == 0)
        let file = directory.url.appendingPathComponent("Migrations/0002_create_album.sql")
        try (String(contentsOf: file, encoding: .utf8) + "-- one more comment\n").write(to: file, atomically: true, encoding: .utf8)
        for command in [["validate", "db.sqlite"], ["up", "db.sqlite"]] {
            let result = try directory.migrate(command)
            #expect(result.status == 65)
            #expect(result.stderr.hasPrefix("error: Migrations/0002_create_album.sql: migration 2 was edited after it was applied"))
        }
        let json = try directory.migrate(["status", "db.sqlite", "--json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""code":"checksum_mismatch""#))
        let text = try directory.migrate(["status", "db.sqlite"])
        #expect(text.stdout.contains("problems:\n  - Migrations/0002_create_album.sql: migration 2 was edited"))
    }

    @Test func missingNewerAndOutOfOrderMigrations() throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations([
            "0001_a.sql": "-- migrate:up\nCREATE TABLE a (id);\n",
            "0003_c.sql": "-- migrate:up\nCREATE TABLE c (id);\n",
            "0004_d.sql": "-- migrate:up\nCREATE TABLE d (id);\n",
        ])
        #expect(try directory.migrate(["up", "db.sqlite"]).status == 0)
        try directory.writeMigrations(["0002_b.sql": "-- migrate:up\nCREATE TABLE b (id);\n"])
        let late = try directory.migrate(["up", "db.sqlite"])
        #expect(late.status == 65)
        #expect(late.stderr.contains("pending migration(s) 0002_b.sql are older than the highest applied version 4"))
        let allowed = try directory.migrate(["up", "db.sqlite", "--allow-out-of-order"])
        #expect(allowed.status == 0)
        #expect(allowed.stdout.hasPrefix("applied 0002_b.sql"))

        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("Migrations/0003_c.sql"))
        let missing = try directory.migrate(["validate", "db.sqlite"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("migration 3 (c) is applied but is not among the migrations"))
        #expect(try directory.migrate(["validate", "db.sqlite", "--ignore-missing"]).status == 0)

        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("Migrations/0004_d.sql"))
        let newer = try directory.migrate(["up", "db.sqlite", "--ignore-missing"])
        #expect(newer.status == 65)
        #expect(newer.stderr.contains("the database is newer than the migrations: it has version(s) 3 (c), 4 (d) above the highest known version 2"))
    }

    @Test func downWithoutADownSectionChangesNothing() throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations([
            "0001_a.sql": "-- migrate:up\nCREATE TABLE a (id);\n-- migrate:down\nDROP TABLE a;\n",
            "0002_b.sql": "-- migrate:up\nCREATE TABLE b (id);\n",
        ])
        #expect(try directory.migrate(["up", "db.sqlite"]).status == 0)
        let result = try directory.migrate(["down", "db.sqlite", "--to", "0"])
        #expect(result.status == 65)
        #expect(result.stderr == "error: Migrations/0002_b.sql: cannot go down to version 0: 0002_b.sql has no `-- migrate:down` section; nothing was changed\n")
        #expect(try directory.sqlite("db.sqlite", "SELECT group_concat(version) FROM plume_migrations") == "1,2")
    }

    @Test func badFilesAndBadDatabases() throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations([
            "0001_a.sql": "-- migrate:up\nCREATE TABLE a (id);\n",
            "1_again.sql": "-- migrate:up\nCREATE TABLE a2 (id);\n",
        ])
        let duplicate = try directory.migrate(["up", "db.sqlite"])
        #expect(duplicate.status == 65)
        #expect(duplicate.stderr.contains("0001_a.sql and 1_again.sql have the same version 1"))

        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("Migrations/1_again.sql"))
        try directory.writeMigrations(["notes.txt": "hello"])
        let badName = try directory.migrate(["status", "db.sqlite"])
        #expect(badName.status == 65)
        #expect(badName.stderr == "error: Migrations/notes.txt: file name does not fit NNNN_description.sql\n")

        let noDirectory = try directory.migrate(["up", "db.sqlite", "--dir", "Elsewhere"])
        #expect(noDirectory.status == 65)
        #expect(noDirectory.stderr.contains("Elsewhere: no migrations directory"))

        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("Migrations/notes.txt"))
        try Data("this is not a database, just some text that is long enough".utf8).write(to: directory.url.appendingPathComponent("text.sqlite"))
        let notADatabase = try directory.migrate(["up", "text.sqlite"])
        #expect(notADatabase.status == 74)
        #expect(notADatabase.stderr.contains("file is not a database"))
    }

    @Test(arguments: [
        ["up"],
        ["down", "db.sqlite"],
        ["up", "db.sqlite", "--to", "-1"],
        ["up", "db.sqlite", "--frobnicate"],
        ["new", "bad/name"],
        ["sideways", "db.sqlite"],
    ])
    func usageErrorsExitWith64(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations(["0001_a.sql": "-- migrate:up\nCREATE TABLE a (id);\n"])
        let result = try directory.migrate(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path("db.sqlite")))
    }

    @Test func helpDocumentsTheExitCodes() throws {
        for arguments in [["migrate", "--help"], ["migrate", "up", "--help"], ["migrate", "validate", "--help"]] {
            let result = try PlumeProcess.plume(arguments)
            #expect(result.status == 0)
            for code in ["0   success", "1   a migration failed", "64  usage error", "65  validation failed", "74  the database"] {
                #expect(result.stdout.contains(code), "\(arguments) lacks \(code)")
            }
        }
    }

    @Test func newCreatesTheNextFile() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.migrate(["new", "Create albums"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Migrations/0001_create_albums.sql\n")
        let text = try String(contentsOf: directory.url.appendingPathComponent("Migrations/0001_create_albums.sql"), encoding: .utf8)
        #expect(text.contains("-- migrate:up\n") && text.contains("-- migrate:down\n"))
        try directory.writeMigrations(["0007_later.sql": "-- migrate:up\n"])
        let second = try directory.migrate(["new", "add-caption", "--dir", "Migrations"])
        #expect(second.stdout == "Migrations/0008_add_caption.sql\n")
        // Empty sections apply and revert.
        #expect(try directory.migrate(["up", "db.sqlite"]).status == 0)
        #expect(try directory.migrate(["down", "db.sqlite", "--to", "7"]).status == 0)
        #expect(try directory.sqlite("db.sqlite", "SELECT group_concat(version) FROM plume_migrations") == "1,7")
    }
}
