import CSQLite
import Foundation

/// How ``DatabaseUndoStack/undo(_:)`` and ``DatabaseUndoStack/redo(_:)``
/// treat rows another writer changed since the step.
public struct UndoOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: Int

    /// Creates options from their raw value.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Restores the rows no other writer changed since the step, leaves
    /// the others as they are, and reports them in
    /// ``UndoReport/skipped`` instead of refusing the whole step.
    public static let applyingWhatStillApplies = UndoOptions(rawValue: 1 << 0)
}

/// What an undo or redo did.
public struct UndoReport: Sendable, Hashable {
    /// The step's action name.
    public let actionName: String
    /// How many row changes were applied.
    public let changedRowCount: Int
    /// The rows left as they were because another writer changed them
    /// after the step (only with ``UndoOptions/applyingWhatStillApplies``).
    public let skipped: [DatabaseUndoError.Conflict]
}

extension DatabaseUndoStack {
    /// Undoes the newest step: applies its inverse in one transaction,
    /// blocking the calling thread, and moves it to the redo side.
    ///
    /// ```swift
    /// do {
    ///     try stack.undo()
    /// } catch let error as DatabaseUndoError where error.code == .conflict {
    ///     print("changed elsewhere since:", error.conflicts)
    /// }
    /// ```
    ///
    /// - Parameter options: What to do with rows another writer changed
    ///   since the step: refuse (the default), or
    ///   ``UndoOptions/applyingWhatStillApplies``.
    /// - Returns: What was done.
    /// - Throws: ``DatabaseUndoError``: ``DatabaseUndoError/Code/nothingToUndo``,
    ///   ``DatabaseUndoError/Code/transactionOpen``,
    ///   ``DatabaseUndoError/Code/conflict`` (naming each row),
    ///   ``DatabaseUndoError/Code/schemaChanged`` (the stack is cleared),
    ///   ``DatabaseUndoError/Code/historyPruned`` (the step is dropped),
    ///   ``DatabaseUndoError/Code/historyIncomplete``,
    ///   ``DatabaseUndoError/Code/rowMissing``,
    ///   ``DatabaseUndoError/Code/foreignKeyViolation``; or a
    ///   ``DatabaseError`` (a value beyond the connection's limits, say).
    ///   The database is unchanged after any error.
    @discardableResult
    public func undo(_ options: UndoOptions = []) throws -> UndoReport {
        try writer.writeWithoutTransactionAndWait { db in try self.apply(undoing: true, options, db) }
    }

    /// Redoes the step undone last: reapplies it in one transaction,
    /// blocking the calling thread, and moves it back to the undo side.
    ///
    /// - Parameter options: As for ``undo(_:)``.
    /// - Returns: What was done.
    /// - Throws: ``DatabaseUndoError`` (``DatabaseUndoError/Code/nothingToRedo``
    ///   and the others of ``undo(_:)``), or a ``DatabaseError``. The
    ///   database is unchanged after any error.
    @discardableResult
    public func redo(_ options: UndoOptions = []) throws -> UndoReport {
        try writer.writeWithoutTransactionAndWait { db in try self.apply(undoing: false, options, db) }
    }

