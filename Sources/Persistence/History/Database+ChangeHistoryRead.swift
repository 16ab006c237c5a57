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
    /// Call it inside a transaction to read the history and the rows it
    /// names from one snapshot of the database.
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
    ///   ``ChangeHistoryError/Code/historyDamaged``, or, when a recorded
    ///   table's changes may have gone unrecorded,
    ///   ``ChangeHistoryError/Code/triggersMissing``,
    ///   ``ChangeHistoryError/Code/triggersOutdated`` or
    ///   ``ChangeHistoryError/Code/uniqueIndexNotCovered``; or a
    ///   ``DatabaseError``.
    /// - Complexity: O(k log n) for k changes after the token, plus a look
    ///   at each recorded table's schema.
    public func changeHistory(since token: ChangeHistoryToken?) throws -> ChangeHistory {
        try changeHistory(since: token, limit: nil)
    }

    /// The first `limit` changes recorded after `token` (every one when
    /// nil): ``changeHistory(since:)`` read in parts. The returned token
    /// is the last change returned.
    package func changeHistory(since token: ChangeHistoryToken?, limit: Int?) throws -> ChangeHistory {
        let state = try changeHistoryState()
        if let problem = try ChangeHistoryCoverage(self, tables: state.tables.map(\.name)).firstProblem { throw problem }
        let history = try readChangeHistory(after: token, state, values: true, limit: limit)
        let dates = try ChangeHistoryClock.dates(of: history.entries.map(\.token.sequence), self)
        let entries = zip(history.entries, dates).map { entry, date in entry.dated(date) }
        return ChangeHistory(entries: entries, token: history.token)
    }

    /// The changes after `token` (every one kept when nil), checked for
    /// gaps, without dates and without looking at the triggers: what
    /// observers read on every commit, once they know the history covers
    /// the tables (``ChangeHistoryCoverage``).
    ///
    /// - Parameters:
    ///   - values: Whether to read the entries' values
    ///     (``ChangeHistoryValueReader``) too.
    ///   - limit: The most entries to read; nil for every one.
    func readChangeHistory(after token: ChangeHistoryToken?, _ state: ChangeHistoryState, values: Bool = false, limit: Int? = nil) throws -> ChangeHistory {
        let start = try token.map { try state.check($0, self) } ?? (state.prunedBefore - 1)
        var entries: [ChangeHistoryEntry] = []
        var expected = start + 1
        let reader = values ? try ChangeHistoryValueReader(self) : nil
        let sql = "SELECT seq, tbl, op, key\(reader?.selectedColumns ?? "") FROM main.plume_history WHERE seq > ? ORDER BY seq LIMIT ?"
        for row in try Row.fetchAll(self, sql: sql, arguments: [start, limit.map(Int64.init) ?? -1]) {
            var entry = try ChangeHistoryEntry(row: row, databaseID: state.databaseID)
            if let reader { entry = try reader.entry(entry, row) }
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
        guard try changeHistoryTableExists(ChangeHistorySchema.metaTable), try changeHistoryTableExists(ChangeHistorySchema.historyTable),
              try changeHistoryTableExists(ChangeHistorySchema.tablesTable) else {
            throw ChangeHistoryError(.notEnabled, "\(location) has no change history (plume_history is missing)")
        }
        let meta = try Row.fetchAll(self, sql: "SELECT key, value FROM main.plume_history_meta")
        var values: [String: DatabaseValue] = [:]
        for row in meta { if case .text(let key) = row[0] { values[key] = row[1] } }
        guard case .text(let id)? = values["database_id"], case .integer(let prunedBefore)? = values["pruned_before"] else {
            throw ChangeHistoryError(.historyDamaged, "plume_history_meta lacks database_id or pruned_before")
        }
        guard let newest = try Int64.fetchOne(self, sql: "SELECT max(seq) FROM main.plume_history") else {
            throw ChangeHistoryError(.historyDamaged, "plume_history is empty: its rows were deleted by hand")
        }
        let tables = try Row.fetchAll(self, sql: "SELECT name, key_columns FROM main.plume_history_table ORDER BY name").map { row in
            (name: try row.decode(String.self, at: 0), isRowID: row[1] == .null)
        }
        return ChangeHistoryState(databaseID: id, prunedBefore: prunedBefore, newest: newest, tables: tables)
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
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM main.plume_history WHERE seq = ?", arguments: [token.sequence]) == 1 else {
            throw ChangeHistoryError(.historyDamaged, "plume_history has no change \(token.sequence) (token \(token)): rows were deleted by hand")
        }
        return token.sequence
    }
}

extension ChangeHistoryEntry {
    /// An entry read from `plume_history`, dated now until the clock says
    /// otherwise.
    init(row: Row, databaseID: String) throws {
        guard case .integer(let seq) = row[0], case .text(let table) = row[1], case .integer(let op) = row[2],
              let operation = Operation(rawValue: Int(op)) else {
            throw ChangeHistoryError(.historyDamaged, "plume_history row \(row[0]) holds values Plume never writes: \(row)")
        }
        self.init(token: ChangeHistoryToken(databaseID: databaseID, sequence: seq), table: table, operation: operation, key: row[3], date: Date())
    }
}
