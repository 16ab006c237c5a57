/// The triggers that record one table's changes, as the table's schema
/// calls for now.
///
/// What is installed is compared with what this type builds from the
/// current schema (name, table and SQL of every trigger): a table whose
/// triggers differ — one dropped, moved to a renamed table, or built
/// before a unique index was added — is not proven to be recorded
/// completely, and readers refetch it (``ChangeHistoryCoverage``).
struct ChangeHistoryTriggers {
    /// The table's name as the schema spells it.
    let table: String
    let key: ChangeHistoryKey
    /// The triggers, in creation order, each with its `CREATE TRIGGER`
    /// statement.
    let triggers: [(name: String, sql: String)]
    /// Why some changes would not be recorded (an index a trigger cannot
    /// look up): the table is then refetched by readers.
    let uncovered: [String]
    /// The values recorded with each change, or nil for keys only.
    let values: ChangeHistoryValues?

    /// - Parameter values: The layout the triggers record values under
    ///   (``ChangeHistoryValues``), or nil to record keys only.
    /// - Throws: ``ChangeHistoryError`` (``ChangeHistoryError/Code/noSuchTable``)
    ///   when `table` is not a table of `main` that can be recorded.
    init(table name: String, values: ChangeHistoryValues? = nil, _ db: Database) throws {
        self.values = values
        table = try db.recordableTableName(name)
        let columns = try Row.fetchAll(db, sql: "SELECT name, hidden FROM pragma_table_xinfo(?, 'main') WHERE hidden <> 1 ORDER BY cid", arguments: [table])
            .map { HistoryColumn(name: try $0.decode(String.self, at: 0), isGenerated: try $0.decode(Int.self, at: 1) >= 2) }
        key = try db.historyKey(of: table, columns: columns.map(\.name))
        let (indexes, uncovered) = try db.historyUniqueIndexes(of: table, key: key, columns: columns)
        self.uncovered = uncovered
        var triggers = Self.rowTriggers(table, key, values)
        if !indexes.isEmpty {
            triggers += Self.conflictTriggers(table, key, values, indexes.map { $0.conflictCondition(columns: columns.map(\.name)) })
        }
        self.triggers = triggers
    }

    private static func insertStatement(_ table: String, _ op: Int, _ key: String, _ values: ChangeHistoryValues? = nil, _ expressions: [String] = []) -> String {
        let recorded = DatabaseValue.text(ChangeHistorySchema.recordedName(table))
        guard let values else { return "INSERT INTO plume_history (tbl, op, key) VALUES (\(recorded), \(op), \(key));" }
        let slots = ChangeHistoryValues.slots(expressions.count).joined(separator: ", ")
        return "INSERT INTO plume_history (tbl, op, key, layout, \(slots)) VALUES (\(recorded), \(op), \(key), \(values.layout), \(expressions.joined(separator: ", ")));"
    }

    /// Insert, update (keeping the key), delete, and a key change, recorded
    /// as the old key's delete and the new key's insert by a trigger that
    /// SQLite runs only when an `UPDATE` sets one of the names the key can
    /// be set through (`rowid`, `oid`, `_rowid_`, the `INTEGER PRIMARY
    /// KEY` column, or a `WITHOUT ROWID` table's key columns), so that an
    /// ordinary update pays for one recorded row. With values, each
    /// statement also copies the row's values (``ChangeHistoryValues``).
    private static func rowTriggers(_ table: String, _ key: ChangeHistoryKey, _ values: ChangeHistoryValues?) -> [(name: String, sql: String)] {
        func trigger(_ kind: String, _ event: String, when condition: String? = nil, _ body: [String]) -> (name: String, sql: String) {
            let name = ChangeHistorySchema.triggerName(table, kind)
            let when = condition.map { " WHEN \($0)" } ?? ""
            return (name, "CREATE TRIGGER \(quoteIdentifier(name)) \(event) ON \(quoteIdentifier(table))\(when) BEGIN \(body.joined(separator: " ")) END")
        }
        let new = key.expression("NEW"), old = key.expression("OLD")
        let newRow = values?.rowExpressions("NEW") ?? [], oldRow = values?.rowExpressions("OLD") ?? []
        let inserted = insertStatement(table, 1, new, values, newRow), deleted = insertStatement(table, 3, old, values, oldRow)
        return [
            trigger("insert", "AFTER INSERT", [inserted]),
            trigger("update", "AFTER UPDATE", when: "\(old) IS \(new)", [insertStatement(table, 2, new, values, values?.updateExpressions(keeping: key) ?? [])]),
            trigger("delete", "AFTER DELETE", [deleted]),
            trigger("rekey", "AFTER UPDATE OF \(key.updatableNames.map(quoteIdentifier).joined(separator: ", "))",
                    when: "\(old) IS NOT \(new)", [deleted, inserted]),
        ]
    }

