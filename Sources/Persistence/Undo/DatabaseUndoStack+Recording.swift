import Foundation

extension DatabaseUndoStack {
    /// Writes in one transaction that becomes one undoable step named
    /// `name` ("Rename Photo": a menu shows "Undo Rename Photo"), blocking
    /// the calling thread. A transaction that changes nothing the history
    /// records is not a step. Clears the redo side.
    ///
    /// ```swift
    /// try stack.undoGroupAndWait(name: "Delete Photos") { db in
    ///     try db.execute(sql: "DELETE FROM photo WHERE rating < 2")
    /// }
    /// ```
    ///
    /// Called inside a transaction already (from the body of another
    /// write), `body` runs in a savepoint of that transaction and is part
    /// of its step, if it has one.
    ///
    /// - Parameters:
    ///   - name: The action name.
    ///   - body: The writes; what it returns is returned.
    /// - Throws: What `body` throws, ``DatabaseUndoError/Code/notUndoable``
    ///   when it changed a table recorded without values (the transaction
    ///   is rolled back), ``ChangeHistoryError`` when the history is not
    ///   enabled, or a ``DatabaseError``.
    @discardableResult
    public func undoGroupAndWait<T>(name: String, _ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransactionAndWait { db in try self.record(name, db, body) }
    }

    /// Writes in one transaction that becomes one undoable step named
    /// `name`, without blocking a thread (see ``undoGroupAndWait(name:_:)``).
    ///
    /// - Throws: What `body` throws, ``DatabaseUndoError/Code/notUndoable``,
    ///   ``ChangeHistoryError``, or a ``DatabaseError``.
    @discardableResult
    public func undoGroup<T: Sendable>(name: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.writeWithoutTransaction { db in try self.record(name, db, body) }
    }

    private func record<T>(_ name: String, _ db: Database, _ body: (Database) throws -> T) throws -> T {
        if db.isInsideTransaction { return try db.inSavepoint { try body(db) } }
        let versionBefore = try prepare(db).version
        var range: ClosedRange<Int64>?
        var versionAfter = versionBefore
        let result = try db.inTransaction(.immediate) {
            let first = try Self.newestSequence(db) + 1
            let result = try body(db)
            let last = try Self.newestSequence(db)
            if last >= first {
                try Self.checkUndoable(first...last, db)
                range = first...last
            }
            versionAfter = try Self.schemaVersion(db)
            return result
        }
        state.withLock { state in
            if versionAfter != versionBefore {
                // The step changed the schema: what came before is read
                // under other columns now, and so would the step be.
                state.schemaVersion = versionAfter
                if !state.undo.isEmpty || !state.redo.isEmpty {
                    state.clearedBecause = "a write through the stack changed the schema, so the stack was cleared"
                }
                state.clear()
            } else if let range {
                state.clearedBecause = nil
                state.undo.append(UndoState.Entry(id: state.nextID, name: name, entries: range))
                state.nextID += 1
                state.redo.removeAll()
                state.own.append(range)
                state.trim()
            }
            db.changeHistoryUndoFloor = state.oldestEntry
        }
        if range != nil || versionAfter != versionBefore { notify() }
        return result
    }

    /// Before a write or an undo: clears the stack when the schema or the
    /// history changed since its steps were recorded (and installs the
    /// `REPLACE` recorders for the new schema). Returns the schema version,
    /// and whether steps were dropped.
    @discardableResult
    func prepare(_ db: Database) throws -> (version: Int64, cleared: Bool) {
        let version = try Self.schemaVersion(db)
        let databaseID: String
        do {
            databaseID = try db.changeHistoryState().databaseID
        } catch let error as ChangeHistoryError where error.code == .notEnabled {
            // The history was disabled: the steps' entries are gone.
            let hadSteps = state.withLock { state -> Bool in
                defer { state.clear() }
                return !state.undo.isEmpty || !state.redo.isEmpty
            }
            if hadSteps { notify() }
            throw error
        }
        let cleared = state.withLock { state -> Bool in
            guard state.schemaVersion != version || state.databaseID != databaseID else { return false }
            let hadSteps = !state.undo.isEmpty || !state.redo.isEmpty
            state.schemaVersion = version
            state.databaseID = databaseID
            state.clear()
            if hadSteps { state.clearedBecause = "the schema (or the change history) changed since the steps were recorded, so the stack was cleared" }
            return hadSteps
        }
        if state.withLock({ $0.recordersSchemaVersion != version }) {
            try installReplaceRecorders(db, schemaVersion: version)
        }
        if cleared { notify() }
        return (version, cleared)
    }

