import Foundation
import Persistence
import PlumeTestSupport
import Testing

/// Migrations long enough to be interrupted: 100,000 rows, an index on
/// them, and a copy of them.
private let rowCount = 100_000
private let longMigrations = [
    "0001_tables.sql": """
        -- migrate:up
        CREATE TABLE item (id INTEGER PRIMARY KEY, payload TEXT NOT NULL);
        CREATE TABLE copy (id INTEGER PRIMARY KEY, payload TEXT NOT NULL);
        """,
    "0002_fill.sql": """
        -- migrate:up
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rowCount))
        INSERT INTO item (id, payload) SELECT i, hex(randomblob(16)) FROM n;
        """,
    "0003_index.sql": "-- migrate:up\nCREATE INDEX item_payload ON item(payload);\n",
    "0004_copy.sql": "-- migrate:up\nINSERT INTO copy SELECT * FROM item;\n",
]

/// Checks that the database is sound and at a fully applied version: the
/// applied table is a prefix 1...k of the versions and the schema and data
/// hold exactly what migrations 1...k do.
///
/// - Returns: The applied version.
@discardableResult
private func checkConsistent(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
    var configuration = Database.Configuration()
    configuration.journalMode = .default
    let db = try Database(path: path, configuration: configuration) // recovers a hot journal
    defer { try? db.close() }
    #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"], sourceLocation: sourceLocation)
    func exists(_ name: String) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name = ?", arguments: [name]) == 1
    }
    let applied = try exists("plume_migrations")
        ? try Int.fetchAll(db, sql: "SELECT version FROM plume_migrations ORDER BY version") : []
    let version = applied.count
    #expect(applied == Array(0..<version).map { $0 + 1 }, sourceLocation: sourceLocation)
    #expect(try exists("item") == (version >= 1), sourceLocation: sourceLocation)
    if version >= 1 {
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM item") == (version >= 2 ? rowCount : 0), sourceLocation: sourceLocation)
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM copy") == (version >= 4 ? rowCount : 0), sourceLocation: sourceLocation)
    }
    #expect(try exists("item_payload") == (version >= 3), sourceLocation: sourceLocation)
    return version
}

@Suite struct MigrateCrashTests {
    /// kill -9 at random moments of a long `up`, then resume.
    @Test func killedAtRandomMomentsLeavesAFullyAppliedVersionAndResumes() throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations(longMigrations)
        let clock = ContinuousClock()
        let start = clock.now
        let reference = try directory.migrate(["up", "reference.sqlite"])
        let fullRun = clock.now - start
        #expect(reference.status == 0, "\(reference.stderr)")
        #expect(try checkConsistent(directory.path("reference.sqlite")) == 4)

        var generator = SystemRandomNumberGenerator()
        for iteration in 0..<3 {
            let database = "killed-\(iteration).sqlite"
            let child = try RunningPlume(["migrate", "up", database], currentDirectory: directory.url)
            let delay = Double.random(in: 0.02...0.9, using: &generator) * Double(fullRun.components.seconds * 1000 + fullRun.components.attoseconds / 1_000_000_000_000_000)
            Thread.sleep(forTimeInterval: delay / 1000)
            child.kill()
            let killed = child.wait()
            #expect(killed.status == SIGKILL || killed.status == 0) // it may finish first
            if FileManager.default.fileExists(atPath: directory.path(database)) {
                let version = try checkConsistent(directory.path(database))
                print("kill -9 after \(Int(delay)) ms: exit \(killed.status), left at version \(version)")
            }
            let resumed = try directory.migrate(["up", database])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(try checkConsistent(directory.path(database)) == 4)
        }
    }
}

@Suite struct MigrateConcurrencyTests {
    /// Two `plume migrate up` processes on one new file at once.
    @Test(arguments: 0..<2)
    func twoMigratorsApplyEachMigrationOnce(iteration: Int) throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations(longMigrations)
        let first = try RunningPlume(["migrate", "up", "shared.sqlite"], currentDirectory: directory.url)
        let second = try RunningPlume(["migrate", "up", "shared.sqlite"], currentDirectory: directory.url)
        let results = [first.wait(), second.wait()]
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
        }
        let appliedLines = results.flatMap { $0.stdout.split(separator: "\n") }.filter { $0.hasPrefix("applied ") }
            .map { $0.split(separator: " ")[1] }.sorted()
        #expect(appliedLines == ["0001_tables.sql", "0002_fill.sql", "0003_index.sql", "0004_copy.sql"])
        #expect(try checkConsistent(directory.path("shared.sqlite")) == 4)
        #expect(try directory.sqlite("shared.sqlite", "SELECT group_concat(applied_order) FROM plume_migrations") == "1,2,3,4")
    }
}
