import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// A seeded property test: random inserts, updates (key changes, `REPLACE`
/// on keys and unique columns), and deletes on tables of every key kind;
/// replaying the recorded values onto a copy of the first state gives the
/// final state, value for value (bytes for text and blobs, bits for reals).
@Suite struct ChangeHistoryValuesReplayTests {
    struct Table {
        let name: String
        /// The columns values record, in order.
        let columns: [String]
        /// `rowid` for a rowid table, nil for a `WITHOUT ROWID` one.
        let rowIDName: String?
        /// The `WITHOUT ROWID` key, as the history writes it.
        let keyExpression: String
        let schema: String
    }

    static let tables = [
        Table(name: "r", columns: ["a", "b", "c", "u"], rowIDName: "rowid", keyExpression: "rowid",
              schema: "CREATE TABLE %@ (a, b TEXT COLLATE NOCASE, c REAL, u UNIQUE)"),
        Table(name: "i", columns: ["id", "a", "b"], rowIDName: "id", keyExpression: "id",
              schema: "CREATE TABLE %@ (id INTEGER PRIMARY KEY, a, b BLOB, g AS (typeof(a)) VIRTUAL)"),
        Table(name: "w", columns: ["k1", "k2", "a", "n"], rowIDName: nil, keyExpression: sqlLiteralExpression("k1") + " || ',' || " + sqlLiteralExpression("k2"),
              schema: "CREATE TABLE %@ (k1 INTEGER, k2 TEXT, a, n NUMERIC, PRIMARY KEY (k1, k2)) WITHOUT ROWID"),
        Table(name: "t", columns: ["name", "a", "u"], rowIDName: nil, keyExpression: sqlLiteralExpression("name"),
              schema: "CREATE TABLE %@ (name TEXT PRIMARY KEY, a, u TEXT UNIQUE) WITHOUT ROWID"),
    ]

    static let keys = ["1", "2", "3", "'a'", "'b'", "'A'", "9223372036854775807"]

