import Foundation

/// How a table enabled with values records them: the columns copied, in
/// order, under a layout number stored with every entry.
///
/// Values live in `plume_history` itself, in columns `v1`, `v2`, … that
/// have no type (no affinity), so SQLite stores each value as the trigger
/// hands it over: integers, reals bit for bit (`-0.0` too, which a `REAL`
/// column or any conversion to text would lose), text with its bytes
/// (`NUL`s and invalid UTF-8 included), blobs and `NULL`. One changed row
/// still costs one `INSERT … VALUES`.
///
/// - An insert fills `v1…vn` with the new row, a delete (or the old side
///   of a key change, or a row an insert or update conflicts with) with
///   the old row.
/// - An update fills pairs: `v(2i-1)` the old and `v(2i)` the new value of
///   column i when it changed, both `NULL` when it did not (a column that
///   changed is never `NULL` on both sides).
///
/// The column names are stored once per layout in `plume_history_layout`;
/// a table whose columns change gets a new layout when it is enabled
/// again, so older entries keep reading under the names they were
/// written with. An entry without a layout (keys-only tables, entries
/// written by an earlier Plume) carries no values.
struct ChangeHistoryValues: Equatable {
    /// The layout number written into every entry.
    let layout: Int64
    /// The recorded columns (generated columns excluded), in table order.
    let columns: [ChangeHistoryValueColumn]

    /// The most values one table can record: an update needs two slots a
    /// column, and SQLite allows 2000 columns in `plume_history`.
    static let maximumColumns = 990

    /// The slot column names `v1…vn`.
    static func slots(_ count: Int) -> [String] {
        (0..<count).map { "v\($0 + 1)" }
    }

    /// The value list of an insert or delete: every column of `row`.
    func rowExpressions(_ row: String) -> [String] {
        columns.map { "\(row).\(quoteIdentifier($0.name))" }
    }

    /// The value list of an update: old and new of each column that
    /// changed, both `NULL` otherwise. The key's columns (an `INTEGER
    /// PRIMARY KEY` too) are left `NULL` without a test: the update
    /// trigger runs only when the key is kept (a key change is recorded as
    /// a delete and an insert), except a key column without affinity,
    /// where `0.0` may become `-0.0` under the same `quote()`.
    ///
    /// Each column costs its comparison twice (SQLite shares no
    /// subexpression between the two `CASE`s). `NULLIF(OLD.c, NEW.c)`
    /// would say the same with one comparison each, but measured slower:
    /// a trigger's program is set up again for every statement, and its
    /// function calls cost more there than they save.
    func updateExpressions(keeping key: ChangeHistoryKey) -> [String] {
        let keyNames = Set(key.keyColumns.map { $0.sqlNameKey() })
        return columns.flatMap { column -> [String] in
            if keyNames.contains(column.name.sqlNameKey()) && !column.hasNoAffinity { return ["NULL", "NULL"] }
            let changed = column.changedCondition
            let name = quoteIdentifier(column.name)
            return ["CASE WHEN \(changed) THEN OLD.\(name) END", "CASE WHEN \(changed) THEN NEW.\(name) END"]
        }
    }
}

/// One column whose values the history records.
struct ChangeHistoryValueColumn: Equatable {
    let name: String
    /// Whether the column has no affinity, and can hold `1` and `1.0`, or
    /// `0.0` and `-0.0`, which `IS` calls equal.
    let hasNoAffinity: Bool

    /// When an update changed the column: byte for byte (the `BINARY`
    /// collation, whatever the column's), and for a column without
    /// affinity also when the class changed (`IS` calls `1` and `1.0`
    /// equal) or the new value is a real zero (`IS` calls `0.0` and `-0.0`
    /// equal, and SQL has no way to read the sign of a zero: such a zero is
    /// copied even when it is unchanged, which is harmless).
    var changedCondition: String {
        let name = quoteIdentifier(self.name)
        let differs = "OLD.\(name) IS NOT NEW.\(name) COLLATE BINARY"
        guard hasNoAffinity else { return "(\(differs))" }
        return "(\(differs) OR typeof(OLD.\(name)) <> typeof(NEW.\(name)) OR (NEW.\(name) = 0 AND typeof(NEW.\(name)) = 'real'))"
    }

    /// Whether a column declared `type` has no affinity (SQLite's rule 3:
    /// the type contains `BLOB`, or is empty, and none of rule 1 and 2's
    /// words).
    static func hasNoAffinity(declaredType type: String) -> Bool {
        let upper = type.uppercased()
        if upper.contains("INT") || upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") { return false }
        return upper.isEmpty || upper.contains("BLOB")
    }
}

