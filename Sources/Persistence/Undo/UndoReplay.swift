import Foundation

/// Applies the inverse of a range of history entries, newest first, in SQL
/// from the values `plume_history` holds, so that every value is written
/// back exactly as SQLite stored it (text with `NUL`s or invalid UTF-8,
/// `-0.0`, integers at ±2^63): no value passes through Swift.
///
/// Each inverse also appends its own history entry (the triggers are off
/// while undo runs, see ``DatabaseUndoStack``), copied from the entry it
/// inverts with the operation turned around: an insert's inverse is
/// recorded as a delete of the same values, a delete's as an insert, an
/// update's with old and new swapped.
struct UndoReplay {
    struct Entry {
        let sequence: Int64
        let operation: ChangeHistoryEntry.Operation
        let key: UndoRowKey
        let layout: Int64
        /// For an update, the indexes of the columns it changed.
        var changed: [Int]
    }

    let db: Database
    private var tables: [String: UndoTable] = [:]
    private let layouts: [Int64: RowLayout]
    /// How many value columns `plume_history` has.
    private let slotCount: Int

    init(_ db: Database) throws {
        self.db = db
        guard try db.historyHasValueColumns() else {
            throw DatabaseUndoError(.notUndoable, "the change history records no values: enable it with values: true")
        }
        layouts = try db.historyValueLayouts()
        slotCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_table_info('plume_history', 'main') WHERE name GLOB 'v[0-9]*'") ?? 0
    }

    /// The table an entry is recorded for.
    mutating func undoTable(_ recorded: String) throws -> UndoTable {
        if let table = tables[recorded] { return table }
        let table = try UndoTable(recorded: recorded, db)
        tables[recorded] = table
        return table
    }

    /// The entries of `range`, oldest first, each with values recorded
    /// under the columns its table has now, and for an update the columns
    /// it changed.
    ///
    /// - Throws: ``DatabaseUndoError`` when an entry is missing
    ///   (``DatabaseUndoError/Code/historyPruned``), carries no values
    ///   (``DatabaseUndoError/Code/notUndoable``), or was recorded under
    ///   other columns (``DatabaseUndoError/Code/schemaChanged``).
    mutating func entries(_ range: ClosedRange<Int64>) throws -> [Entry] {
        // An update's changed columns as the bits of one integer, for
        // tables of up to 62 columns (wider ones are read column by
        // column below).
        let pairs = min(slotCount / 2, Self.maskWidth)
        let bits = (0..<pairs).map { "((v\(2 * $0 + 1) IS NOT NULL OR v\(2 * $0 + 2) IS NOT NULL) << \($0))" }
        let mask = bits.isEmpty ? "NULL" : "CASE WHEN op = 2 THEN \(bits.joined(separator: " | ")) END"
        let statement = try db.cachedStatement(sql: """
            SELECT seq, tbl, op, layout, typeof(key) = 'integer', key, CASE WHEN typeof(key) <> 'integer' THEN CAST(key AS BLOB) END, \(mask)
            FROM main.plume_history WHERE seq BETWEEN ? AND ? ORDER BY seq
            """)
        try statement.setArguments([range.lowerBound, range.upperBound])
        var entries: [Entry] = []
        entries.reserveCapacity(range.count)
        var wide: [Int] = []
        while try statement.step() {
            guard case .integer(let sequence) = statement.columnValue(at: 0), case .text(let recorded) = statement.columnValue(at: 1),
                  case .integer(let op) = statement.columnValue(at: 2), let operation = ChangeHistoryEntry.Operation(rawValue: Int(op)) else {
                throw ChangeHistoryError(.historyDamaged, "plume_history row \(statement.columnValue(at: 0)) holds values Plume never writes")
            }
            let key = Self.rowKey(recorded, isInteger: statement.columnValue(at: 4) == .integer(1), statement.columnValue(at: 5), statement.columnValue(at: 6))
            guard operation != .bulk else {
                throw DatabaseUndoError(.notUndoable, "change \(sequence) wrote table \"\(recorded)\" in bulk, without recording its rows")
            }
            guard case .integer(let layout) = statement.columnValue(at: 3) else {
                throw DatabaseUndoError(.notUndoable, "change \(sequence) (\(operation) of \(DatabaseUndoError.Conflict(table: recorded, key: key.value))) was recorded without values")
            }
            let table = try undoTable(recorded)
            let count = table.columns.count
            guard layouts[layout]?.columns == table.columns else {
                throw DatabaseUndoError(.schemaChanged, "change \(sequence) of table \"\(table.name)\" was recorded under other columns than the table has now")
            }
            guard (operation == .update ? 2 : 1) * count <= slotCount else {
                throw ChangeHistoryError(.historyDamaged, "plume_history row \(sequence) needs more value columns than plume_history has")
            }
            var changed: [Int] = []
            if operation == .update {
                if count <= pairs, case .integer(let bits) = statement.columnValue(at: 7) {
                    changed = (0..<count).filter { bits & (1 << $0) != 0 }
                } else {
                    wide.append(entries.count)
                }
            }
            entries.append(Entry(sequence: sequence, operation: operation, key: key, layout: layout, changed: changed))
        }
        guard entries.count == range.count else {
            throw DatabaseUndoError(.historyPruned, "the history lacks \(range.count - entries.count) of changes \(range.lowerBound)…\(range.upperBound) (pruned, or deleted by hand)")
        }
        for index in wide {
            entries[index].changed = try changedColumns(entries[index], try undoTable(entries[index].key.table))
        }
        return entries
    }

