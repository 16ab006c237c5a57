import Foundation

extension Database {
    /// Records every row change of `tables` in a persistent change history,
    /// whoever writes: this process, another process, or the `sqlite3`
    /// shell.
    ///
    /// Installs, per table, `AFTER INSERT`, `AFTER UPDATE` and `AFTER
    /// DELETE` triggers that append the changed row's key (its rowid, or
    /// the primary key of a `WITHOUT ROWID` table) and the operation to
    /// `plume_history`, under a sequence number. Observers of this database
    /// (``DatabaseWriter/observeChanges(_:)``) then receive other
    /// processes' commits to these tables row by row, like their own. Each
    /// recorded row costs the writer one more row insert.
    ///
    /// Calling it again for a table already recorded replaces its triggers
    /// (after a schema change, for example). Runs in a transaction of its
    /// own unless one is open.
    ///
    /// ```swift
    /// try dbQueue.write { db in try db.enableChangeHistory(for: ["photo", "album"]) }
    /// ```
    ///
    /// - Throws: ``ChangeHistoryError`` (``ChangeHistoryError/Code/noSuchTable``)
    ///   when a table does not exist or is a view, or a ``DatabaseError``.
    public func enableChangeHistory(for tables: [String]) throws {
        try inTransaction(.immediate) {
            try execute(sql: ChangeHistorySchema.createTables)
            if try String.fetchOne(self, sql: "SELECT value FROM plume_history_meta WHERE key = 'database_id'") == nil {
                try execute(sql: "INSERT INTO plume_history_meta (key, value) VALUES ('database_id', ?), ('pruned_before', 0)",
                            arguments: [UUID().uuidString.lowercased()])
                try execute(sql: "INSERT INTO plume_history (tbl, op, key, time) VALUES ('', 0, NULL, julianday('now'))")
            }
            for table in tables {
                let keyColumns = try historyKeyColumns(of: table)
                try execute(sql: ChangeHistorySchema.dropTriggers(table: table))
                try execute(sql: ChangeHistorySchema.createTriggers(table: table, keyColumns: keyColumns))
                let unique = try uniqueColumns(of: table, withoutRowID: keyColumns != nil)
                if !unique.isEmpty {
                    try execute(sql: ChangeHistorySchema.createConflictTriggers(table: table, keyColumns: keyColumns, uniqueColumns: unique))
                }
                try execute(sql: "INSERT OR REPLACE INTO plume_history_table (name, key_columns) VALUES (?, ?)",
                            arguments: [table.lowercased(), keyColumns?.joined(separator: ",")])
            }
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
            let removed = tables.map { $0.map { $0.lowercased() } } ?? recorded
            for table in removed {
                try execute(sql: ChangeHistorySchema.dropTriggers(table: table))
                if recorded.contains(table) {
                    try execute(sql: "DELETE FROM plume_history_table WHERE name = ?", arguments: [table])
                }
            }
            if Set(recorded).isSubset(of: removed) {
                try execute(sql: ChangeHistorySchema.dropTables)
            }
        }
    }

    /// The lowercased names of the tables whose changes are recorded;
    /// empty when the history is not enabled.
    ///
    /// - Throws: ``DatabaseError``.
    public func changeHistoryTables() throws -> [String] {
        guard try tableExists(ChangeHistorySchema.tablesTable) else { return [] }
        return try String.fetchAll(self, sql: "SELECT name FROM plume_history_table ORDER BY name")
    }

    /// nil for a rowid table; the primary key columns of a `WITHOUT ROWID`
    /// table.
    private func historyKeyColumns(of table: String) throws -> [String]? {
        let type = try String.fetchOne(self, sql: "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE", arguments: [table])
        guard type == "table", !table.lowercased().hasPrefix("plume_history"), !table.lowercased().hasPrefix("sqlite_") else {
            throw ChangeHistoryError(.noSuchTable, type == nil
                ? "no table named \"\(table)\""
                : "\"\(table)\" is a \(type == "table" ? "table of Plume's or SQLite's own" : type ?? "object"), not a table whose changes can be recorded")
        }
        if (try? makeStatement(sql: "SELECT rowid FROM \(quoteIdentifier(table)) LIMIT 0")) != nil { return nil }
        return try primaryKey(of: table)
    }

    /// The columns and collations of each unique index of a table besides
    /// its key (the primary key of a `WITHOUT ROWID` table). Indexes on
    /// expressions are left out: their conflicts cannot be looked up from
    /// a trigger.
    private func uniqueColumns(of table: String, withoutRowID: Bool) throws -> [[(name: String, collation: String)]] {
        let indexes = try Row.fetchAll(self, sql: "SELECT name, origin FROM pragma_index_list(?) WHERE \"unique\"", arguments: [table])
        var result: [[(name: String, collation: String)]] = []
        for index in indexes {
            let name = try index.decode(String.self, at: 0)
            if withoutRowID, try index.decode(String.self, at: 1) == "pk" { continue }
            let columns = try Row.fetchAll(self, sql: "SELECT cid, name, coll FROM pragma_index_xinfo(?) WHERE key", arguments: [name])
            guard try columns.allSatisfy({ try $0.decode(Int.self, at: 0) >= 0 }) else { continue }
            result.append(try columns.map { (try $0.decode(String.self, at: 1), try $0.decode(String.self, at: 2)) })
        }
        return result
    }
}
