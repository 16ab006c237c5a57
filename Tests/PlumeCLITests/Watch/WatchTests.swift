import Foundation
import PlumeTestSupport
import Testing

/// `plume watch` end to end: the built binary watches a file while the
/// `sqlite3` shell writes to it.
@Suite struct WatchTests {
    static let schema = """
        CREATE TABLE photo (id INTEGER PRIMARY KEY, album TEXT NOT NULL, name TEXT NOT NULL, rating INTEGER NOT NULL, thumb BLOB, score REAL);
        INSERT INTO photo (album, name, rating, thumb, score) VALUES
          ('Lisbon', 'Tram', 3, X'CAFE', 0.5), ('Lisbon', 'Bridge', 5, NULL, NULL),
          ('Porto', 'River "Douro"', 4, NULL, 1e-3), ('Porto', 'Tiles', 2, NULL, 2.25);
        """
    static let query = "SELECT * FROM photo ORDER BY album, rating DESC, id"

    @Test func followsWritesFromTheSQLiteShellUntilInterrupted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        try sqlite3Script(path, Self.schema)
        let watch = try StreamingPlume(["watch", path, Self.query, "--section", "album"])
        var list = try WatchedList(initial: watch.nextLine())
        #expect(list == (try freshList(path, sql: Self.query, section: "album")))
        #expect(list.sections.map { $0.name } == ["\"Lisbon\"", "\"Porto\""])
        #expect(list.sections[0].rows[1].contains("\"thumb\":{\"base64\":\"yv4=\"}"))

        // Seeded: the writes, and so the number of events, are the same on
        // every run (a system generator could pick writes that change
        // nothing, and fail the count below once in a while).
        var rng = SeededGenerator(seed: 2026)
        var events = 0
        for step in 0..<24 {
            let album = ["Lisbon", "Porto", "Faro", "Évora 日本"].randomElement(using: &rng)!
            let statement = [
                "INSERT INTO photo (album, name, rating) VALUES ('\(album)', 'New \(step)', \(Int.random(in: 0...5, using: &rng)))",
                "DELETE FROM photo WHERE id IN (SELECT id FROM photo ORDER BY random() LIMIT 1)",
                "UPDATE photo SET rating = \(Int.random(in: 0...5, using: &rng)) WHERE id IN (SELECT id FROM photo ORDER BY random() LIMIT 2)",
                "UPDATE photo SET name = name || '!' WHERE id IN (SELECT id FROM photo ORDER BY random() LIMIT 1)",
                "UPDATE photo SET album = '\(album)' WHERE id IN (SELECT id FROM photo ORDER BY random() LIMIT 1)",
                "DELETE FROM photo WHERE album = '\(album)'",
            ].randomElement(using: &rng)!
            try sqlite3Script(path, "BEGIN; \(statement); COMMIT;")
            let fresh = try freshList(path, sql: Self.query, section: "album")
            // A write that changes nothing prints nothing: read events
            // until the list matches.
            let deadline = ContinuousClock.now + .seconds(20)
            while list != fresh {
                try list.apply(change: watch.nextLine(timeout: deadline - ContinuousClock.now))
                events += 1
            }
        }
        #expect(events > 5)
        let end = try watch.stop(signal: SIGINT)
        #expect(end.status == 0)
        #expect(end.remaining.isEmpty)
        #expect(end.stderr.isEmpty)
    }

    @Test func withoutSectionColumnThereIsOneSectionNamedNull() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        try sqlite3Script(path, Self.schema)
        let watch = try StreamingPlume(["watch", path, "SELECT id, name FROM photo WHERE rating > 2 ORDER BY name"])
        var list = try WatchedList(initial: watch.nextLine())
        #expect(list.sections.map { $0.name } == ["null"])
        try sqlite3Script(path, "UPDATE photo SET rating = 0;")
        try list.apply(change: watch.nextLine())
        #expect(list.sections.isEmpty)
        try sqlite3Script(path, "UPDATE photo SET rating = 5 WHERE id = 4;")
        try list.apply(change: watch.nextLine())
        #expect(list == (try freshList(path, sql: "SELECT id, name FROM photo WHERE rating > 2 ORDER BY name", section: nil)))
        #expect(try watch.stop(signal: SIGTERM).status == 0)
    }

    /// ±Infinity reaches a strict JSON parser (Python's) as ±Infinity.
    @Test func infiniteRealsAreJSONNumbers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reals.sqlite")
        try sqlite3Script(path, "CREATE TABLE r (id INTEGER PRIMARY KEY, x REAL); INSERT INTO r VALUES (1, 9e999), (2, -9e999), (3, 1.5);")
        let watch = try StreamingPlume(["watch", path, "SELECT id, x FROM r ORDER BY id"])
        let line = try watch.nextLine()
        #expect(line.contains(#""x":9e999"#) && line.contains(#""x":-9e999"#))
        let parsed = try PlumeProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import json, sys
            def strict(token): raise ValueError(token)
            event = json.loads(sys.stdin.read(), parse_constant=strict)
            print([row["x"] for row in event["sections"][0]["rows"]])
            """], stdin: line)
        #expect(parsed.stdout == "[inf, -inf, 1.5]\n", "\(parsed.stderr)")
        #expect(try watch.stop(signal: SIGTERM).status == 0)
    }

    @Test func tableFormatPrintsPlainLinesWhenNotATerminal() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        try sqlite3Script(path, Self.schema)
        let watch = try StreamingPlume(["watch", path, Self.query, "--section", "album", "--format", "table"])
        #expect(try watch.nextLine() == "2 sections, 4 rows")
        #expect(try watch.nextLine() == "section 0 \"Lisbon\" (2 rows)")
        #expect(try watch.nextLine() == "section 1 \"Porto\" (2 rows)")
        try sqlite3Script(path, "DELETE FROM photo WHERE name = 'Tiles';")
        #expect(try watch.nextLine() == "− [1, 1] 4  Porto  Tiles  2  NULL  2.25")
        #expect(try watch.stop().status == 0)
    }

    @Test(arguments: [
        (["watch", "MISSING", "SELECT 1 AS id"], "no database at"),
        (["watch", "DB", "SELECT * FROM nowhere"], "no such table: nowhere"),
        (["watch", "DB", "SELECT name FROM photo ORDER BY name"], "missing identity column \"id\""),
        (["watch", "DB", "SELECT * FROM photo ORDER BY id", "--id", "album"], "duplicate identity"),
        (["watch", "DB", "SELECT * FROM photo ORDER BY rating", "--section", "album"], "not ordered by its section column \"album\""),
        (["watch", "DB", "SELECT * FROM photo ORDER BY id", "--section", "nope"], "missing section column \"nope\""),
        (["watch", "DB", "SELECT 1", "--format", "xml"], "xml"),
    ])
    func badInputExitsWithAClearError(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("photos.sqlite")
        try sqlite3Script(path, Self.schema)
        let before = try PlumeProcess.sqlite3([path, ".dump"]).stdout
        let result = try PlumeProcess.plume(arguments.map { $0 == "DB" ? path : $0 == "MISSING" ? directory.path("missing.sqlite") : $0 },
                                            timeout: .seconds(30))
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.sqlite")))
        #expect(try PlumeProcess.sqlite3([path, ".dump"]).stdout == before)
    }
}