    /// How many columns an update's changed-column bits cover.
    static let maskWidth = 62

    static func rowKey(_ table: String, isInteger: Bool, _ value: DatabaseValue, _ bytes: DatabaseValue) -> UndoRowKey {
        if isInteger, case .integer(let rowID) = value { return UndoRowKey(table: table, rowID: rowID, bytes: Data()) }
        if case .blob(let data) = bytes { return UndoRowKey(table: table, rowID: nil, bytes: data) }
        return UndoRowKey(table: table, rowID: nil, bytes: Data())
    }

    /// The rows of `entries` that history entries after `range` changed,
    /// apart from the entries in `own` (this stack's writes): the rows
    /// another writer changed since the step. A bulk write of a table
    /// (``ChangeHistoryEntry/Operation/bulk``) may have changed every row
    /// of it: each of the step's rows of that table is one.
    func conflicts(after range: ClosedRange<Int64>, own: [ClosedRange<Int64>]) throws -> [UndoRowKey] {
        let rows = try Row.fetchAll(db, sql: """
            WITH step(tbl, key) AS MATERIALIZED (SELECT DISTINCT tbl, key FROM main.plume_history WHERE seq BETWEEN ?1 AND ?2)
            SELECT h.seq, h.tbl, typeof(h.key) = 'integer', h.key, CAST(h.key AS BLOB) FROM main.plume_history AS h
            WHERE h.seq > ?2 AND h.op NOT IN (0, \(ChangeHistoryEntry.Operation.bulk.rawValue))
              AND EXISTS (SELECT 1 FROM step WHERE step.tbl = h.tbl AND step.key = h.key)
            UNION ALL
            SELECT h.seq, h.tbl, typeof(step.key) = 'integer', step.key, CAST(step.key AS BLOB)
            FROM main.plume_history AS h JOIN step ON step.tbl = h.tbl
            WHERE h.seq > ?2 AND h.op = \(ChangeHistoryEntry.Operation.bulk.rawValue)
            ORDER BY 1
            """, arguments: [range.lowerBound, range.upperBound])
        var found: [UndoRowKey] = []
        var seen: Set<UndoRowKey> = []
        for row in rows {
            guard case .integer(let sequence) = row[0], case .text(let table) = row[1] else { continue }
            if own.contains(where: { $0.contains(sequence) }) { continue }
            let key = Self.rowKey(table, isInteger: row[2] == .integer(1), row[3], row[4])
            if seen.insert(key).inserted { found.append(key) }
        }
        return found
    }

    /// Applies the inverse of `entry`; returns whether it changed a row.
    ///
    /// - Throws: ``DatabaseUndoError/Code/rowMissing`` when the row is not
    ///   as the history says, ``DatabaseUndoError/Code/conflict`` when a
    ///   row to restore collides with another on a unique constraint, or
    ///   a ``DatabaseError``.
    mutating func invert(_ entry: Entry) throws -> Bool {
        let table = try undoTable(entry.key.table)
        let (condition, keyArguments) = entry.operation == .update ? table.condition(entry.key) : table.condition(entry.key, rowOf: entry.sequence)
        let named = DatabaseUndoError.Conflict(table: table.recorded, key: entry.key.value)
        let seq = DatabaseValue.integer(entry.sequence)
        switch entry.operation {
        case .insert:
            try run("DELETE FROM \(table.quotedName) WHERE \(condition)", keyArguments)
            guard db.changesCount == 1 else {
                throw DatabaseUndoError(.rowMissing, "row \(named) is gone, although no recorded write deleted it")
            }
            try recordInverse(of: entry, table, operation: .delete)
        case .delete, .conflict:
            let inserted = table.insertedColumns
            let values = ChangeHistoryValues.slots(table.columns.count) + (inserted.rowID ? ["key"] : [])
            var sql = "INSERT INTO \(table.quotedName) (\(inserted.names.map(quoteIdentifier).joined(separator: ", "))) "
                + "SELECT \(values.joined(separator: ", ")) FROM main.plume_history WHERE seq = ?"
            var arguments = [seq]
            if entry.operation == .conflict {
                // The row was there when the write began: REPLACE deleted
                // it, or the write kept it (then it is still there).
                sql += " AND NOT EXISTS (SELECT 1 FROM \(table.quotedName) WHERE \(condition))"
                arguments += keyArguments
            }
            do {
                try run(sql, arguments)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw DatabaseUndoError(.conflict, "row \(named) cannot be restored: \(error.message) (another row took its place)",
                                        conflicts: [named])
            }
            guard db.changesCount == 1 else { return false }
            try recordInverse(of: entry, table, operation: .insert)
        case .update:
            let changed = entry.changed
            guard !changed.isEmpty else { return false }
            let targets = changed.map { quoteIdentifier(table.columns[$0]) }.joined(separator: ", ")
            let olds = changed.map { "v\(2 * $0 + 1)" }.joined(separator: ", ")
            do {
                try run("""
                    UPDATE \(table.quotedName) SET (\(targets)) = (SELECT \(olds) FROM main.plume_history WHERE seq = ?1)
                    WHERE \(condition)
                    AND EXISTS (SELECT 1 FROM main.plume_history AS plume_h WHERE plume_h.seq = ?1 AND \(Self.holdsNew(table, changed)))
                    """, [seq] + keyArguments)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw DatabaseUndoError(.conflict, "row \(named) cannot be restored: \(error.message)", conflicts: [named])
            }
            guard db.changesCount == 1 else {
                throw DatabaseUndoError(.rowMissing, "row \(named) is gone or does not hold what the history says it wrote, although no recorded write changed it")
            }
            try recordInverse(of: entry, table, operation: .update)
        case .enabled, .bulk: // a bulk write is refused when the step is read
            return false
        }
        return true
    }

