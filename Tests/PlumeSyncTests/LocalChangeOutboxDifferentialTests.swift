import Foundation
import Persistence
@testable import PlumeSync
import PlumeSyncProtocol
import PlumeTestSupport
import Testing

/// The outbox the engine writes (``LocalChangeCollector/outboxChanges(of:_:)``,
/// ``LocalChangeEncoder``, the insert bound column by column) is byte for
/// byte the one the general path writes (``LocalChangeCollector/changesGeneral(of:_:)``,
/// encoded through dictionaries of protocol values): seeded random
/// histories of inserts, updates (primary keys changed included), deletes
/// and `REPLACE` conflicts on a table keyed by its rowid, a rowid table
/// keyed by text with a unique column, a rowid table with a composite key,
/// a `WITHOUT ROWID` table with a composite key in another order than its
/// columns, and a table the engine does not sync; columns named in mixed
/// case, non-ASCII and with a quote; values of every storage class (text
/// with quotes, backslashes, NUL, control characters and non-ASCII; blobs;
/// reals such as -0.0 and infinities; NaN); a column added midway, so that
/// a batch holds rows of two layouts. A table's first rows (the snapshot)
/// are compared too. (A table with two columns whose names Swift finds
/// equal is refused: ``SyncColumnNameTests``.)
@Suite struct LocalChangeOutboxDifferentialTests {
    static let schema = """
        CREATE TABLE Item (ID INTEGER PRIMARY KEY, Name TEXT, "Prix Été" REAL, Data BLOB, zeta);
        CREATE TABLE Note (Id TEXT PRIMARY KEY, Title TEXT UNIQUE, rank INTEGER, "we""ird" TEXT);
        CREATE TABLE Pair (a TEXT NOT NULL, B INTEGER NOT NULL, Value, PRIMARY KEY (B, a)) WITHOUT ROWID;
        CREATE TABLE Link (x INTEGER, y TEXT, w, PRIMARY KEY (y, x));
        CREATE TABLE Other (id INTEGER PRIMARY KEY, v);
        """
    static let synced = ["Item", "note", "PAIR", "link"]

    @Test(arguments: [UInt64(1), 2, 3, 35, 99, 2_026])
    func theOutboxIsTheGeneralPathsByteForByte(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let queue = try DatabaseQueue()
        try queue.writeAndWait { db in
            try db.execute(sql: Self.schema)
            try db.enableChangeHistory(for: ["other"], values: true)
            for _ in 0..<30 { Self.randomWrite(&random, db) }
            let snapshot = try Self.generalSnapshot(Self.synced, db)
            var side = try SyncDatabaseSide.prepare(requested: Self.synced, db)
            try #require(Self.exact(Self.outbox(after: 0, db)) == Self.exact(Self.numbered(snapshot, from: 1)), "seed \(seed): the snapshot")
            let alterAt = Int.random(in: 5..<25, using: &random)
            for batch in 0..<30 {
                for _ in 0..<Int.random(in: 1...40, using: &random) { Self.randomWrite(&random, db) }
                if batch == alterAt {
                    // Rows of the old layout (without Extra) and the new one
                    // in one batch, read with the table as it is now.
                    try db.execute(sql: "ALTER TABLE Item ADD COLUMN Extra TEXT DEFAULT 'd'")
                    try db.enableChangeHistory(for: ["item"], values: true)
                    side = try SyncDatabaseSide.prepare(requested: Self.synced, db)
                    for _ in 0..<Int.random(in: 1...20, using: &random) { Self.randomWrite(&random, db) }
                }
                try Self.expectSameOutbox(side, db, context: "seed \(seed), batch \(batch)")
            }
        }
    }

    /// Collects the history since the engine's position and compares what
    /// it wrote with the general path's changes of the same entries.
    static func expectSameOutbox(_ side: SyncDatabaseSide, _ db: Database, context: String) throws {
        guard case .text(let text)? = try SyncLocalState.value("history_token", db), let token = ChangeHistoryToken(text) else {
            Issue.record("no history position (\(context))")
            return
        }
        let entries = try db.changeHistory(since: token).entries
        let collector = LocalChangeCollector(tables: side.tables)
        let general = try collector.changesGeneral(of: entries, db).map(OutboxChange.init)
        #expect(exact(try collector.outboxChanges(of: entries, db)) == exact(general), "\(context): \(entries.count) entries")
        let next = try SyncLocalState.integer("next_client_sequence", db) ?? 1
        try side.collect(db)
        #expect(exact(try outbox(after: next - 1, db)) == exact(numbered(general, from: next)), "\(context): the outbox rows")
    }

