import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

@Table("album")
struct HistoryAlbum: Equatable {
    @Column(primaryKey: true) var id: Int64?
    var title: String
    var rating: Int
}

/// The change history with values: what the triggers copy, exactly, and
/// how entries read them.
@Suite struct ChangeHistoryValuesTests {
    /// Every SQLite value class at its edges, as SQL expressions (a `-0.0`
    /// made by underflow, text with a `NUL` and invalid UTF-8 made by
    /// casts).
    static let values = [
        "NULL", "0", "1", "-1", "9223372036854775807", "-9223372036854775807 - 1",
        "0.0", "(-1e-300 * 1e-300)", "1.0", "1.5", "9e999", "-9e999", "4.9e-324", "3.141592653589793", "-2.2250738585072014e-308",
        "''", "'a'", "'A'", "'it''s'", "'é'", "('x' || char(0) || 'y')", "CAST(X'FF80' AS TEXT)", "'line' || char(10)",
        "X''", "X'00'", "X'FF61'",
    ]

    /// Each column of `table` as `typeof` and an exact image: `hex()` for
    /// text and blobs (bytes), the bit pattern for reals (`quote()` loses
    /// `-0.0`), `quote()` for the rest.
    static func exactRows(_ db: Database, _ sql: String) throws -> [[String]] {
        try Row.fetchAll(db, sql: sql).map { row in
            row.map { value -> String in
                switch value {
                case .real(let real): "real:\(String(real.bitPattern, radix: 16))"
                case .integer(let integer): "integer:\(integer)"
                case .null: "null"
                case .text, .blob: "other:\(value)"
                }
            }
        }
    }

    /// `SELECT` list exposing exact images: typeof, hex, and the value
    /// itself (reals compared by bits in Swift).
    static func exactColumns(_ columns: [String]) -> String {
        columns.map { "typeof(\($0)), hex(\($0)), CASE WHEN typeof(\($0)) IN ('real', 'integer') THEN \($0) END" }.joined(separator: ", ")
    }

