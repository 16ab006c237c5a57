import CSQLite

extension Database {
    /// Runs `body`, which writes rows of `table` and nothing else, with
    /// the change history's row triggers off for this connection, and
    /// records one ``ChangeHistoryEntry/Operation/bulk`` entry for the
    /// table instead of an entry per row: the history's readers (observers
    /// in other processes, ``changeHistory(since:)``, undo) take it as
    /// "any row of the table may have changed" and read the table again.
    ///
    /// A sync client loading a table's rows from its server writes tens
    /// of thousands of rows a page that no reader follows one by one:
    /// recording each row would double the cost of every insert, and of
    /// the history's upkeep after it.
    ///
    /// `body` runs as any write, each row recorded, when the history does
    /// not record `table`, or when the table has triggers of its own
    /// (besides the history's, `TEMP` ones included), or when foreign keys
    /// are enforced and another table's key references it (a cascade would
    /// write that table unrecorded): those must run, and SQLite turns
    /// triggers off for a connection, not for one table. This connection's observers
    /// still learn of every row `body` changed (SQLite's update hook is no
    /// trigger); foreign key checks and actions run as usual.
    ///
    /// The entry and `body`'s writes are one transaction (a savepoint
    /// inside the caller's), the entry first: when `body` throws, neither
    /// stays.
    ///
    /// - Parameters:
    ///   - table: The table `body` writes.
    ///   - body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or a ``DatabaseError``.
    package func writingInBulk<T>(into table: String, _ body: () throws -> T) throws -> T {
        try inTransaction(.immediate) {
            guard try canWriteInBulk(table) else { return try body() }
            try execute(sql: "INSERT INTO main.plume_history (tbl, op, key) VALUES (?, \(ChangeHistoryEntry.Operation.bulk.rawValue), NULL)",
                        arguments: [ChangeHistorySchema.recordedName(table)])
            let handle = try checkOpen()
            var triggersEnabled: Int32 = 1
            _ = plume_db_config_int(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, -1, &triggersEnabled)
            _ = plume_db_config_int(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nil)
            defer { _ = plume_db_config_int(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, triggersEnabled, nil) }
            return try body()
        }
    }

    /// Whether the history records `table`, every trigger on it is one of
    /// the history's (none is a `TEMP` trigger), and no enforced foreign
    /// key references it.
    private func canWriteInBulk(_ table: String) throws -> Bool {
        guard try changeHistoryTableExists(ChangeHistorySchema.tablesTable), try changeHistoryTableExists(ChangeHistorySchema.historyTable),
              try Int.fetchOne(self, sql: "SELECT count(*) FROM main.plume_history_table WHERE name = ?",
                               arguments: [ChangeHistorySchema.recordedName(table)]) == 1 else { return false }
        let triggers = try String.fetchAll(self, sql: "SELECT name FROM main.sqlite_master WHERE type = 'trigger' AND tbl_name = ? COLLATE NOCASE",
                                           arguments: [table])
        // A connection's TEMP triggers on the table are its own, whatever
        // their names (whether SQLite runs them with triggers off depends
        // on its version).
        let temporary = try Int.fetchOne(self, sql: "SELECT count(*) FROM temp.sqlite_master WHERE type = 'trigger' AND tbl_name = ? COLLATE NOCASE",
                                         arguments: [table]) ?? 0
        guard temporary == 0, triggers.allSatisfy({ $0.sqlNameKey().hasPrefix("plume_history_") }) else { return false }
        // A foreign key's action (a cascade) writes another table, whose
        // triggers would not record it.
        guard try Int.fetchOne(self, sql: "PRAGMA foreign_keys") == 1 else { return true }
        let referenced = try Int.fetchOne(self, sql: """
            SELECT count(*) FROM main.sqlite_master AS m, pragma_foreign_key_list(m.name, 'main') AS f
            WHERE m.type = 'table' AND f."table" = ? COLLATE NOCASE
            """, arguments: [table]) ?? 0
        return referenced == 0
    }
}