    private func apply(undoing: Bool, _ options: UndoOptions, _ db: Database) throws -> UndoReport {
        let verb = undoing ? "undo" : "redo"
        guard !db.isInsideTransaction else {
            throw DatabaseUndoError(.transactionOpen, "cannot \(verb) while a transaction is open on the writer: \(verb) after it ends")
        }
        try prepare(db)
        let (next, clearedBecause) = state.withLock { (undoing ? $0.undo.last : $0.redo.last, $0.clearedBecause) }
        guard let step = next else {
            if let clearedBecause { throw DatabaseUndoError(.schemaChanged, "cannot \(verb): \(clearedBecause)") }
            throw DatabaseUndoError(undoing ? .nothingToUndo : .nothingToRedo, "there is nothing to \(verb)")
        }
        let outcome: UndoOutcome
        do {
            outcome = try Self.withoutTriggers(db) { foreignKeys in
                try db.inTransaction(.immediate) { try self.replay(step, options, checkingForeignKeys: foreignKeys, db) }
            }
        } catch let error as DatabaseUndoError where error.code == .schemaChanged || error.code == .historyPruned {
            let prunedBefore = (try? db.changeHistoryState().prunedBefore) ?? .max
            state.withLock { state in
                if error.code == .schemaChanged { state.clear() } else { state.drop(before: max(prunedBefore, step.entries.upperBound + 1)) }
                db.changeHistoryUndoFloor = state.oldestEntry
            }
            notify()
            throw DatabaseUndoError(error.code, "cannot \(verb) \"\(step.name)\": \(error.message)", conflicts: error.conflicts)
        } catch let error as DatabaseUndoError {
            throw DatabaseUndoError(error.code, "cannot \(verb) \"\(step.name)\": \(error.message)", conflicts: error.conflicts)
        }
        state.withLock { state in
            if undoing { state.undo.removeAll { $0.id == step.id } } else { state.redo.removeAll { $0.id == step.id } }
            if let range = outcome.range {
                let moved = UndoState.Entry(id: step.id, name: step.name, entries: range)
                if undoing { state.redo.append(moved) } else { state.undo.append(moved) }
                state.own.append(range)
            }
            state.trim()
            db.changeHistoryUndoFloor = state.oldestEntry
        }
        notify()
        return UndoReport(actionName: step.name, changedRowCount: outcome.changed,
                          skipped: outcome.skipped.map { DatabaseUndoError.Conflict(table: $0.table, key: $0.value) })
    }

    private struct UndoOutcome {
        /// The history entries the inverse wrote (nil when it wrote none).
        var range: ClosedRange<Int64>?
        var changed: Int
        var skipped: [UndoRowKey]
    }

    /// Inside the transaction: checks the step can be replayed, then
    /// applies its inverse, newest entry first.
    private func replay(_ step: UndoState.Entry, _ options: UndoOptions, checkingForeignKeys: Bool, _ db: Database) throws -> UndoOutcome {
        let history = try db.changeHistoryState()
        guard history.prunedBefore <= step.entries.lowerBound else {
            throw DatabaseUndoError(.historyPruned, "the history entries it is made of (\(step.entries.lowerBound)…\(step.entries.upperBound)) were pruned (the history keeps changes from \(history.prunedBefore) on)")
        }
        var replay = try UndoReplay(db)
        let entries = try replay.entries(step.entries)
        let tables = Set(entries.map(\.key.table))
        if let problem = try ChangeHistoryCoverage(db, tables: tables.sorted()).firstProblem {
            throw DatabaseUndoError(.historyIncomplete, "changes made since may be missing from the history: \(problem.message)")
        }
        let conflicts = try replay.conflicts(after: step.entries, own: state.withLock { $0.own })
        if !conflicts.isEmpty, !options.contains(.applyingWhatStillApplies) {
            let named = conflicts.map { DatabaseUndoError.Conflict(table: $0.table, key: $0.value) }
            let list = named.prefix(5).map { "\($0)" }.joined(separator: "; ")
            throw DatabaseUndoError(.conflict, "another writer changed \(named.count == 1 ? "row" : "\(named.count) rows") since (\(list)\(named.count > 5 ? "; …" : ""))",
                                    conflicts: named)
        }
        let skipped = Set(conflicts)
        let first = try Self.newestSequence(db) + 1
        let changed = try replay.invertAll(entries, skipping: skipped)
        if checkingForeignKeys { try replay.checkForeignKeys(touched: tables) }
        let last = try Self.newestSequence(db)
        return UndoOutcome(range: last >= first ? first...last : nil, changed: changed, skipped: conflicts)
    }

    /// Runs `body` with the connection's triggers off (the history's own
    /// too: the replay writes its history entries itself) and, when
    /// `PRAGMA foreign_keys` is on, with foreign keys off, so that no
    /// trigger or foreign key action does again what the step recorded.
    /// `body` learns whether foreign keys were on, to check them itself.
    private static func withoutTriggers<T>(_ db: Database, _ body: (Bool) throws -> T) throws -> T {
        let handle = try db.checkOpen()
        let foreignKeys = try Int.fetchOne(db, sql: "PRAGMA foreign_keys") == 1
        if foreignKeys { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
        var triggersEnabled: Int32 = 1
        _ = plume_db_config_int(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, -1, &triggersEnabled)
        _ = plume_db_config_int(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nil)
        defer {
            _ = plume_db_config_int(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, triggersEnabled, nil)
            if foreignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        }
        return try body(foreignKeys)
    }
}
