import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResults

/// The change history's fast path under adversarial writers: every list a
/// controller delivers is one the database held, and the list always ends
/// equal to a fresh fetch. Where the history cannot prove it saw every
/// change, the controller refetches, and says why.
@Suite struct HistoryFastPathTests {
    // MARK: Torn reads

    static let accounts = """
        CREATE TABLE account (id INTEGER PRIMARY KEY, owner TEXT, balance INTEGER);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
        INSERT INTO account (owner, balance) SELECT 'o' || i, 20000 FROM n;
        """

    /// Balances always sum to 2,000,000, and the list is in balance order.
    static let transferInvariant: @Sendable ([Row]) -> String? = { rows in
        let balances = rows.map { row -> Int64 in
            if case .integer(let value)? = row["balance"] { return value }
            return -1
        }
        let total = balances.reduce(0, +)
        if total != 2_000_000 { return "balances sum to \(total), a state no commit held" }
        if zip(balances, balances.dropFirst()).contains(where: { $0 > $1 }) { return "the list is out of balance order" }
        return nil
    }

    /// A script of transfers between random accounts, one transaction each.
    static func transfers(_ count: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let from = Int.random(in: 1...100, using: &generator), to = Int.random(in: 1...100, using: &generator)
            let amount = Int.random(in: 1...5_000, using: &generator)
            return "BEGIN IMMEDIATE; UPDATE account SET balance = balance - \(amount) WHERE id = \(from); UPDATE account SET balance = balance + \(amount) WHERE id = \(to); COMMIT;"
        }.joined(separator: "\n")
    }

    @Test(arguments: [Database.JournalMode.wal, .delete], [true, false])
    func twoWriterProcessesInBurstsNeverShowAStateNoCommitHeld(journalMode: Database.JournalMode, history: Bool) async throws {
        let request = FetchRequest(table: "account", sortedBy: [.ascending("balance")])
        try await HistoryScenario.run(journalMode: journalMode, schema: Self.accounts, request: request, invariant: Self.transferInvariant) { scenario in
            if history { try await scenario.writer.write { db in try db.enableChangeHistory(for: ["account"]) } }
            let writers = try (0..<2).map { try HistoryScenario.startShell(scenario.path, Self.transfers(150, seed: UInt64(11 + $0))) }
            // This process writes too: its commits meet the others' in one
            // snapshot.
            var generator = SeededGenerator(seed: 5)
            for _ in 0..<40 {
                let from = Int.random(in: 1...100, using: &generator), to = Int.random(in: 1...100, using: &generator)
                try await scenario.writer.write { db in
                    try db.execute(sql: "UPDATE account SET balance = balance - 7 WHERE id = ?", arguments: [from])
                    try db.execute(sql: "UPDATE account SET balance = balance + 7 WHERE id = ?", arguments: [to])
                }
            }
            for writer in writers { writer.waitUntilExit(); #expect(writer.terminationStatus == 0) }
            #expect(try await scenario.converges())
        }
    }

    // MARK: Deletes the history never sees

    static let codes = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, code TEXT, state TEXT, score INTEGER);
        INSERT INTO item (code, state, score) VALUES ('Alpha', 'live', 1), ('beta', 'live', 2), ('Gamma', 'draft', 3), ('delta', 'draft', 4);
        """

    @Test(arguments: [
        "CREATE UNIQUE INDEX item_code ON item(lower(code))",
        "CREATE UNIQUE INDEX item_code ON item(code COLLATE NOCASE)",
        "CREATE UNIQUE INDEX item_live ON item(state, score) WHERE state = 'live'",
        "CREATE UNIQUE INDEX item_code ON item(/* comment */ lower(code) -- the key\n)",
        "CREATE UNIQUE INDEX item_code ON item(substr(code, 1, 1) || '-' || score)",
    ])
    func replaceThroughEveryKindOfUniqueIndexIsFollowedIncrementally(index: String) async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score")])
        try await HistoryScenario.run(schema: Self.codes + index + ";", request: request) { scenario in
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            let before = scenario.statistics
            try scenario.shell("""
                INSERT OR REPLACE INTO item (code, state, score) VALUES ('ALPHA', 'live', 2);
                REPLACE INTO item (code, state, score) VALUES ('GAMMA', 'draft', 9);
                UPDATE OR REPLACE item SET code = 'Beta', state = 'live', score = 2 WHERE id = 4;
                INSERT INTO item (code, state, score) VALUES ('A', 'live', 1) ON CONFLICT DO NOTHING;
                """)
            #expect(try await scenario.converges())
            #expect(scenario.statistics.refetches == before.refetches, "\(before) → \(scenario.statistics)")
            #expect(scenario.problems.withLock { $0 }.isEmpty)
        }
    }

    @Test func aUniqueIndexAddedAfterEnablingFallsBackUntilRepaired() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score")])
        try await HistoryScenario.run(schema: Self.codes, request: request) { scenario in
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            try scenario.shell("CREATE UNIQUE INDEX item_code ON item(lower(code));")
            #expect(try await scenario.converges())
            try scenario.shell("INSERT OR REPLACE INTO item (code, state, score) VALUES ('ALPHA', 'x', 7);")
            #expect(try await scenario.converges())
            #expect(scenario.problems.withLock { $0 }.last?.code == .triggersOutdated)
            // Enabling again covers the new index: incremental once more.
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            #expect(try await scenario.converges())
            let repaired = scenario.statistics
            try scenario.shell("INSERT OR REPLACE INTO item (code, state, score) VALUES ('BETA', 'x', 8);")
            #expect(try await scenario.converges())
            #expect(scenario.statistics.refetches == repaired.refetches)
        }
    }

    @Test func aDroppedConflictTriggerFallsBack() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score")])
        try await HistoryScenario.run(schema: Self.codes + "CREATE UNIQUE INDEX item_code ON item(code);", request: request) { scenario in
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            try scenario.shell("DROP TRIGGER plume_history_conflict_insert_item; INSERT OR REPLACE INTO item (code, state, score) VALUES ('Alpha', 'x', 7);")
            #expect(try await scenario.converges())
            #expect(scenario.problems.withLock { $0 }.last?.code == .triggersMissing)
            try scenario.shell("INSERT OR REPLACE INTO item (code, state, score) VALUES ('beta', 'y', 8);")
            #expect(try await scenario.converges())
        }
    }

    // MARK: Trigger and table identity

    @Test func aTableRenamedAndRecreatedIsStillFollowed() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score")])
        try await HistoryScenario.run(schema: Self.codes, request: request) { scenario in
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            // One transaction: the request's table is never missing.
            try scenario.shell("""
                BEGIN;
                ALTER TABLE item RENAME TO item_old;
                CREATE TABLE item (id INTEGER PRIMARY KEY, code TEXT, state TEXT, score INTEGER);
                INSERT INTO item (code, state, score) VALUES ('new', 'live', 5);
                COMMIT;
                """)
            #expect(try await scenario.converges())
            for step in 0..<3 {
                try scenario.shell("INSERT INTO item (code, state, score) VALUES ('n\(step)', 'live', \(step)); UPDATE item SET score = score + 10 WHERE id = 1;")
                #expect(try await scenario.converges())
            }
            #expect(scenario.problems.withLock { $0 }.last?.code == .triggersMissing)
        }
    }

    @Test func tablesWhoseNamesDifferBeyondASCIICaseAreRecordedApart() async throws {
        let schema = """
            CREATE TABLE "Été" (id INTEGER PRIMARY KEY, score INTEGER);
            CREATE TABLE "été" (id INTEGER PRIMARY KEY, score INTEGER);
            INSERT INTO "Été" (score) VALUES (1), (2); INSERT INTO "été" (score) VALUES (10), (20);
            """
        let request = FetchRequest(table: "été", sortedBy: [.ascending("score")])
        try await HistoryScenario.run(schema: schema, request: request) { scenario in
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["Été", "été"]) }
            let triggers = try await scenario.writer.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'plume_history_insert_%'")
            }
            #expect(triggers == 2)
            let before = scenario.statistics
            try scenario.shell("""
                UPDATE "été" SET score = 0 WHERE id = 2; INSERT INTO "été" (score) VALUES (15);
                UPDATE "Été" SET score = 99 WHERE id = 1; DELETE FROM "Été" WHERE id = 2;
                """)
            #expect(try await scenario.converges())
            #expect(scenario.statistics.refetches == before.refetches)
            let entries = try await scenario.writer.read { db in try db.changeHistory(since: nil).entries.map(\.table) }
            #expect(Set(entries) == ["", "Été".sqlNameKey(), "été"])
        }
    }

    // MARK: Tampering

    @Test func historyRowsDeletedInTheWritingTransactionAreRefused() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score")])
        try await HistoryScenario.run(schema: Self.codes, request: request) { scenario in
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            let errors = try scenario.shell("""
                BEGIN;
                UPDATE item SET score = 100 WHERE id = 1;
                DELETE FROM plume_history WHERE seq = (SELECT max(seq) FROM plume_history);
                UPDATE plume_history SET key = 3 WHERE seq = (SELECT max(seq) FROM plume_history);
                COMMIT;
                """, allowFailure: true)
            #expect(errors.contains("deleted only by pruning") && errors.contains("cannot be edited"))
            #expect(try await scenario.converges())
        }
    }

    @Test func aGuardDroppedByHandIsNoticed() async throws {
        let request = FetchRequest(table: "item", sortedBy: [.ascending("score")])
        try await HistoryScenario.run(schema: Self.codes, request: request) { scenario in
            try await scenario.writer.write { db in try db.enableChangeHistory(for: ["item"]) }
            try scenario.shell("""
                DROP TRIGGER plume_history_guard_delete;
                BEGIN; UPDATE item SET score = 100 WHERE id = 1; DELETE FROM plume_history WHERE seq = (SELECT max(seq) FROM plume_history); COMMIT;
                """)
            #expect(try await scenario.converges())
            try scenario.shell("UPDATE item SET score = -1 WHERE id = 2;")
            #expect(try await scenario.converges())
            #expect(scenario.problems.withLock { $0 }.last?.code == .triggersMissing)
        }
    }
}
