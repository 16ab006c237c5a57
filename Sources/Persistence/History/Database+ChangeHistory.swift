import Foundation

extension Database {
    /// Records every row change of `tables` in a persistent change history,
    /// whoever writes: this process, another process, or the `sqlite3`
    /// shell.
    ///
    /// Installs, per table, `AFTER INSERT`, `AFTER UPDATE` and `AFTER
    /// DELETE` triggers that append the changed row's key (its rowid, or
    /// the primary key of a `WITHOUT ROWID` table) and the operation to
    /// `plume_history`, under a sequence number; a trigger that runs only
    /// when an update changes the key; and, for a table with unique indexes
    /// besides its key, `BEFORE` triggers that record the rows an insert or
    /// update conflicts with (which `REPLACE` deletes without running
    /// delete triggers). Observers of this database
    /// (``DatabaseWriter/observeChanges(_:)``) then receive other
    /// processes' commits to these tables row by row, like their own. Each
    /// recorded row costs the writer one more row insert.
    ///
    /// The triggers match the table's schema when they are installed: after
    /// a unique index is added or dropped, or the table is renamed, readers
    /// refetch the table (reporting ``ChangeHistoryError/Code/triggersOutdated``
    /// or ``ChangeHistoryError/Code/triggersMissing``) until this method is
    /// called again for it, which replaces its triggers. Calling it also
    /// upgrades a history enabled by an earlier version of Plume. Runs in a
    /// transaction of its own unless one is open.
    ///
    /// ```swift
    /// try dbQueue.write { db in try db.enableChangeHistory(for: ["photo", "album"]) }
    /// try dbQueue.write { db in try db.enableChangeHistory(for: ["photo"], values: true) }
    /// ```
    ///
    /// - Parameters:
    ///   - tables: The tables to record.
    ///   - values: Whether to record the changed rows' values too, not only
    ///     their keys (false by default). Enabling a table again without
    ///     values stops recording its values.
    /// - Throws: ``ChangeHistoryError`` (``ChangeHistoryError/Code/noSuchTable``)
    ///   when a table does not exist, is a view, or has more columns than
    ///   values can record (990), or a ``DatabaseError``.
    public func enableChangeHistory(for tables: [String], values: Bool = false) throws {
        try inTransaction(.immediate) {
            try execute(sql: ChangeHistorySchema.createTables)
            if try String.fetchOne(self, sql: "SELECT value FROM main.plume_history_meta WHERE key = 'database_id'") == nil {
                try execute(sql: "INSERT INTO main.plume_history_meta (key, value) VALUES ('database_id', ?), ('pruned_before', 0)",
                            arguments: [UUID().uuidString.lowercased()])
                try execute(sql: "INSERT INTO main.plume_history (tbl, op, key) VALUES ('', 0, NULL)")
            }
            let upgraded = try upgradeChangeHistoryLayout()
            try installChangeHistoryGuards()
            let recorded = try changeHistoryTables()
            for table in tables { try installChangeHistoryTriggers(on: table, values: values) }
            // An upgrade dropped every trigger: the tables recorded before
            // get theirs back (those since dropped are left out).
            for table in recorded where upgraded && !tables.contains(where: { $0.sqlNameKey() == table }) {
                do {
                    try installChangeHistoryTriggers(on: table, values: try storedHistoryValues(of: table) != nil)
                } catch let error as ChangeHistoryError where error.code == .noSuchTable {
                    continue
                }
            }
            try ChangeHistoryClock.mark(self)
        }
    }

    private func installChangeHistoryTriggers(on table: String, values: Bool) throws {
        let name = try recordableTableName(table)
        let layout = values ? try historyValuesLayout(for: name, columns: try historyValueColumns(of: name)) : nil
        let triggers = try ChangeHistoryTriggers(table: name, values: layout, self)
        try dropChangeHistoryTriggers(on: triggers.table)
        for trigger in triggers.triggers { try execute(sql: trigger.sql) }
        let recorded = ChangeHistorySchema.recordedName(triggers.table)
        try execute(sql: "INSERT INTO main.plume_history_table (name, key_columns) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET key_columns = excluded.key_columns",
                    arguments: [recorded, triggers.key.columns?.joined(separator: ",")])
        if try historyHasValueColumns() {
            try execute(sql: "UPDATE main.plume_history_table SET layout = ? WHERE name = ?", arguments: [layout?.layout, recorded])
        }
    }

