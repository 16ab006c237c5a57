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

    /// The operations a table's triggers record, in trigger-name order.
    static let triggerSuffixes = ["delete", "insert", "update"]

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

    static func dropTriggers(table: String) -> String {
        triggerSuffixes.map { "DROP TRIGGER IF EXISTS \(quoteIdentifier(triggerName(table, $0)));" }.joined(separator: "\n")
    }
}
