import Foundation

/// Reads the change history for one observed writer connection, so that
/// other connections' commits to recorded tables reach observers row by
/// row (``DatabaseChanges/historyTables``), like the connection's own.
///
/// It keeps the token of the last change it read, and sets the
/// connection's ``Database/changeHistoryFloor`` to it so that pruning never
/// removes what it has yet to read. Whatever goes wrong (a schema change,
/// a history disabled, pruned past the token, edited by hand, triggers
/// dropped) yields changes without rowids, so observers refetch: never a
/// stale list.
final class ChangeHistoryFollower {
    private var token: ChangeHistoryToken?
    private var rowIDTables: Set<String> = []
    private var recordedTables: Set<String> = []
    private var schemaVersion: Int64?
    private var sequenceAtLastPrune: Int64 = 0

    /// Takes the current token, or none when the history is not enabled.
    /// Call when observation starts and after a schema change.
    func resync(_ db: Database) {
        schemaVersion = try? Int64.fetchOne(db, sql: "PRAGMA schema_version")
        if let state = try? db.changeHistoryState() {
            token = ChangeHistoryToken(databaseID: state.databaseID, sequence: state.newest)
            recordedTables = Set(state.tables.map(\.name))
            rowIDTables = Set(state.tables.filter(\.isRowID).map(\.name))
            sequenceAtLastPrune = max(sequenceAtLastPrune, state.newest)
        } else {
            token = nil
            recordedTables = []
            rowIDTables = []
        }
        db.changeHistoryFloor = token?.sequence
    }

    /// The newest recorded sequence number, read before a local commit is
    /// checked for external commits (see ``skipOwnChanges(to:_:)``).
    func newestSequence(_ db: Database) -> Int64? {
        guard token != nil else { return nil }
        return try? Int64.fetchOne(db, sql: "SELECT max(seq) FROM plume_history")
    }

    /// Moves past the changes of a local commit (already delivered from the
    /// update hook) once no external commit was found after it.
    ///
    /// - Returns: Whether the history outgrew its retention, so the caller
    ///   should prune it.
    func skipOwnChanges(to sequence: Int64?, _ changes: DatabaseChanges, _ db: Database) -> Bool {
        if changes.schemaChanged {
            resync(db)
        } else if let token, let sequence, sequence >= token.sequence {
            self.token = ChangeHistoryToken(databaseID: token.databaseID, sequence: sequence)
            db.changeHistoryFloor = sequence
        }
        return needsPruning(db)
    }

    /// The changes of commits by other connections since the last call.
    func externalChanges(_ db: Database) -> DatabaseChanges {
        let version = try? Int64.fetchOne(db, sql: "PRAGMA schema_version")
        guard version == schemaVersion else {
            resync(db)
            return DatabaseChanges(origin: .external, schemaChanged: true)
        }
        guard let token else { return .external }
        do {
            let history = try db.changeHistory(since: token)
            self.token = history.token
            db.changeHistoryFloor = history.token.sequence
            return changes(from: history.entries)
        } catch {
            resync(db)
            var changes = DatabaseChanges.external
            changes.historyProblem = error as? ChangeHistoryError
                ?? ChangeHistoryError(.historyDamaged, "the history could not be read: \(error)")
            return changes
        }
    }

    private func changes(from entries: [ChangeHistoryEntry]) -> DatabaseChanges {
        var changes = DatabaseChanges(origin: .external)
        changes.historyTables = recordedTables
        for entry in entries where entry.operation != .enabled {
            guard rowIDTables.contains(entry.table), case .integer(let rowID) = entry.key else {
                changes.tablesWithUntrackedChanges.insert(entry.table)
                continue
            }
            switch entry.operation {
            case .insert: changes.tables[entry.table, default: TableChanges()].recordInsert(rowID)
            case .update, .conflict: changes.tables[entry.table, default: TableChanges()].recordUpdate(rowID)
            case .delete: changes.tables[entry.table, default: TableChanges()].recordDelete(rowID)
            case .enabled: break
            }
        }
        return changes
    }

    /// Whether the history grew by an eighth of its retained count (or
    /// 12,500 changes without a count limit) since the last prune.
    func needsPruning(_ db: Database) -> Bool {
        guard let token, !db.configuration.readOnly else { return false }
        let stride = Int64(max(1, (db.configuration.changeHistoryRetention.maximumCount ?? 100_000) / 8))
        guard token.sequence - sequenceAtLastPrune >= stride else { return false }
        sequenceAtLastPrune = token.sequence
        return true
    }

    /// Stops holding back pruning.
    func stop(_ db: Database) {
        db.changeHistoryFloor = nil
        token = nil
    }
}