    /// The outbox rows after `sequence`, oldest first.
    static func outbox(after sequence: Int64, _ db: Database) throws -> [[DatabaseValue]] {
        try Row.fetchAll(db, sql: "SELECT seq, tbl, op, key, vals FROM plume_sync_outbox WHERE seq > ? ORDER BY seq", arguments: [sequence])
            .map { Array($0.values) }
    }

    /// The rows the general path's encoding would write from `sequence` on.
    static func numbered(_ changes: [OutboxChange], from sequence: Int64) -> [[DatabaseValue]] {
        changes.enumerated().map { offset, change in
            [.integer(sequence + Int64(offset)), .text(change.table), .text(change.operation.rawValue), .text(change.keyJSON),
             change.valuesJSON.map(DatabaseValue.text) ?? .null]
        }
    }

    /// Values compared byte for byte (`String`'s `==` finds canonically
    /// equivalent texts equal).
    static func exact(_ rows: [[DatabaseValue]]) -> [[[UInt8]]] {
        rows.map { row in
            row.map { value in
                switch value {
                case .null: [0]
                case .integer(let integer): [1] + Array(String(integer).utf8)
                case .real(let real): [2] + Array(String(real.bitPattern).utf8)
                case .text(let text): [3] + Array(text.utf8)
                case .blob(let data): [4] + Array(data)
                }
            }
        }
    }

    static func exact(_ changes: [OutboxChange]) -> [[[UInt8]]] {
        exact(numbered(changes, from: 0))
    }

    /// Every row of the tables, as the general path made a first sync's
    /// inserts: a dictionary of lowercased columns per row.
    static func generalSnapshot(_ names: [String], _ db: Database) throws -> [OutboxChange] {
        var changes: [OutboxChange] = []
        for table in try names.map({ try SyncTable($0, db) }).sorted(by: { $0.name < $1.name }) {
            for row in try Row.fetchAll(db, sql: "SELECT \(table.columns.map(SyncTable.quote).joined(separator: ", ")) FROM \(table.quotedName)") {
                var values: [String: DatabaseValue] = [:]
                for (index, column) in table.columns.enumerated() { values[column] = row[index] }
                changes.append(OutboxChange(LocalChange(table: table.name, operation: .insert, key: table.key(of: values), values: values)))
            }
        }
        return changes
    }

    static let texts = ["", "plain", "qu\"ote", "back\\slash", "a\u{0}b", "Été", "E\u{301}te\u{301}", "日本", "😀", "tab\t\n\r", "\u{1F}", "'single'"]

