import Foundation

extension Database {
    /// The token of the newest recorded change: read the changes after it
    /// later with ``changeHistory(since:)``.
    ///
    /// - Throws: ``ChangeHistoryError`` (``ChangeHistoryError/Code/notEnabled``)
    ///   when the database has no change history, or a ``DatabaseError``.
    public func currentChangeHistoryToken() throws -> ChangeHistoryToken {
        let state = try changeHistoryState()
        return ChangeHistoryToken(databaseID: state.databaseID, sequence: state.newest)
    }

    /// The changes recorded after `token`, oldest first (Core Data's
    /// `NSPersistentHistoryChangeRequest`), or every change still kept when
    /// `token` is nil.
    ///
    /// ```swift
    /// let history = try db.changeHistory(since: lastToken)
    /// for entry in history.entries { print(entry.table, entry.operation, entry.key) }
    /// lastToken = history.token
    /// ```
    ///
    /// - Throws: ``ChangeHistoryError``: ``ChangeHistoryError/Code/notEnabled``,
    ///   ``ChangeHistoryError/Code/tokenFromAnotherDatabase``,
    ///   ``ChangeHistoryError/Code/tokenPruned`` (refetch instead),
    ///   ``ChangeHistoryError/Code/historyDamaged`` or
    ///   ``ChangeHistoryError/Code/triggersMissing``; or a ``DatabaseError``.
    /// - Complexity: O(k log n) for k changes after the token.
    public func changeHistory(since token: ChangeHistoryToken?) throws -> ChangeHistory {
        let state = try changeHistoryState()
        try checkChangeHistoryTriggers(state.tables)
        let start = try token.map { try state.check($0, self) } ?? (state.prunedBefore - 1)
        var entries: [ChangeHistoryEntry] = []
        var expected = start + 1
        for row in try Row.fetchAll(self, sql: "SELECT seq, tbl, op, key, time FROM plume_history WHERE seq > ? ORDER BY seq", arguments: [start]) {
            let entry = try ChangeHistoryEntry(row: row, databaseID: state.databaseID)
            // Sequence numbers have no gaps: one missing was deleted by hand.
            guard entry.token.sequence == expected || (token == nil && entry.token.sequence > expected) else {
                throw ChangeHistoryError(.historyDamaged, "plume_history has no change \(expected): rows were deleted by hand")
            }
            expected = entry.token.sequence + 1
            entries.append(entry)
        }
        let newest = entries.last?.token ?? token ?? ChangeHistoryToken(databaseID: state.databaseID, sequence: state.newest)
        return ChangeHistory(entries: entries, token: newest)
    }

    /// What Plume's history tables say, read and checked.
    func changeHistoryState() throws -> ChangeHistoryState {
        guard try tableExists(ChangeHistorySchema.metaTable), try tableExists(ChangeHistorySchema.historyTable),
              try tableExists(ChangeHistorySchema.tablesTable) else {
            throw ChangeHistoryError(.notEnabled, "\(location) has no change history (plume_history is missing)")
        }
        let meta = try Row.fetchAll(self, sql: "SELECT key, value FROM plume_history_meta")
        var values: [String: DatabaseValue] = [:]
        for row in meta { if case .text(let key) = row[0] { values[key] = row[1] } }
        guard case .text(let id)? = values["database_id"], case .integer(let prunedBefore)? = values["pruned_before"] else {
            throw ChangeHistoryError(.historyDamaged, "plume_history_meta lacks database_id or pruned_before")
        }
        guard let newest = try Int64.fetchOne(self, sql: "SELECT max(seq) FROM plume_history") else {
            throw ChangeHistoryError(.historyDamaged, "plume_history is empty: its rows were deleted by hand")
        }
        let tables = try Row.fetchAll(self, sql: "SELECT name, key_columns FROM plume_history_table ORDER BY name").map { row in
            (name: try row.decode(String.self, at: 0), isRowID: row[1] == .null)
        }
        return ChangeHistoryState(databaseID: id, prunedBefore: prunedBefore, newest: newest, tables: tables)
    }

    /// Throws when a recorded table lost one of its triggers.
    func checkChangeHistoryTriggers(_ tables: [(name: String, isRowID: Bool)]) throws {
        let present = Set(try String.fetchAll(self, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'plume\\_history\\_%' ESCAPE '\\'"))
        for table in tables {
            for suffix in ChangeHistorySchema.triggerSuffixes where !present.contains(ChangeHistorySchema.triggerName(table.name, suffix)) {
                throw ChangeHistoryError(.triggersMissing, "the trigger \(ChangeHistorySchema.triggerName(table.name, suffix)) of table \"\(table.name)\" was dropped: its changes are no longer recorded (run enableChangeHistory again)")
            }
        }
    }
}

/// The change history's bookkeeping, as read from Plume's tables.
struct ChangeHistoryState {
    let databaseID: String
    /// Changes before this sequence number were pruned.
    let prunedBefore: Int64
    /// The newest change's sequence number.
    let newest: Int64
    /// The recorded tables, and whether their keys are rowids.
    let tables: [(name: String, isRowID: Bool)]

    /// The sequence number to read after, once `token` proved to belong to
    /// this history and to be still kept.
    func check(_ token: ChangeHistoryToken, _ db: Database) throws -> Int64 {
        guard token.databaseID == databaseID else {
            throw ChangeHistoryError(.tokenFromAnotherDatabase, "token \(token) belongs to another database or an earlier history (this one is \(databaseID))")
        }
        guard token.sequence <= newest else {
            throw ChangeHistoryError(.tokenFromAnotherDatabase, "token \(token) is newer than the newest change, \(newest)")
        }
        guard token.sequence >= prunedBefore else {
            throw ChangeHistoryError(.tokenPruned, "the changes after token \(token) were pruned (history kept from \(prunedBefore))")
        }
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM plume_history WHERE seq = ?", arguments: [token.sequence]) == 1 else {
            throw ChangeHistoryError(.historyDamaged, "plume_history has no change \(token.sequence) (token \(token)): rows were deleted by hand")
        }
        return token.sequence
    }
}

extension ChangeHistoryEntry {
    init(row: Row, databaseID: String) throws {
        guard case .integer(let seq) = row[0], case .text(let table) = row[1], case .integer(let op) = row[2],
              let operation = Operation(rawValue: Int(op)), case .real(let julian) = row[4] else {
            throw ChangeHistoryError(.historyDamaged, "plume_history row \(row[0]) holds values Plume never writes: \(row)")
        }
        self.token = ChangeHistoryToken(databaseID: databaseID, sequence: seq)
        self.table = table
        self.operation = operation
        self.key = row[3]
        self.date = Date(timeIntervalSince1970: (julian - 2_440_587.5) * 86_400)
    }
}
