import Foundation
import PlumeTestSupport
import Testing
@testable import Persistence

/// An update's entry records exactly the columns whose stored value
/// changed, byte for byte and class for class, whatever the column's
/// affinity and collation: checked against images of the row read before
/// and after each random update.
@Suite struct ChangeHistoryUpdateValuesPropertyTests {
    /// Columns of every affinity, a case-blind collation, and the rowid
    /// alias (never recorded: an update keeps it, or is a key change).
    static let schema = """
        CREATE TABLE t (id INTEGER PRIMARY KEY, i INTEGER, r REAL, s TEXT COLLATE NOCASE, b BLOB, n NUMERIC, x, u TEXT NOT NULL DEFAULT '')
        """
    static let columns = ["i", "r", "s", "b", "n", "x", "u"]

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func recordedColumnsAreExactlyTheChangedOnes(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let values = ChangeHistoryValuesTests.values
        try withDatabase { db in
            try db.execute(sql: Self.schema)
            for id in 1...4 {
                try db.execute(sql: "INSERT INTO t (id, i, r, s, b, n, x) VALUES (\(id), 1, 1.5, 'a', X'00', 2, 'x')")
            }
            try db.enableChangeHistory(for: ["t"], values: true)
            for step in 0..<PropertyTestScale.cases(150) {
                let id = Int.random(in: 1...4, using: &random)
                // Set some columns to random values (often the value they
                // hold, or one equal to it under `=` or NOCASE).
                var assignments: [String] = []
                for column in Self.columns where random.chance(45) {
                    let value = random.chance(30) ? column : values.randomElement(using: &random)!
                    assignments.append("\(column) = \(column == "u" ? "coalesce(\(value), '')" : value)")
                }
                if assignments.isEmpty { assignments = ["i = i"] }
                let images = "SELECT \(ChangeHistoryValuesTests.exactColumns(Self.columns)) FROM t WHERE id = \(id)"
                let before = try ChangeHistoryValuesTests.exactRows(db, images)[0]
                let token = try db.currentChangeHistoryToken()
                try db.execute(sql: "UPDATE t SET \(assignments.joined(separator: ", ")) WHERE id = \(id)")
                let after = try ChangeHistoryValuesTests.exactRows(db, images)[0]
                let changed = Self.columns.indices.filter { index in before[3 * index..<3 * index + 3] != after[3 * index..<3 * index + 3] }.map { Self.columns[$0] }
                let entries = try db.changeHistory(since: token).entries
                let context = Comment(rawValue: "seed \(seed) step \(step): UPDATE t SET \(assignments.joined(separator: ", ")) WHERE id = \(id)")
                try #require(entries.count == 1, context)
                let recorded = entries[0].newRow?.layout.columns ?? []
                // A real zero in a column without affinity (`b`, `x`) is
                // copied even when unchanged (SQL cannot read a zero's sign).
                let zeros = try Row.fetchOne(db, sql: "SELECT typeof(b) = 'real' AND b = 0, typeof(x) = 'real' AND x = 0 FROM t WHERE id = ?", arguments: [id])!
                let unchangedZeros = Set(recorded).subtracting(changed).filter { column in
                    (column == "b" && zeros[0] == .integer(1)) || (column == "x" && zeros[1] == .integer(1))
                }
                #expect(Set(recorded).subtracting(unchangedZeros) == Set(changed), context)
                #expect(entries[0].oldRow?.layout.columns ?? [] == recorded, context)
                #expect(!recorded.contains("id"), context)
            }
        }
    }
}