    static func randomValue(_ random: inout SeededGenerator) -> DatabaseValue {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: .null
        case 1: .integer(Int64.random(in: -5...5, using: &random))
        case 2: .integer([Int64.min, .max, 0, -1].randomElement(using: &random)!)
        case 3: .real([0.0, -0.0, 0.1, 1.5, 1e300, -2.5e-300, .infinity, -.infinity, .nan, 3.0].randomElement(using: &random)!)
        case 4: .blob(Data((0..<Int.random(in: 0...5, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        default: .text(texts.randomElement(using: &random)!)
        }
    }

    /// One random statement, its keys drawn from small sets so that writes
    /// collide; a statement a constraint refuses changes nothing.
    static func randomWrite(_ random: inout SeededGenerator, _ db: Database) {
        let id = DatabaseValue.integer(Int64.random(in: 1...8, using: &random))
        let other = DatabaseValue.integer(Int64.random(in: 1...8, using: &random))
        let noteID = DatabaseValue.text(["n1", "n2", "n'3", "Né", "n\u{0}5"].randomElement(using: &random)!)
        let otherNoteID = DatabaseValue.text(["n1", "n2", "n'3", "Né"].randomElement(using: &random)!)
        let title = DatabaseValue.text(["t1", "t2", "T3"].randomElement(using: &random)!)
        let a = DatabaseValue.text(["x", "Ÿ", "q\"", "a\u{0}b"].randomElement(using: &random)!)
        let b = DatabaseValue.integer(Int64.random(in: 0...2, using: &random)), otherB = DatabaseValue.integer(Int64.random(in: 0...2, using: &random))
        let y = DatabaseValue.text(["p", "q"].randomElement(using: &random)!)
        let v = { (random: inout SeededGenerator) in randomValue(&random) }
        let writes: [(String, [DatabaseValue])] = [
            ("INSERT INTO Item (ID, Name, \"Prix Été\", Data, zeta) VALUES (?, ?, ?, ?, ?)", [Bool.random(using: &random) ? id : .null, v(&random), v(&random), v(&random), v(&random)]),
            ("INSERT OR REPLACE INTO Item (ID, Name, \"Prix Été\", Data, zeta) VALUES (?, ?, ?, ?, ?)", [id, v(&random), v(&random), v(&random), v(&random)]),
            ("INSERT INTO Item (Name) VALUES (?)", [v(&random)]),
            ("UPDATE Item SET Name = ?, zeta = ? WHERE ID = ?", [v(&random), v(&random), id]),
            ("UPDATE Item SET \"Prix Été\" = ? WHERE ID >= ?", [v(&random), id]),
            ("UPDATE OR REPLACE Item SET ID = ? WHERE ID = ?", [other, id]),
            ("DELETE FROM Item WHERE ID = ?", [id]),
            ("INSERT OR REPLACE INTO Note (Id, Title, rank, \"we\"\"ird\") VALUES (?, ?, ?, ?)", [noteID, title, v(&random), v(&random)]),
            ("INSERT OR IGNORE INTO Note (Id, Title, rank, \"we\"\"ird\") VALUES (?, ?, ?, ?)", [noteID, title, v(&random), v(&random)]),
            ("UPDATE OR REPLACE Note SET Title = ? WHERE Id = ?", [title, noteID]),
            ("UPDATE OR REPLACE Note SET Id = ?, rank = ? WHERE Id = ?", [otherNoteID, v(&random), noteID]),
            ("UPDATE OR IGNORE Note SET Id = ? WHERE Id = ?", [otherNoteID, noteID]),
            ("DELETE FROM Note WHERE Id = ?", [noteID]),
            ("INSERT OR REPLACE INTO Pair (a, B, Value) VALUES (?, ?, ?)", [a, b, v(&random)]),
            ("INSERT INTO Pair (a, B, Value) VALUES (?, ?, ?)", [a, b, v(&random)]),
            ("UPDATE OR REPLACE Pair SET B = ? WHERE a = ? AND B = ?", [otherB, a, b]),
            ("UPDATE Pair SET Value = ? WHERE B = ?", [v(&random), b]),
            ("DELETE FROM Pair WHERE a = ?", [a]),
            ("INSERT OR REPLACE INTO Link (x, y, w) VALUES (?, ?, ?)", [b, y, v(&random)]),
            ("UPDATE OR REPLACE Link SET y = ? WHERE x = ?", [y, b]),
            ("UPDATE Link SET w = ? WHERE y = ?", [v(&random), y]),
            ("DELETE FROM Link WHERE x = ?", [b]),
            ("INSERT OR REPLACE INTO Other (id, v) VALUES (?, ?)", [id, v(&random)]),
        ]
        let (sql, arguments) = writes.randomElement(using: &random)!
        // Inserts come in runs, as an app's import writes them.
        let times = sql.hasPrefix("INSERT INTO Item (Name)") ? Int.random(in: 1...30, using: &random) : 1
        for _ in 0..<times {
            do { try db.execute(sql: sql, arguments: StatementArguments(positional: arguments)) } catch {}
        }
    }

    @Test(arguments: [UInt64(4), 5, 6])
    func objectShapesWriteWhatObjectTextWrites(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pool = ["id", "ID", "b", "a", "é", "e\u{301}", "z\"q", "back\\", "日", "A_1", "a1", "", "\u{1}"]
        for _ in 0..<200 {
            let names = (0..<Int.random(in: 0...6, using: &random)).map { _ in pool.randomElement(using: &random)! }
            let values = names.map { _ in SyncValue(Self.randomValue(&random)) }
            let row = SyncRow(names.enumerated().map { ($1, values[$0]) }, uniquingKeysWith: { $1 })
            guard let shape = SyncJSON.ObjectShape(names: names) else {
                #expect(row.count < names.count, "\(names) has no repeated name")
                continue
            }
            #expect(Array(shape.text { values[$0] }.utf8) == Array(SyncJSON.objectText(row).utf8), "\(names)")
            #expect(Array(SyncJSON.keyText(count: values.count) { values[$0] }.utf8) == Array(SyncJSON.keyText(values).utf8))
        }
    }
}