    /// The triggers that record, before an insert or update, the rows it
    /// conflicts with on a unique index besides the key. `REPLACE`
    /// conflict resolution deletes those rows without running delete
    /// triggers (unless `recursive_triggers` is on), so they are recorded
    /// as ``ChangeHistoryEntry/Operation/conflict``: when the statement
    /// ignored the conflict or failed, the row is still there (a failed
    /// statement also undoes the record). With values, the conflicting
    /// row's values are recorded as a delete's are.
    private static func conflictTriggers(_ table: String, _ key: ChangeHistoryKey, _ values: ChangeHistoryValues?, _ conditions: [String]) -> [(name: String, sql: String)] {
        let quoted = quoteIdentifier(table)
        let recorded = DatabaseValue.text(ChangeHistorySchema.recordedName(table))
        let selected: String
        if let values {
            let own = values.rowExpressions(quoted)
            selected = "(tbl, op, key, layout, \(ChangeHistoryValues.slots(own.count).joined(separator: ", "))) SELECT \(recorded), 4, \(key.expression("")), \(values.layout), \(own.joined(separator: ", "))"
        } else {
            selected = "(tbl, op, key) SELECT \(recorded), 4, \(key.expression(""))"
        }
        return [("conflict_insert", "INSERT", "NEW"), ("conflict_update", "UPDATE", "OLD")].map { kind, event, own in
            let name = ChangeHistorySchema.triggerName(table, kind)
            let record = "INSERT INTO plume_history \(selected) FROM \(quoted) WHERE (\(conditions.joined(separator: " OR "))) AND \(key.expression("")) IS NOT \(key.expression(own));"
            return (name, "CREATE TRIGGER \(quoteIdentifier(name)) BEFORE \(event) ON \(quoted) BEGIN \(record) END")
        }
    }
}

extension Database {
    /// The name of a table of `main` whose changes can be recorded, as the
    /// schema spells it.
    ///
    /// - Throws: ``ChangeHistoryError`` (``ChangeHistoryError/Code/noSuchTable``).
    func recordableTableName(_ table: String) throws -> String {
        let row = try Row.fetchOne(self, sql: "SELECT type, name FROM main.sqlite_master WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')", arguments: [table])
        guard let row, case .text(let type) = row[0], case .text(let name) = row[1] else {
            throw ChangeHistoryError(.noSuchTable, "no table named \"\(table)\"")
        }
        let key = name.sqlNameKey()
        guard type == "table", !key.hasPrefix("plume_history"), !key.hasPrefix("sqlite_") else {
            throw ChangeHistoryError(.noSuchTable, "\"\(table)\" is a \(type == "table" ? "table of Plume's or SQLite's own" : type), not a table whose changes can be recorded")
        }
        return name
    }

    /// How the history keys a table's rows: by rowid, under a name no
    /// column shadows, or by the primary key of a `WITHOUT ROWID` table.
    func historyKey(of table: String, columns: [String]) throws -> ChangeHistoryKey {
        let names = Set(columns.map { $0.sqlNameKey() })
        let rowIDNames = ["rowid", "oid", "_rowid_"]
        if try !isWithoutRowID(table) {
            let alias = try rowIDAlias(of: table)
            guard let name = rowIDNames.first(where: { !names.contains($0) }) ?? alias else {
                throw ChangeHistoryError(.noSuchTable, "\"\(table)\" has columns named rowid, oid and _rowid_ and no INTEGER PRIMARY KEY: its rowid cannot be named in a trigger")
            }
            return ChangeHistoryKey(columns: nil, rowIDName: name, updatableNames: rowIDNames + (alias.map { [$0] } ?? []), rowIDAlias: alias)
        }
        let key = try primaryKey(of: table)
        return ChangeHistoryKey(columns: key, rowIDName: "", updatableNames: key, rowIDAlias: nil)
    }

    private func isWithoutRowID(_ table: String) throws -> Bool {
        let sql = try String.fetchOne(self, sql: "SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]) ?? ""
        let words = (SQLTokens(sql)?.tokens ?? []).filter { $0.depth == 0 }.map(\.word)
        return zip(words, words.dropFirst()).contains { $0 == "without" && $1 == "rowid" }
    }

    /// The `INTEGER PRIMARY KEY` column that is the rowid (not one declared
    /// `DESC`, which SQLite keeps as an ordinary unique column).
    package func rowIDAlias(of table: String) throws -> String? {
        let keys = try Row.fetchAll(self, sql: "SELECT name, type FROM pragma_table_info(?, 'main') WHERE pk > 0", arguments: [table])
        guard keys.count == 1, case .text(let name) = keys[0][0], case .text(let type) = keys[0][1],
              type.sqlNameKey() == "integer" else { return nil }
        // A true alias has no index of its own; `INTEGER PRIMARY KEY DESC`
        // gets an automatic one.
        let hasKeyIndex = try Int.fetchOne(self, sql: "SELECT count(*) FROM pragma_index_list(?, 'main') WHERE origin = 'pk'", arguments: [table]) ?? 0
        return hasKeyIndex == 0 ? name : nil
    }
}