extension Database {
    /// The columns of `table` that values record: every column but the
    /// generated ones, in table order.
    func historyValueColumns(of table: String) throws -> [ChangeHistoryValueColumn] {
        try Row.fetchAll(self, sql: "SELECT name, type FROM pragma_table_xinfo(?, 'main') WHERE hidden = 0 ORDER BY cid", arguments: [table]).map {
            ChangeHistoryValueColumn(name: try $0.decode(String.self, at: 0), hasNoAffinity: ChangeHistoryValueColumn.hasNoAffinity(declaredType: try $0.decode(String.self, at: 1)))
        }
    }

    /// The layout `plume_history_table` names for `table` (recorded name),
    /// with the columns stored for it, or nil for a keys-only table.
    func storedHistoryValues(of recordedName: String) throws -> (layout: Int64, columns: [String])? {
        guard try historyHasValueColumns() else { return nil }
        let row = try Row.fetchOne(self, sql: """
            SELECT l.id, l.columns FROM main.plume_history_table t JOIN main.plume_history_layout l ON l.id = t.layout WHERE t.name = ?
            """, arguments: [recordedName])
        guard let row, case .integer(let id) = row[0], case .text(let json) = row[1] else { return nil }
        return (id, try Self.decodeLayoutColumns(json, layout: id))
    }

    /// Whether this history has the tables and columns values need (an
    /// earlier Plume's, or one never enabled with values, has not).
    func historyHasValueColumns() throws -> Bool {
        try changeHistoryTableExists(ChangeHistorySchema.layoutTable)
            && Int.fetchOne(self, sql: "SELECT count(*) FROM pragma_table_info('plume_history_table', 'main') WHERE name = 'layout'") == 1
    }

    /// Adds what values need to a history: the layout table, the layout
    /// column of `plume_history_table`, and `plume_history`'s `layout`
    /// column and at least `slots` value columns.
    func prepareHistoryValueColumns(slots: Int) throws {
        try execute(sql: "CREATE TABLE IF NOT EXISTS main.plume_history_layout (id INTEGER PRIMARY KEY, tbl TEXT NOT NULL, columns TEXT NOT NULL)")
        if try Int.fetchOne(self, sql: "SELECT count(*) FROM pragma_table_info('plume_history_table', 'main') WHERE name = 'layout'") == 0 {
            try execute(sql: "ALTER TABLE main.plume_history_table ADD COLUMN layout INTEGER")
        }
        let existing = Set(try String.fetchAll(self, sql: "SELECT name FROM pragma_table_info('plume_history', 'main')"))
        for name in ["layout"] + ChangeHistoryValues.slots(slots) where !existing.contains(name) {
            try execute(sql: "ALTER TABLE main.plume_history ADD COLUMN \(name)")
        }
    }

    /// The layout for `table`'s current columns: the one stored when its
    /// columns are the same, a new one otherwise.
    func historyValuesLayout(for table: String, columns: [ChangeHistoryValueColumn]) throws -> ChangeHistoryValues {
        guard columns.count <= ChangeHistoryValues.maximumColumns else {
            throw ChangeHistoryError(.noSuchTable, "table \"\(table)\" has \(columns.count) columns: the history records the values of at most \(ChangeHistoryValues.maximumColumns)")
        }
        try prepareHistoryValueColumns(slots: 2 * columns.count)
        let recorded = ChangeHistorySchema.recordedName(table)
        let json = String(decoding: try JSONEncoder().encode(columns.map(\.name)), as: UTF8.self)
        if let id = try Int64.fetchOne(self, sql: "SELECT id FROM main.plume_history_layout WHERE tbl = ? AND columns = ? ORDER BY id DESC LIMIT 1", arguments: [recorded, json]) {
            return ChangeHistoryValues(layout: id, columns: columns)
        }
        try execute(sql: "INSERT INTO main.plume_history_layout (tbl, columns) VALUES (?, ?)", arguments: [recorded, json])
        return ChangeHistoryValues(layout: lastInsertedRowID, columns: columns)
    }

    /// Every layout's columns, by layout number.
    func historyValueLayouts() throws -> [Int64: RowLayout] {
        guard try changeHistoryTableExists(ChangeHistorySchema.layoutTable) else { return [:] }
        var layouts: [Int64: RowLayout] = [:]
        for row in try Row.fetchAll(self, sql: "SELECT id, columns FROM main.plume_history_layout") {
            guard case .integer(let id) = row[0], case .text(let json) = row[1] else {
                throw ChangeHistoryError(.historyDamaged, "plume_history_layout holds a row Plume never writes: \(row)")
            }
            layouts[id] = RowLayout(columns: try Self.decodeLayoutColumns(json, layout: id))
        }
        return layouts
    }

    private static func decodeLayoutColumns(_ json: String, layout: Int64) throws -> [String] {
        guard let columns = try? JSONDecoder().decode([String].self, from: Data(json.utf8)) else {
            throw ChangeHistoryError(.historyDamaged, "plume_history_layout \(layout) has columns Plume never writes: \(json)")
        }
        return columns
    }
}