    /// The condition, in an update of `table` joined with the history
    /// entry `plume_h`, that the row holds what the update wrote in the
    /// `changed` columns, value for value (class and bytes: `IS` alone
    /// calls `1` and `1.0`, `0.0` and `-0.0`, or `'a'` and `'A'` under
    /// `NOCASE` equal).
    static func holdsNew(_ table: UndoTable, _ changed: [Int]) -> String {
        changed.map { index in
            let column = "\(quoteIdentifier(table.name)).\(quoteIdentifier(table.columns[index]))", new = "plume_h.v\(2 * index + 2)"
            return "\(column) IS \(new) AND typeof(\(column)) = typeof(\(new)) AND CAST(\(column) AS BLOB) IS CAST(\(new) AS BLOB)"
        }.joined(separator: " AND ")
    }

    /// The indexes of the columns an update entry changed (those whose
    /// old or new value is not `NULL`), for a table too wide for
    /// ``entries(_:)``'s bits.
    private func changedColumns(_ entry: Entry, _ table: UndoTable) throws -> [Int] {
        let flags = table.columns.indices.map { "(v\(2 * $0 + 1) IS NOT NULL OR v\(2 * $0 + 2) IS NOT NULL)" }
        let row = try Row.fetchOne(db, sql: "SELECT \(flags.joined(separator: ", ")) FROM main.plume_history WHERE seq = ?",
                                   arguments: [entry.sequence])
        guard let row else { return [] }
        return table.columns.indices.filter { row[$0] == .integer(1) }
    }

    /// Appends the history entries of the inverse of entries `first…last`,
    /// newest first: the entries' own values, an update's old and new
    /// swapped.
    func recordInverse(of first: Int64, through last: Int64, _ table: UndoTable, operation: ChangeHistoryEntry.Operation) throws {
        let count = table.columns.count
        let slots = operation == .update ? ChangeHistoryValues.slots(2 * count) : ChangeHistoryValues.slots(count)
        let copied = operation == .update
            ? (0..<count).flatMap { ["v\(2 * $0 + 2)", "v\(2 * $0 + 1)"] }
            : slots
        try run("""
            INSERT INTO main.plume_history (tbl, op, key, layout, \(slots.joined(separator: ", ")))
            SELECT tbl, \(operation.rawValue), key, layout, \(copied.joined(separator: ", ")) FROM main.plume_history
            WHERE seq BETWEEN ? AND ? ORDER BY seq DESC
            """, [.integer(first), .integer(last)])
    }

    private func recordInverse(of entry: Entry, _ table: UndoTable, operation: ChangeHistoryEntry.Operation) throws {
        try recordInverse(of: entry.sequence, through: entry.sequence, table, operation: operation)
    }

    func run(_ sql: String, _ arguments: [DatabaseValue]) throws {
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(positional: arguments))
    }

    /// With `PRAGMA foreign_keys` on, the rows of the touched tables, and
    /// of the tables that refer to them, that refer to a missing row.
    ///
    /// - Throws: ``DatabaseUndoError/Code/foreignKeyViolation``.
    func checkForeignKeys(touched: Set<String>) throws {
        var checked: Set<String> = []
        for recorded in touched.sorted() {
            guard let table = tables[recorded] else { continue }
            let referring = try String.fetchAll(db, sql: """
                SELECT m.name FROM main.sqlite_master AS m, pragma_foreign_key_list(m.name, 'main') AS f
                WHERE m.type = 'table' AND f."table" = ? COLLATE NOCASE
                """, arguments: [table.name])
            for name in [table.name] + referring where checked.insert(name.sqlNameKey()).inserted {
                let violations = try Row.fetchAll(db, sql: "PRAGMA main.foreign_key_check(\(quoteIdentifier(name)))")
                if let first = violations.first {
                    throw DatabaseUndoError(.foreignKeyViolation, "row \(first[1]) of table \"\(name)\" would refer to a missing row of \"\(first[2])\"")
                }
            }
        }
    }
}
