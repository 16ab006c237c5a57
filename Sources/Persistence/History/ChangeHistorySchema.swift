/// The SQL of the change history: Plume's tables, the guards that keep
/// them append-only, and the triggers that record each changed row of a
/// table into `plume_history`.
///
/// The triggers are plain SQL in the database file, so every writer is
/// recorded: Plume, the `sqlite3` shell, or any other program. Each change
/// gets the next `seq` (an `INTEGER PRIMARY KEY`, appended at the end of
/// the table's b-tree); pruning always keeps the newest row, so a sequence
/// number is never handed out twice.
///
/// The recording triggers cost the writer what SQLite charges for any
/// trigger that inserts one row: `INSERT … VALUES` of constants and the
/// row's key, into a table with no `NOT NULL` or other constraint that
/// could make the statement abort, and no per-row clock (see
/// ``ChangeHistoryClock``).
enum ChangeHistorySchema {
    static let historyTable = "plume_history"
    static let tablesTable = "plume_history_table"
    static let metaTable = "plume_history_meta"
    static let clockTable = "plume_history_clock"
    /// The column lists of values (``ChangeHistoryValues``); created by the
    /// first table enabled with values.
    static let layoutTable = "plume_history_layout"

    /// The layout written by this version: 2 has no per-row time and
    /// guards its rows. A database without a `format` is of layout 1.
    static let format: Int64 = 2

    static let createTables = """
        CREATE TABLE IF NOT EXISTS main.plume_history_meta (key TEXT PRIMARY KEY, value NOT NULL);
        CREATE TABLE IF NOT EXISTS main.plume_history_table (name TEXT PRIMARY KEY, key_columns TEXT);
        CREATE TABLE IF NOT EXISTS main.plume_history (seq INTEGER PRIMARY KEY, tbl TEXT, op INTEGER, key);
        CREATE TABLE IF NOT EXISTS main.plume_history_clock (seq INTEGER PRIMARY KEY, time REAL NOT NULL);
        """

    static let dropTables = """
        DROP TABLE IF EXISTS main.plume_history;
        DROP TABLE IF EXISTS main.plume_history_table;
        DROP TABLE IF EXISTS main.plume_history_meta;
        DROP TABLE IF EXISTS main.plume_history_clock;
        DROP TABLE IF EXISTS main.plume_history_layout;
        """

    /// The triggers that keep `plume_history` append-only: a row can only
    /// be deleted by pruning (which first moves `pruned_before` past it),
    /// never edited. Deleting the newest rows would otherwise leave no gap
    /// for readers to notice.
    static let guards: [(name: String, sql: String)] = [
        ("plume_history_guard_delete", """
            CREATE TRIGGER "plume_history_guard_delete" BEFORE DELETE ON "plume_history" \
            WHEN OLD.seq >= (SELECT value FROM plume_history_meta WHERE key = 'pruned_before') \
            BEGIN SELECT RAISE(ABORT, 'plume_history rows are deleted only by pruning the change history'); END
            """),
        ("plume_history_guard_update", """
            CREATE TRIGGER "plume_history_guard_update" BEFORE UPDATE ON "plume_history" \
            BEGIN SELECT RAISE(ABORT, 'plume_history rows cannot be edited'); END
            """),
    ]

    /// The name of one of a table's triggers: the kind first, so that no
    /// two tables share a name (`plume_history_insert_photo`). SQLite
    /// compares trigger names as it compares table names (ASCII case
    /// folded only), so two tables are two names.
    static func triggerName(_ table: String, _ kind: String) -> String {
        "plume_history_\(kind)_\(table)"
    }

    /// The `tbl` value recorded for a table: its name with ASCII case
    /// folded, as ``DatabaseChanges`` keys tables.
    static func recordedName(_ table: String) -> String {
        table.sqlNameKey()
    }
}

/// How a table's rows are keyed in the history.
struct ChangeHistoryKey {
    /// nil for a rowid table; the primary key columns of a `WITHOUT ROWID`
    /// table.
    let columns: [String]?
    /// A name of the rowid no column shadows (`rowid`, `oid`, `_rowid_`,
    /// or the `INTEGER PRIMARY KEY` alias), for a rowid table.
    let rowIDName: String
    /// Names an `UPDATE … SET` can change the key through.
    let updatableNames: [String]
    /// The columns that hold the key: the primary key of a `WITHOUT ROWID`
    /// table, the `INTEGER PRIMARY KEY` of a rowid table that has one
    /// (an alias of the rowid), none otherwise.
    var keyColumns: [String] { columns ?? rowIDAlias.map { [$0] } ?? [] }
    /// The `INTEGER PRIMARY KEY` column of a rowid table, when it has one.
    let rowIDAlias: String?

    /// `sql` as Plume wrote it before keys kept a text's bytes after a
    /// `NUL`: each key column's literal written by `quote()` alone.
    func quoteOnlySQL(_ sql: String) -> String {
        var sql = sql
        for column in columns ?? [] {
            for prefix in ["", "NEW.", "OLD."] {
                let expression = prefix + quoteIdentifier(column)
                sql = sql.replacing(sqlLiteralExpression(expression), with: "quote(\(expression))")
            }
        }
        return sql
    }

    /// The key of `row` (`NEW`, `OLD`, or empty for the table's own row).
    func expression(_ row: String) -> String {
        let prefix = row.isEmpty ? "" : "\(row)."
        guard let columns else { return "\(prefix)\(quoteIdentifier(rowIDName))" }
        return columns.map { sqlLiteralExpression("\(prefix)\(quoteIdentifier($0))") }.joined(separator: " || ',' || ")
    }
}
