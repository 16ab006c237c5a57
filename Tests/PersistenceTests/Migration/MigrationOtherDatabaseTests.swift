import Foundation
import Persistence
import Testing

/// Issue 33, class 2: a migration changes only the database it migrates.
/// `ATTACH` let a migration change another file (and exit 0); now
/// `ATTACH`, `DETACH` and `VACUUM INTO` are refused at their line, and the
/// database is left as it was.
@Suite struct MigrationOtherDatabaseTests {
    private struct Outcome {
        var error: MigrationError?
        var tables: [String]
        var otherFileExists: Bool
    }

    /// Migrates a database file with one migration whose up section is
    /// `body`; `OTHER` in it stands for the path of a second file.
    private func migrate(_ body: String, header: String = "-- migrate:up") throws -> Outcome {
        let directory = try TemporaryDirectory()
        let migrations = directory.url.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        let other = directory.path("other.sqlite")
        let text = "\(header)\nCREATE TABLE a (id);\n" + body.replacingOccurrences(of: "OTHER", with: other)
        try Data(text.utf8).write(to: migrations.appendingPathComponent("0001_reach.sql"))
        let db = try Database(location: .file(directory.path("main.sqlite")))
        defer { try? db.close() }
        var error: MigrationError?
        do {
            try Migrator(directory: migrations).migrate(db)
        } catch let refusal as MigrationError {
            error = refusal
        }
        let tables = try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_master WHERE name NOT LIKE 'plume%' ORDER BY name")
        return Outcome(error: error, tables: tables, otherFileExists: FileManager.default.fileExists(atPath: other))
    }

    static let statements = [
        ("ATTACH 'OTHER' AS o;\nCREATE TABLE o.t (x);", "ATTACH"),
        ("attach database 'OTHER' as o;", "ATTACH"),
        ("/* c */ ATTACH 'OTHER' || '' AS \"o\";", "ATTACH"),
        ("DETACH temp;", "DETACH"),
        ("detach database main;", "DETACH"),
        ("VACUUM INTO 'OTHER';", "VACUUM INTO"),
        ("vacuum main into 'OTHER';", "VACUUM INTO"),
    ]

    @Test(arguments: statements)
    func reachingAnotherDatabaseIsRefusedAtItsLine(statement: String, keyword: String) throws {
        let outcome = try migrate(statement + "\nCREATE TABLE b (id);\n")
        let refusal = try #require(outcome.error)
        #expect(refusal.line == 3, "\(refusal)")
        #expect(refusal.file?.hasSuffix("0001_reach.sql") == true, "\(refusal)")
        #expect(refusal.message.contains("cannot hold \(keyword)"), "\(refusal)")
        #expect(outcome.tables.isEmpty, "nothing of the migration stays: \(outcome.tables)")
        #expect(!outcome.otherFileExists)
    }

    @Test(arguments: statements)
    func outsideATransactionTooNothingReachesTheOtherFile(statement: String, keyword: String) throws {
        let outcome = try migrate(statement + "\n", header: "-- migrate:up transaction:false")
        let refusal = try #require(outcome.error)
        #expect(refusal.line == 3, "\(refusal)")
        #expect(refusal.message.contains("cannot hold \(keyword)"), "\(refusal)")
        #expect(!outcome.otherFileExists)
    }

    @Test func theWordsInStringsAndNamesAreNoRefusal() throws {
        let outcome = try migrate("CREATE TABLE \"attach\" (\"into\", vacuum);\nINSERT INTO \"attach\" VALUES ('ATTACH x', 'VACUUM INTO y');\n")
        #expect(outcome.error == nil)
        #expect(outcome.tables == ["a", "attach"])
    }
}