    @Test func everyValueClassRoundTripsExactly() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE v (id INTEGER PRIMARY KEY, x, t TEXT, r REAL, n NUMERIC, b BLOB)")
            try db.enableChangeHistory(for: ["v"], values: true)
            let start = try db.currentChangeHistoryToken()
            for value in Self.values {
                try db.execute(sql: "INSERT INTO v (x, t, r, n, b) VALUES (\(value), \(value), \(value), \(value), \(value))")
            }
            let history = try db.changeHistory(since: start)
            #expect(history.entries.count == Self.values.count)
            let columns = ["x", "t", "r", "n", "b"]
            for entry in history.entries {
                let row = try #require(entry.newRow)
                #expect(entry.hasValues && entry.oldRow == nil)
                #expect(row.layout.columns == ["id"] + columns)
                // SQLite's quote() of each recorded value equals quote() of the stored value.
                let slots = (2...6).map { "v\($0)" }
                let recorded = try Row.fetchOne(db, sql: "SELECT \(slots.map { "quote(\($0))" }.joined(separator: ", ")), \(Self.exactColumns(slots)) FROM plume_history WHERE seq = ?", arguments: [entry.token.sequence])
                let original = try Row.fetchOne(db, sql: "SELECT \(columns.map { "quote(\($0))" }.joined(separator: ", ")), \(Self.exactColumns(columns)) FROM v WHERE id = ?", arguments: [entry.key])
                #expect(recorded.map(Array.init) == original.map(Array.init), "\(entry.key)")
                // The values read through the entry: same class, same bits.
                let stored = try #require(try Row.fetchOne(db, sql: "SELECT id, x, t, r, n, b FROM v WHERE id = ?", arguments: [entry.key]))
                for (read, expected) in zip(row, stored) {
                    #expect(read.storageClass == expected.storageClass)
                    if case .real(let a) = read, case .real(let b) = expected { #expect(a.bitPattern == b.bitPattern) } else { #expect(read == expected) }
                }
            }
            // -0.0 survives in the untyped column, bit for bit.
            let negativeZeros = history.entries.compactMap { $0.newRow?["x"] }.filter { value in
                if case .real(let real) = value { return real == 0 && real.sign == .minus }
                return false
            }
            #expect(negativeZeros.count == 1)
        }
    }

    @Test func updatesRecordOnlyChangedColumnsBothSides() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, x, note TEXT, g AS (id * 2))")
            try db.execute(sql: "INSERT INTO p (name, x, note) VALUES ('a', 1, NULL)")
            try db.enableChangeHistory(for: ["p"], values: true)
            let start = try db.currentChangeHistoryToken()
            try db.execute(sql: "UPDATE p SET name = 'A', x = 1 WHERE id = 1") // name changes under BINARY only
            try db.execute(sql: "UPDATE p SET x = 1.0 WHERE id = 1") // 1 → 1.0: a change of class
            try db.execute(sql: "UPDATE p SET note = 'n' WHERE id = 1") // NULL → text
            try db.execute(sql: "UPDATE p SET note = NULL WHERE id = 1") // text → NULL
            try db.execute(sql: "UPDATE p SET name = name WHERE id = 1") // nothing changes
            let entries = try db.changeHistory(since: start).entries
            #expect(entries.map { $0.oldRow?.layout.columns ?? [] } == [["name"], ["x"], ["note"], ["note"], []])
            #expect(entries.map { $0.newRow?.layout.columns ?? [] } == [["name"], ["x"], ["note"], ["note"], []])
            #expect(entries[0].oldRow?["name"] == .text("a") && entries[0].newRow?["name"] == .text("A"))
            #expect(entries[1].oldRow?["x"]?.storageClass == .integer && entries[1].newRow?["x"]?.storageClass == .real)
            #expect(entries[2].oldRow?["note"] == .null && entries[2].newRow?["note"] == .text("n"))
            #expect(entries[3].oldRow?["note"] == .text("n") && entries[3].newRow?["note"] == .null)
            #expect(entries.allSatisfy { $0.hasValues && $0.newRow?["g"] == nil })
            // 0.0 → -0.0, which IS calls equal: recorded, sign and all.
            let zero = try db.currentChangeHistoryToken()
            try db.execute(sql: "UPDATE p SET x = 0.0; UPDATE p SET x = (-1e-300 * 1e-300)")
            let zeros = try db.changeHistory(since: zero).entries
            guard case .real(let negative)? = zeros.last?.newRow?["x"], case .real(let positive)? = zeros.last?.oldRow?["x"] else {
                Issue.record("0.0 → -0.0 not recorded: \(zeros)")
                return
            }
            #expect(negative.sign == .minus && positive.sign == .plus)
        }
    }

    @Test func recordsDecodeAsTypedTableRecords() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE album (rating INTEGER NOT NULL, title TEXT NOT NULL, id INTEGER PRIMARY KEY)")
            try db.enableChangeHistory(for: ["album"], values: true)
            let start = try db.currentChangeHistoryToken()
            try db.execute(sql: "INSERT INTO album (id, title, rating) VALUES (1, 'Sea', 3); UPDATE album SET rating = 5; DELETE FROM album")
            let entries = try db.changeHistory(since: start).entries
            #expect(try entries[0].decodeNew(HistoryAlbum.self) == HistoryAlbum(id: 1, title: "Sea", rating: 3))
            #expect(try entries[0].decodeOld(HistoryAlbum.self) == nil)
            #expect(try entries[2].decodeOld(HistoryAlbum.self) == HistoryAlbum(id: 1, title: "Sea", rating: 5))
            #expect(try entries[1].decodeNew(Row.self)?["rating"] == .integer(5))
            // An update's rows hold only what changed: a record needing more is refused, naming the column.
            #expect(throws: RowDecodingError.self) { try entries[1].decodeNew(HistoryAlbum.self) }
        }
    }

    @Test func keysOnlyEntriesReadAsKeysOnly() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE a (id INTEGER PRIMARY KEY, x); CREATE TABLE b (id INTEGER PRIMARY KEY, x)")
            // A history of keys only, as an earlier Plume wrote it: no value columns at all.
            try db.enableChangeHistory(for: ["a"])
            try db.execute(sql: "INSERT INTO a (x) VALUES (1)")
            #expect(try db.historyHasValueColumns() == false)
            try db.enableChangeHistory(for: ["b"], values: true)
            try db.execute(sql: "INSERT INTO a (x) VALUES (2); INSERT INTO b (x) VALUES (3)")
            // Values switched off again: keys only from then on.
            try db.enableChangeHistory(for: ["b"])
            try db.execute(sql: "UPDATE b SET x = 4")
            let entries = try db.changeHistory(since: nil).entries.filter { $0.operation != .enabled }
            #expect(entries.map { "\($0.table) \($0.operation) \($0.hasValues)" } == ["a insert false", "a insert false", "b insert true", "b update false"])
            #expect(entries.filter { !$0.hasValues }.allSatisfy { $0.oldRow == nil && $0.newRow == nil })
            #expect(entries[2].newRow?["x"] == .integer(3))
        }
    }

    @Test func columnChangesCallForEnablingAgainAndOldEntriesKeepTheirColumns() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT)")
            try db.enableChangeHistory(for: ["p"], values: true)
            try db.execute(sql: "INSERT INTO p (name) VALUES ('a')")
            try db.execute(sql: "ALTER TABLE p ADD COLUMN rating INTEGER")
            #expect { try db.changeHistory(since: nil) } throws: { ($0 as? ChangeHistoryError)?.code == .triggersOutdated }
            try db.enableChangeHistory(for: ["p"], values: true)
            try db.execute(sql: "INSERT INTO p (name, rating) VALUES ('b', 2)")
            try db.execute(sql: "ALTER TABLE p RENAME COLUMN name TO title")
            let renamed = try #require(ChangeHistoryCoverage(db, tables: ["p"]).problems["p"])
            #expect(renamed.code == .triggersOutdated)
            #expect(renamed.message.contains("columns of table \"p\" changed"))
            try db.enableChangeHistory(for: ["p"], values: true)
            try db.execute(sql: "UPDATE p SET title = 'c' WHERE id = 1")
            let entries = try db.changeHistory(since: nil).entries.filter { $0.operation != .enabled }
            #expect(entries.map { $0.newRow?.layout.columns ?? [] } == [["id", "name"], ["id", "name", "rating"], ["title"]])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM plume_history_layout") == 3)
            // Pruning and disabling leave no value table behind.
            try db.disableChangeHistory()
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name LIKE 'plume%'") == 0)
        }
    }

    @Test func guardsAndCoverageStillHold() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT)")
            try db.enableChangeHistory(for: ["p"], values: true)
            try db.execute(sql: "INSERT INTO p (name) VALUES ('a')")
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE plume_history SET v2 = 'forged'") }
            #expect(try ChangeHistoryCoverage(db, tables: ["p"]).covered == ["p"])
            try db.execute(sql: "DROP TRIGGER plume_history_update_p")
            #expect(try ChangeHistoryCoverage(db, tables: ["p"]).problems["p"]?.code == .triggersMissing)
        }
    }

    @Test func pruningKeepsTheValuesOfWhatIsLeft() throws {
        try withDatabase { db in
            try db.execute(sql: "CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT)")
            try db.enableChangeHistory(for: ["p"], values: true)
            try db.execute(sql: "INSERT INTO p (name) VALUES ('a'); INSERT INTO p (name) VALUES ('b')")
            let second = try #require(try db.changeHistory(since: nil).entries.last?.token)
            try db.execute(sql: "DELETE FROM p WHERE id = 1")
            _ = try db.deleteChangeHistory(before: second)
            let entries = try db.changeHistory(since: nil).entries
            #expect(entries.map { "\($0.operation) \($0.newRow?["name"] ?? $0.oldRow?["name"] ?? .null)" } == ["insert 'b'", "delete 'a'"])
            #expect(throws: ChangeHistoryError.self) { try db.changeHistory(since: ChangeHistoryToken(databaseID: second.databaseID, sequence: 1)) }
        }
    }

    @Test func aTableTooWideForValuesIsRefusedAndNothingChanges() throws {
        try withDatabase { db in
            let columns = (1...991).map { "c\($0)" }.joined(separator: ", ")
            try db.execute(sql: "CREATE TABLE wide (\(columns))")
            #expect { try db.enableChangeHistory(for: ["wide"], values: true) } throws: { error in
                guard let error = error as? ChangeHistoryError else { return false }
                return error.code == .noSuchTable && error.message.contains("\"wide\" has 991 columns") && error.message.contains("at most 990")
            }
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name LIKE 'plume%'") == 0)
        }
    }
}
