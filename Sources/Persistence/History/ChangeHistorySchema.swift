/// The SQL of the change history: Plume's three tables and the triggers
/// that record each changed row of a table into `plume_history`.
///
/// The triggers are plain SQL in the database file, so every writer is
/// recorded: Plume, the `sqlite3` shell, or any other program. Each change
/// gets the next `seq` (an `INTEGER PRIMARY KEY`, appended at the end of
/// the table's b-tree); pruning always keeps the newest row, so a sequence
/// number is never handed out twice.
enum ChangeHistorySchema {
    static let historyTable = "plume_history"
    static let tablesTable = "plume_history_table"
    static let metaTable = "plume_history_meta"

    static let createTables = """
        CREATE TABLE IF NOT EXISTS plume_history_meta (key TEXT PRIMARY KEY, value NOT NULL);
        CREATE TABLE IF NOT EXISTS plume_history_table (name TEXT PRIMARY KEY, key_columns TEXT);
        CREATE TABLE IF NOT EXISTS plume_history (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, op INTEGER NOT NULL, key, time REAL NOT NULL);
        """

    static let dropTables = """
        DROP TABLE IF EXISTS plume_history;
        DROP TABLE IF EXISTS plume_history_table;
        DROP TABLE IF EXISTS plume_history_meta;
        """

    /// The triggers every recorded table has, in trigger-name order.
    static let triggerSuffixes = ["delete", "insert", "update"]
    /// The triggers of a table with unique constraints besides its key.
    static let conflictTriggerSuffixes = ["conflict_insert", "conflict_update"]

    /// The name of one of a table's triggers.
    static func triggerName(_ table: String, _ suffix: String) -> String {
        "plume_history_\(table.lowercased())_\(suffix)"
    }

    /// The statements creating a table's triggers.
    ///
    /// - Parameter keyColumns: nil for a rowid table (the key is the
    ///   rowid); the primary key columns of a `WITHOUT ROWID` table.
    static func createTriggers(table: String, keyColumns: [String]?) -> String {
        let name = DatabaseValue.text(table.lowercased()).description
        let quoted = quoteIdentifier(table)
        func key(_ row: String) -> String {
            guard let keyColumns else { return "\(row).rowid" }
            return keyColumns.map { "quote(\(row).\(quoteIdentifier($0)))" }.joined(separator: " || ',' || ")
        }
        func record(_ op: String, _ keyExpression: String, when condition: String? = nil) -> String {
            "INSERT INTO plume_history (tbl, op, key, time) SELECT \(name), \(op), \(keyExpression), julianday('now')"
                + (condition.map { " WHERE \($0)" } ?? "") + ";"
        }
        let changed = "\(key("OLD")) IS NOT \(key("NEW"))"
        return """
            CREATE TRIGGER \(quoteIdentifier(triggerName(table, "insert"))) AFTER INSERT ON \(quoted) BEGIN
              \(record("1", key("NEW")))
            END;
            CREATE TRIGGER \(quoteIdentifier(triggerName(table, "update"))) AFTER UPDATE ON \(quoted) BEGIN
              \(record("3", key("OLD"), when: changed))
              \(record("CASE WHEN \(changed) THEN 1 ELSE 2 END", key("NEW")))
            END;
            CREATE TRIGGER \(quoteIdentifier(triggerName(table, "delete"))) AFTER DELETE ON \(quoted) BEGIN
              \(record("3", key("OLD")))
            END;
            """
    }

    /// The statements creating the triggers that record, before an insert
    /// or update, the rows it conflicts with on a unique constraint besides
    /// the key. `REPLACE` conflict resolution deletes those rows without
    /// running delete triggers (unless `recursive_triggers` is on), so
    /// they are recorded as ``ChangeHistoryEntry/Operation/conflict``: when
    /// the statement ignored the conflict or failed, the row is still there
    /// (a failed statement also undoes the record).
    ///
    /// - Parameter uniqueColumns: Per unique index, its columns and their
    ///   collations.
    static func createConflictTriggers(table: String, keyColumns: [String]?, uniqueColumns: [[(name: String, collation: String)]]) -> String {
        guard !uniqueColumns.isEmpty else { return "" }
        let quoted = quoteIdentifier(table)
        let key = keyColumns.map { $0.map { "quote(\(quoteIdentifier($0)))" }.joined(separator: " || ',' || ") } ?? "rowid"
        let conflicts = uniqueColumns.map { index in
            "(" + index.map { "\(quoteIdentifier($0.name)) = NEW.\(quoteIdentifier($0.name)) COLLATE \(quoteIdentifier($0.collation))" }
                .joined(separator: " AND ") + ")"
        }.joined(separator: " OR ")
        func record(excluding row: String) -> String {
            let own = keyColumns == nil ? "rowid IS NOT \(row).rowid" : "\(key) IS NOT \(key.replacingOccurrences(of: "quote(", with: "quote(\(row)."))"
            return "INSERT INTO plume_history (tbl, op, key, time) SELECT \(DatabaseValue.text(table.lowercased())), 4, \(key), julianday('now') FROM \(quoted) WHERE (\(conflicts)) AND \(own);"
        }
        return """
            CREATE TRIGGER \(quoteIdentifier(triggerName(table, "conflict_insert"))) BEFORE INSERT ON \(quoted) BEGIN
              \(record(excluding: "NEW"))
            END;
            CREATE TRIGGER \(quoteIdentifier(triggerName(table, "conflict_update"))) BEFORE UPDATE ON \(quoted) BEGIN
              \(record(excluding: "OLD"))
            END;
            """
    }

    static func dropTriggers(table: String) -> String {
        (triggerSuffixes + conflictTriggerSuffixes).map { "DROP TRIGGER IF EXISTS \(quoteIdentifier(triggerName(table, $0)));" }.joined(separator: "\n")
    }
}
