import Foundation
import PlumeTestSupport
import Testing

/// `plume demo` end to end, with standard output a pipe (plain lines).
@Suite struct DemoTests {
    @Test func playsTheSceneAndEndsWithASummary() throws {
        let result = try PlumeProcess.plume(["demo", "--photos", "800"], timeout: .seconds(120))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "12 sections, 800 rows")
        #expect(lines.filter { $0.hasPrefix("▶ step ") }.count == 10)
        #expect(lines.contains("▶ step 7/10, plume: empty the album Zanzibar: its section vanishes"))
        #expect(lines.contains { $0.hasPrefix("section − 11 \"Zanzibar\"") })
        #expect(lines.contains("section + 0 \"Antarctica\" (4 rows)"))
        #expect(lines.contains { $0.hasPrefix("↕ ") })
        #expect(lines.contains { $0.hasPrefix("~ ") })
        let summary = try #require(lines.firstIndex { $0.hasPrefix("plume demo: 10 steps") })
        #expect(lines[summary] == "plume demo: 10 steps, 10 change sets applied to the list")
        #expect(lines[summary...].contains("  the list matches a fresh query: yes"))
        #expect(lines[summary...].contains { $0.hasPrefix("  write to list: median ") })
        #expect(!lines.contains { $0.contains("no change set for step") })
        #expect(result.stderr.isEmpty)
    }

    @Test func keepsTheDatabaseItWasGiven() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("demo.sqlite")
        let result = try PlumeProcess.plume(["demo", "--photos", "300", "--database", path], timeout: .seconds(120))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("  rows: ") })
        let count = try PlumeProcess.sqlite3([path, "SELECT count(*) FROM photo"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(rows.hasSuffix("→ \(count) in 12 albums"))
        let albums = try PlumeProcess.sqlite3([path, "SELECT name FROM album WHERE id IN (SELECT album_id FROM photo) ORDER BY name"]).stdout
        #expect(albums.contains("Antarctica") && albums.contains("Québec") && !albums.contains("Zanzibar"))

        // A second run refuses to overwrite it.
        let again = try PlumeProcess.plume(["demo", "--database", path])
        #expect(again.status != 0)
        #expect(again.stderr.contains("\(path) already exists"))
        #expect(try PlumeProcess.sqlite3([path, "SELECT count(*) FROM photo"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == count)
    }

    @Test func anInterruptedDemoStillSummarizesAndExitsZero() throws {
        let demo = try StreamingPlume(["demo", "--photos", "200", "--pace", "60000"])
        while try !demo.nextLine().hasSuffix("the scene begins") {}
        let end = try demo.stop(signal: SIGINT)
        #expect(end.status == 0)
        #expect(end.remaining.first?.hasPrefix("plume demo: 0 steps (interrupted)") == true, "\(end.remaining)")
    }

    @Test func theSecondProcessFallbackRunsSQLInOneTransaction() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("x.sqlite")
        _ = try PlumeProcess.sqlite3([path, "CREATE TABLE t(x)"])
        let ok = try PlumeProcess.plume(["demo", "--database", path, "--execute", "BEGIN; INSERT INTO t VALUES (1); COMMIT;"])
        #expect(ok.status == 0)
        let failing = try PlumeProcess.plume(["demo", "--database", path, "--execute", "BEGIN; INSERT INTO t VALUES (2); INSERT INTO nowhere VALUES (3); COMMIT;"])
        #expect(failing.status != 0)
        #expect(failing.stderr.contains("no such table: nowhere"))
        #expect(try PlumeProcess.sqlite3([path, "SELECT group_concat(x) FROM t"]).stdout == "1\n")
    }
}