    static func randomStatement(_ table: Table, _ random: inout SeededGenerator) -> String {
        func value() -> String { ChangeHistoryValuesTests.values.randomElement(using: &random)! }
        func key() -> String { keys.randomElement(using: &random)! }
        func condition() -> String {
            switch table.name {
            case "w": "k1 = \(key()) OR k2 = \(key())"
            case "t": "name = \(key())"
            default: "\(table.rowIDName!) = \(Int.random(in: 1...6, using: &random))"
            }
        }
        func columnValue(_ column: String) -> String {
            switch column {
            case "id", "k1": random.chance(70) ? String(Int.random(in: 1...6, using: &random)) : value()
            case "k2", "name": key()
            case "u": random.chance(60) ? key() : value()
            default: value()
            }
        }
        // Not `OR IGNORE`: a conflict it ignores is recorded all the same
        // (readers read the row again), which this replay does not do.
        let conflict = ["", "OR REPLACE ", "OR REPLACE "].randomElement(using: &random)!
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4:
            var columns = table.columns
            var values = columns.map(columnValue)
            if table.name == "r" && random.chance(50) {
                columns.append("rowid")
                values.append(String(Int.random(in: 1...6, using: &random)))
            }
            return "INSERT \(conflict)INTO \(table.name) (\(columns.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")))"
        case 4..<8:
            var columns = table.columns.filter { _ in random.chance(40) }
            if table.name == "r" && random.chance(20) { columns.append("rowid") }
            if columns.isEmpty { columns = [table.columns.randomElement(using: &random)!] }
            let sets = columns.map { "\($0) = \($0 == "rowid" ? String(Int.random(in: 1...6, using: &random)) : columnValue($0))" }
            return "UPDATE \(conflict)\(table.name) SET \(sets.joined(separator: ", ")) WHERE \(condition())"
        default:
            return "DELETE FROM \(table.name) WHERE \(condition())"
        }
    }

    /// Applies one entry to `copy.<table>` from the values in
    /// `plume_history`, in SQL, so that text stays bytes.
    static func replay(_ entry: ChangeHistoryEntry, _ db: Database) throws {
        let table = try #require(tables.first { $0.name == entry.table })
        let seq = entry.token.sequence
        func slot(_ index: Int) -> String { "(SELECT v\(index + 1) FROM main.plume_history WHERE seq = \(seq))" }
        let target = "copy.\(table.name)"
        // The key as the history holds it (a key's text read into Swift
        // is repaired when it is not valid UTF-8).
        let match = "\(table.keyExpression) = (SELECT key FROM main.plume_history WHERE seq = \(seq))"
        switch entry.operation {
        case .insert:
            let row = try #require(entry.newRow)
            #expect(row.layout.columns == table.columns)
            var columns = table.columns, values = table.columns.indices.map(slot)
            if table.rowIDName == "rowid" { columns.append("rowid"); values.append("(SELECT key FROM main.plume_history WHERE seq = \(seq))") }
            try db.execute(sql: "INSERT OR REPLACE INTO \(target) (\(columns.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")))")
        case .delete, .conflict:
            #expect(entry.oldRow?.layout.columns == table.columns)
            try db.execute(sql: "DELETE FROM \(target) WHERE \(match)")
        case .update:
            let old = try #require(entry.oldRow), new = try #require(entry.newRow)
            #expect(old.layout.columns == new.layout.columns)
            guard !new.isEmpty else { return } // an update that changed nothing
            let sets = new.layout.columns.map { column in
                "\(column) = \(slot(2 * table.columns.firstIndex(of: column)! + 1))"
            }
            try db.execute(sql: "UPDATE \(target) SET \(sets.joined(separator: ", ")) WHERE \(match)")
            #expect(db.changesCount == 1, "\(entry.token.sequence) \(entry.table) \(entry.key) \(old) → \(new)")
        case .enabled:
            break
        case .bulk:
            Issue.record("change \(seq) of \(entry.table) was written in bulk: its rows cannot be replayed")
        }
    }

    static func contents(_ db: Database, _ schema: String) throws -> [[[String]]] {
        try tables.map { table in
            let columns = (table.rowIDName == "rowid" ? ["rowid"] : []) + table.columns
            return try ChangeHistoryValuesTests.exactRows(db, "SELECT \(ChangeHistoryValuesTests.exactColumns(columns)) FROM \(schema).\(table.name) ORDER BY \(table.keyExpression)")
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func replayingRecordedValuesReproducesTheFinalState(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        try withDatabase { db in
            try db.execute(sql: "ATTACH ':memory:' AS copy")
            for table in Self.tables {
                try db.execute(sql: table.schema.replacingOccurrences(of: "%@", with: "main.\(table.name)"))
                try db.execute(sql: table.schema.replacingOccurrences(of: "%@", with: "copy.\(table.name)"))
            }
            var failed = 0
            func run(_ count: Int) {
                for _ in 0..<count {
                    let table = Self.tables.randomElement(using: &random)!
                    let sql = Self.randomStatement(table, &random)
                    do { try db.execute(sql: sql) } catch { failed += 1 }
                }
            }
            run(40)
            // The copy of the first state.
            for table in Self.tables {
                let columns = (table.rowIDName == "rowid" ? ["rowid"] : []) + table.columns
                let list = columns.joined(separator: ", ")
                try db.execute(sql: "INSERT INTO copy.\(table.name) (\(list)) SELECT \(list) FROM main.\(table.name)")
            }
            #expect(try Self.contents(db, "main") == Self.contents(db, "copy"))
            try db.enableChangeHistory(for: Self.tables.map(\.name), values: true)
            let start = try db.currentChangeHistoryToken()
            run(300)
            let history = try db.changeHistory(since: start)
            #expect(history.entries.count > 150 && failed < 250)
            #expect(Set(history.entries.map(\.operation)) == [.insert, .update, .delete, .conflict])
            for entry in history.entries {
                #expect(entry.hasValues)
                try Self.replay(entry, db)
            }
            let final = try Self.contents(db, "main")
            #expect(final == (try Self.contents(db, "copy")))
            #expect(final.joined().count > 8)
        }
    }
}
