import Foundation
import Persistence
import PlumeTestSupport
import Testing

/// Statement iteration over any text: it always ends, and text after a NUL
/// is never run (SQLite's C API reads SQL up to a NUL).
@Suite(.timeLimit(.minutes(5))) struct StatementIterationFuzzTests {
    @Test func aNULEndsTheScript() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE a (x);\0CREATE TABLE b (y);")
        try db.execute(sql: "INSERT INTO a VALUES (1)\0garbage that is not SQL")
        try db.execute(sql: "\0DROP TABLE a")
        #expect(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master ORDER BY name") == ["a"])
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM a") == 1)
        var lines: [Int] = []
        try db.forEachStatement(in: "SELECT 1;\nSELECT 2;\0\nSELECT 3;") { _, line in lines.append(line) }
        #expect(lines == [1, 2])
    }

    /// Fragments of SQL, separators, comments, NULs, quotes and bytes that
    /// are not UTF-8, in random order: every script ends, with a result
    /// or a `DatabaseError`, and leaves the connection usable.
    @Test func randomScriptsAlwaysEnd() throws {
        let fragments = [
            "SELECT 1", ";", " ", "\n", "\0", "-- comment\n", "/* block */", "/* open", "'", "\"", "(", ")",
            "CREATE TABLE IF NOT EXISTS t (x)", "INSERT INTO t VALUES (1)", "BEGIN", "COMMIT", "ROLLBACK",
            "SELECT * FROM missing", "x'00'", "é", "\u{FEFF}", "\u{0301}", String(repeating: "ÿ", count: 90),
        ]
        var random = SeededGenerator(seed: 2026)
        let db = try Database(path: ":memory:")
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                if Int.random(in: 0..<5, using: &random) == 0 {
                    bytes += (0..<Int.random(in: 1...100, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                } else {
                    bytes += Array(fragments.randomElement(using: &random)!.utf8)
                }
            }
            let sql = String(decoding: bytes, as: UTF8.self)
            do {
                try db.execute(sql: sql)
            } catch is DatabaseError {
                // An error is an answer.
            }
            if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
        }
        #expect(try Int.fetchOne(db, sql: "SELECT 42") == 42)
    }
}
