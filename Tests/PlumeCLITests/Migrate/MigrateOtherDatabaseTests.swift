import Foundation
import PlumeTestSupport
import Testing

/// Issue 33, class 2, through the built `plume`: `migrate up` with a
/// migration that attaches another file fails at its line, and neither
/// file changes.
@Suite struct MigrateOtherDatabaseTests {
    @Test func migrateUpRefusesAnAttachAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let other = directory.path("other.sqlite")
        #expect(try directory.sqlite("other.sqlite", "CREATE TABLE kept (x); INSERT INTO kept VALUES (1); SELECT 1") == "1")
        try directory.writeMigrations([
            "0001_reach.sql": "-- migrate:up\nCREATE TABLE a (id);\nATTACH '\(other)' AS o;\nDELETE FROM o.kept;\n",
        ])
        let result = try directory.migrate(["up", "db.sqlite"])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("0001_reach.sql:3"), "\(result.stderr)")
        #expect(result.stderr.contains("cannot hold ATTACH"), "\(result.stderr)")
        #expect(try directory.sqlite("other.sqlite", "SELECT count(*) FROM kept") == "1")
        #expect(try directory.sqlite("db.sqlite", "SELECT count(*) FROM sqlite_master WHERE name = 'a'") == "0")
    }
}