    /// Stops recording `tables` (every table when nil) and removes their
    /// triggers. When no table is left, Plume's history tables are dropped
    /// too, and tokens made until then are refused from then on.
    ///
    /// - Throws: ``DatabaseError``.
    public func disableChangeHistory(for tables: [String]? = nil) throws {
        try inTransaction(.immediate) {
            let recorded = try changeHistoryTables()
            let removed = tables.map { $0.map { $0.sqlNameKey() } } ?? recorded
            for table in removed {
                try dropChangeHistoryTriggers(on: table)
                if recorded.contains(table) {
                    try execute(sql: "DELETE FROM main.plume_history_table WHERE name = ?", arguments: [table])
                }
            }
            if Set(recorded).isSubset(of: removed) {
                for guardTrigger in ChangeHistorySchema.guards {
                    try execute(sql: "DROP TRIGGER IF EXISTS main.\(quoteIdentifier(guardTrigger.name))")
                }
                try execute(sql: ChangeHistorySchema.dropTables)
            }
        }
    }

    /// The names of the tables whose changes are recorded (ASCII letters
    /// lowercased, as SQLite compares names); empty when the history is
    /// not enabled.
    ///
    /// - Throws: ``DatabaseError``.
    public func changeHistoryTables() throws -> [String] {
        guard try changeHistoryTableExists(ChangeHistorySchema.tablesTable) else { return [] }
        return try String.fetchAll(self, sql: "SELECT name FROM main.plume_history_table ORDER BY name")
    }

    /// Whether one of Plume's history tables exists in `main` (where the
    /// history lives, whatever `temp` or attached databases hold).
    func changeHistoryTableExists(_ name: String) throws -> Bool {
        try Int.fetchOne(self, sql: "SELECT count(*) FROM main.sqlite_master WHERE type = 'table' AND name = ?", arguments: [name]) == 1
    }

    /// Drops every history trigger on `table`, whatever its name (earlier
    /// versions of Plume named them after the table first).
    private func dropChangeHistoryTriggers(on table: String) throws {
        let names = try String.fetchAll(self, sql: """
            SELECT name FROM main.sqlite_master WHERE type = 'trigger' AND tbl_name = ? COLLATE NOCASE
            AND name LIKE 'plume\\_history\\_%' ESCAPE '\\'
            """, arguments: [table])
        for name in names { try execute(sql: "DROP TRIGGER main.\(quoteIdentifier(name))") }
    }

    private func installChangeHistoryGuards() throws {
        for guardTrigger in ChangeHistorySchema.guards {
            try execute(sql: "DROP TRIGGER IF EXISTS main.\(quoteIdentifier(guardTrigger.name))")
            try execute(sql: guardTrigger.sql)
        }
    }

    /// Moves a history of layout 1 (a `time` per row, `NOT NULL` columns)
    /// to the current layout, keeping its rows and their times (as clock
    /// marks). Returns whether it did.
    private func upgradeChangeHistoryLayout() throws -> Bool {
        let format = try Int64.fetchOne(self, sql: "SELECT value FROM main.plume_history_meta WHERE key = 'format'") ?? 1
        guard format < ChangeHistorySchema.format else { return false }
        let hasTime = try Int.fetchOne(self, sql: "SELECT count(*) FROM pragma_table_info('plume_history', 'main') WHERE name = 'time'") == 1
        if hasTime {
            let triggers = try String.fetchAll(self, sql: "SELECT name FROM main.sqlite_master WHERE type = 'trigger' AND name LIKE 'plume\\_history\\_%' ESCAPE '\\'")
            for name in triggers { try execute(sql: "DROP TRIGGER main.\(quoteIdentifier(name))") }
            try execute(sql: """
                CREATE TABLE main.plume_history_upgrade (seq INTEGER PRIMARY KEY, tbl TEXT, op INTEGER, key);
                INSERT INTO main.plume_history_upgrade SELECT seq, tbl, op, key FROM main.plume_history;
                INSERT INTO main.plume_history_clock (seq, time) SELECT seq, time FROM main.plume_history WHERE typeof(time) = 'real' ON CONFLICT DO NOTHING;
                DROP TABLE main.plume_history;
                ALTER TABLE main.plume_history_upgrade RENAME TO plume_history;
                """)
        }
        try execute(sql: "INSERT INTO main.plume_history_meta (key, value) VALUES ('format', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    arguments: [ChangeHistorySchema.format])
        return true
    }
}
