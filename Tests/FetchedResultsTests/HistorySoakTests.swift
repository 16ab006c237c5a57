import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// A seeded random mix of everything that has ever fooled the change
/// history — concurrent writer processes, `REPLACE` through expression and
/// partial unique indexes, indexes added after enabling, dropped triggers,
/// a table renamed and recreated, edits of the history, pruning, rows
/// written in bulk without their entries — with the
/// list compared to a fresh fetch after every step and checked for order
/// on every delivered state.
///
/// CI runs a few steps per seed; `Scripts/history-soak.sh` runs many
/// (`PLUME_SOAK_STEPS`, `PLUME_SOAK_SEEDS`).
@Suite struct HistorySoakTests {
    static let steps = ProcessInfo.processInfo.environment["PLUME_SOAK_STEPS"].flatMap(Int.init) ?? 10
    static let seeds: [UInt64] = {
        let count = ProcessInfo.processInfo.environment["PLUME_SOAK_SEEDS"].flatMap(Int.init) ?? 2
        return (0..<UInt64(max(count, 1))).map { 1_000 + $0 }
    }()

    static let schema = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, code TEXT, state TEXT, score INTEGER);
        CREATE UNIQUE INDEX item_code ON item(lower(code));
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
        INSERT INTO item (code, state, score) SELECT 'c' || i, 'live', i % 9 FROM n;
        """

    static let inScoreOrder: @Sendable ([Row]) -> String? = { rows in
        let keys = rows.map { row -> (Int64, Int64) in
            guard case .integer(let score)? = row["score"], case .integer(let id)? = row["id"] else { return (-1, -1) }
            return (score, id)
        }
        return zip(keys, keys.dropFirst()).contains(where: { $0 >= $1 }) ? "the list is out of (score, id) order" : nil
    }

    @Test(arguments: seeds, [Database.JournalMode.wal, .delete])
    func randomAdversarialStepsMatchARefetch(seed: UInt64, journalMode: Database.JournalMode) async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score")])
        try await HistoryScenario.run(journalMode: journalMode, schema: Self.schema, request: request, invariant: Self.inScoreOrder) { scenario in
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            var generator = SeededGenerator(seed: seed &* 31 &+ (journalMode == .wal ? 0 : 1))
            for step in 0..<Self.steps {
                let action = Int.random(in: 0..<12, using: &generator)
                try await Self.perform(action, scenario, &generator)
                #expect(try await scenario.converges(), "seed \(seed) step \(step): action \(action)")
            }
        }
    }

    static func perform(_ action: Int, _ scenario: HistoryScenario, _ generator: inout SeededGenerator) async throws {
        switch action {
        case 0...2:
            // Two writer processes in bursts, and this process writing too.
            let scripts = (0..<2).map { _ in (0..<15).map { _ in randomStatement(&generator) }.joined(separator: "\n") }
            let processes = try scripts.map { try HistoryScenario.startShell(scenario.path, $0) }
            for _ in 0..<5 {
                let sql = randomStatement(&generator)
                try? await scenario.writer.write { db in try db.execute(sql: sql) }
            }
            for process in processes { process.waitUntilExit() }
        case 3:
            let index = ["CREATE UNIQUE INDEX IF NOT EXISTS item_live ON item(state, score) WHERE state = 'unique'",
                         "CREATE UNIQUE INDEX IF NOT EXISTS item_state ON item(substr(state, 1, 3), code)",
                         "DROP INDEX IF EXISTS item_live"].randomElement(using: &generator)!
            try scenario.shell(index + ";", allowFailure: true)
        case 4:
            try scenario.shell("DROP TRIGGER IF EXISTS \(["plume_history_conflict_insert_item", "plume_history_rekey_item", "plume_history_update_item"].randomElement(using: &generator)!);")
        case 5:
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["item"]) }
        case 6:
            try scenario.shell("""
                BEGIN;
                ALTER TABLE item RENAME TO item_old;
                CREATE TABLE item (id INTEGER PRIMARY KEY, code TEXT, state TEXT, score INTEGER);
                INSERT INTO item SELECT * FROM item_old;
                DROP TABLE item_old;
                CREATE UNIQUE INDEX item_code ON item(lower(code));
                COMMIT;
                """)
        case 7:
            try scenario.shell("BEGIN; \(randomStatement(&generator)) DELETE FROM plume_history WHERE seq = (SELECT max(seq) FROM plume_history); COMMIT;", allowFailure: true)
        case 8:
            _ = try? await scenario.writer.write { db in try db.pruneChangeHistory(ChangeHistoryRetention(maximumAge: .zero, maximumCount: 1)) }
        case 10:
            // Rows written in bulk, unrecorded one by one, by another
            // connection (a sync client's bootstrap): followed as a table
            // to read again.
            let statements = (0..<8).map { _ in randomStatement(&generator) }
            var configuration = Database.Configuration()
            configuration.busyTimeout = .seconds(10)
            let other = try Database(location: .file(scenario.path), configuration: configuration)
            defer { try? other.close() }
            try other.inTransaction(.immediate) {
                try other.writingInBulk(into: "item") { for sql in statements { try? other.execute(sql: sql) } }
            }
        case 11:
            // The same by the observed writer itself.
            let statements = (0..<8).map { _ in randomStatement(&generator) }
            try await scenario.writer.write { db in
                try db.writingInBulk(into: "item") { for sql in statements { try? db.execute(sql: sql) } }
            }
        default:
            try scenario.shell("BEGIN; \((0..<6).map { _ in randomStatement(&generator) }.joined(separator: " ")) COMMIT;", allowFailure: true)
        }
    }

    /// One random write to `item`, as `sqlite3` runs it (`REPLACE`
    /// conflict resolution included, recursive triggers off).
    static func randomStatement(_ generator: inout SeededGenerator) -> String {
        let id = Int.random(in: 1...60, using: &generator)
        let code = ["c\(Int.random(in: 1...60, using: &generator))", "C\(Int.random(in: 1...60, using: &generator))"].randomElement(using: &generator)!
        let score = Int.random(in: -3...12, using: &generator)
        let state = ["live", "draft", "unique"].randomElement(using: &generator)!
        return [
            "INSERT OR REPLACE INTO item (code, state, score) VALUES ('\(code)', '\(state)', \(score));",
            "INSERT OR IGNORE INTO item (code, state, score) VALUES ('\(code)', '\(state)', \(score));",
            "UPDATE OR REPLACE item SET code = '\(code)', score = \(score) WHERE id = \(id);",
            "UPDATE OR IGNORE item SET score = \(score), state = '\(state)' WHERE id = \(id);",
            "UPDATE OR REPLACE item SET id = \(Int.random(in: 1...60, using: &generator)) WHERE id = \(id);",
            "DELETE FROM item WHERE id = \(id);",
            "REPLACE INTO item (id, code, state, score) VALUES (\(id), '\(code)', '\(state)', \(score));",
            "INSERT INTO item (code, state, score) VALUES ('\(code)', '\(state)', \(score)) ON CONFLICT DO UPDATE SET score = excluded.score;",
        ].randomElement(using: &generator)!
    }
}
