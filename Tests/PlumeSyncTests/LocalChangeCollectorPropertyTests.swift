import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import PlumeTestSupport
import Testing

/// The collector's changes, replayed on the rows as they were, give the
/// rows as they are: seeded random writes of every kind the history
/// records (`REPLACE` over a key, a key changed, a unique conflict
/// resolved by `REPLACE` or ignored, a failed statement) on a rowid table
/// keyed by its rowid, a rowid table keyed by text with a unique column,
/// and a `WITHOUT ROWID` table, read back in batches of random length.
@Suite struct LocalChangeCollectorPropertyTests {
    static let schema = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL);
        CREATE TABLE note (id TEXT PRIMARY KEY, title TEXT UNIQUE, rank INTEGER);
        CREATE TABLE pair (a TEXT NOT NULL, b INTEGER NOT NULL, value, PRIMARY KEY (a, b)) WITHOUT ROWID;
        """

    @Test(arguments: [UInt64(1), 2, 3, 35, 77, 1_234])
    func replayedChangesGiveTheTablesAsTheyAre(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let queue = try DatabaseQueue()
        var mirror: [String: [[SyncValue]: [String: DatabaseValue]]] = [:]
        try queue.writeAndWait { db in
            try db.execute(sql: Self.schema)
            try db.enableChangeHistory(for: ["item", "note", "pair"], values: true)
            let tables = try Dictionary(uniqueKeysWithValues: ["item", "note", "pair"].map { ($0, try SyncTable($0, db)) })
            let collector = LocalChangeCollector(tables: tables)
            var token = try db.currentChangeHistoryToken()
            for batch in 0..<60 {
                var written: [String] = []
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    let sql = Self.randomWrite(&random)
                    written.append(sql)
                    do { try db.execute(sql: sql) } catch {} // a constraint failure changes nothing
                }
                let history = try db.changeHistory(since: token)
                token = history.token
                for change in try collector.changesGeneral(of: history.entries, db) {
                    try Self.replay(change, on: &mirror, context: "seed \(seed), batch \(batch): \(written)")
                }
                for table in tables.values {
                    #expect(try Self.rows(of: table, db) == mirror[table.name, default: [:]], "seed \(seed), batch \(batch), table \(table.name) after \(written)")
                }
            }
        }
    }

    /// One random statement on one of the tables, its keys drawn from
    /// small sets so that writes collide.
    static func randomWrite(_ random: inout SeededGenerator) -> String {
        let id = Int.random(in: 1...6, using: &random), other = Int.random(in: 1...6, using: &random)
        let text = "'v\(Int.random(in: 0...99, using: &random))'"
        let title = "'t\(Int.random(in: 1...4, using: &random))'"
        let a = Bool.random(using: &random) ? "'x'" : "'y'"
        return [
            "INSERT OR REPLACE INTO item (id, name, price) VALUES (\(id), \(text), \(Double(other) / 4))",
            "INSERT OR IGNORE INTO item (name) VALUES (\(text))",
            "UPDATE item SET name = \(text) WHERE id = \(id)",
            "UPDATE item SET price = NULL, name = name || 'x' WHERE id >= \(id)",
            "UPDATE OR REPLACE item SET id = \(other) WHERE id = \(id)",
            "DELETE FROM item WHERE id = \(id)",
            "INSERT OR REPLACE INTO note (id, title, rank) VALUES ('n\(id)', \(title), \(other))",
            "INSERT OR IGNORE INTO note (id, title, rank) VALUES ('n\(id)', \(title), \(other))",
            "INSERT INTO note (id, title, rank) VALUES ('n\(id)', \(title), \(other))",
            "UPDATE OR REPLACE note SET title = \(title) WHERE id = 'n\(id)'",
            "UPDATE OR IGNORE note SET id = 'n\(other)' WHERE id = 'n\(id)'",
            "UPDATE OR REPLACE note SET id = 'n\(other)', rank = rank + 1 WHERE id = 'n\(id)'",
            "UPDATE note SET rank = rank * 2 WHERE rank > \(other)",
            "DELETE FROM note WHERE id = 'n\(id)'",
            "INSERT OR REPLACE INTO pair (a, b, value) VALUES (\(a), \(other % 3), \(text))",
            "UPDATE pair SET value = \(id) WHERE a = \(a) AND b = \(other % 3)",
            "UPDATE OR REPLACE pair SET b = \(id % 3) WHERE a = \(a) AND b = \(other % 3)",
            "UPDATE OR IGNORE pair SET a = 'y', value = NULL WHERE b = \(other % 3)",
            "DELETE FROM pair WHERE b = \(other % 3)",
        ].randomElement(using: &random)!
    }

    /// Applies a change as the protocol defines it: an insert sets the
    /// whole row, an update the columns it names on a row that exists, a
    /// delete removes a row that exists.
    static func replay(_ change: LocalChange, on mirror: inout [String: [[SyncValue]: [String: DatabaseValue]]], context: String) throws {
        let key = change.key.map(SyncValue.init)
        switch change.operation {
        case .insert:
            mirror[change.table, default: [:]][key] = change.values
        case .update:
            guard var row = mirror[change.table]?[key] else {
                Issue.record("an update of \(change.table) \(key) that no row has (\(context))")
                return
            }
            for (column, value) in change.values ?? [:] { row[column] = value }
            mirror[change.table]![key] = row
        case .delete:
            if mirror[change.table]?.removeValue(forKey: key) == nil {
                Issue.record("a delete of \(change.table) \(key) that no row has (\(context))")
            }
        }
    }

    /// The table's rows by primary key.
    static func rows(of table: SyncTable, _ db: Database) throws -> [[SyncValue]: [String: DatabaseValue]] {
        var rows: [[SyncValue]: [String: DatabaseValue]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name)") {
            var values: [String: DatabaseValue] = [:]
            for (index, column) in table.columns.enumerated() { values[column] = row[index] }
            rows[table.key(of: values).map(SyncValue.init)] = values
        }
        return rows
    }
}