    static func newestSequence(_ db: Database) throws -> Int64 {
        guard let newest = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM main.plume_history") else {
            throw ChangeHistoryError(.historyDamaged, "plume_history is empty: its rows were deleted by hand")
        }
        return newest
    }

    /// Refuses a step with entries of a table recorded without values.
    private static func checkUndoable(_ range: ClosedRange<Int64>, _ db: Database) throws {
        let hasValues = try db.historyHasValueColumns()
        let row = try Row.fetchOne(db, sql: """
            SELECT tbl FROM main.plume_history WHERE seq BETWEEN ? AND ? AND op <> 0\(hasValues ? " AND layout IS NULL" : "") LIMIT 1
            """, arguments: [range.lowerBound, range.upperBound])
        if let row, case .text(let table) = row[0] {
            throw DatabaseUndoError(.notUndoable, "table \"\(table)\" is recorded without values, so its changes cannot be undone: enable its history with values: true, or write it outside the undo stack")
        }
    }

    /// Installs, on the writer connection only (`TEMP` triggers), the
    /// triggers that record the row an `INSERT OR REPLACE` or a key change
    /// replaces at the same key: SQLite deletes it without running delete
    /// triggers, and the history's own triggers record only the rows
    /// replaced through other unique indexes. Recorded as a
    /// ``ChangeHistoryEntry/Operation/conflict`` with its values, so that
    /// undo can put it back. Other connections do not pay for them.
    func installReplaceRecorders(_ db: Database, schemaVersion: Int64) throws {
        let installed = try String.fetchAll(db, sql: """
            SELECT name FROM temp.sqlite_master WHERE type = 'trigger' AND name LIKE 'plume\\_undo\\_%' ESCAPE '\\'
            """)
        for name in installed { try db.execute(sql: "DROP TRIGGER temp.\(quoteIdentifier(name))") }
        if try db.historyHasValueColumns() {
            for recorded in try db.changeHistoryTables() {
                guard let stored = try db.storedHistoryValues(of: recorded), let table = try? UndoTable(recorded: recorded, db) else { continue }
                for sql in Self.replaceRecorders(table, layout: stored.layout) { try db.execute(sql: sql) }
            }
        }
        state.withLock { $0.recordersSchemaVersion = schemaVersion }
    }

    private static func replaceRecorders(_ table: UndoTable, layout: Int64) -> [String] {
        let key = table.key
        let match = (key.columns ?? [key.rowIDName]).map { "\(quoteIdentifier($0)) = NEW.\(quoteIdentifier($0))" }.joined(separator: " AND ")
        let slots = ChangeHistoryValues.slots(table.columns.count).joined(separator: ", ")
        let values = table.columns.map(quoteIdentifier).joined(separator: ", ")
        let record = """
            INSERT INTO plume_history (tbl, op, key, layout, \(slots)) SELECT \(DatabaseValue.text(table.recorded)), 4, \(key.expression("")), \(layout), \(values) \
            FROM \(table.quotedName) WHERE \(match);
            """
        let name = { (kind: String) in quoteIdentifier("plume_undo_\(kind)_\(table.recorded)") }
        return [
            "CREATE TEMP TRIGGER \(name("replace_insert")) BEFORE INSERT ON \(table.quotedName) BEGIN \(record) END",
            "CREATE TEMP TRIGGER \(name("replace_rekey")) BEFORE UPDATE OF \(key.updatableNames.map(quoteIdentifier).joined(separator: ", ")) "
                + "ON \(table.quotedName) WHEN \(key.expression("OLD")) IS NOT \(key.expression("NEW")) BEGIN \(record) END",
        ]
    }
}
