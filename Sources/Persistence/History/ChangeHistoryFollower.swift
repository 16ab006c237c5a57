import Foundation

/// Reads the change history for one observed writer connection, so that
/// other connections' commits to recorded tables reach observers row by
/// row (``DatabaseChanges/historyTables``), like the connection's own.
///
/// Every method is called inside one read transaction per delivery (see
/// ``ChangeObservationCenter``), so the history, the schema and the rows
/// observers then read come from one snapshot, and the token advances to
/// exactly what that snapshot holds.
///
/// It keeps the token of the last change it read, and sets the
/// connection's ``Database/changeHistoryFloor`` to it so that pruning never
/// removes what it has yet to read. Only tables the history provably
/// records completely (``ChangeHistoryCoverage``) are described by rowids;
/// whatever goes wrong (a schema change, a history disabled, pruned past
/// the token, a trigger dropped or outdated) yields changes without rowids
/// for the tables concerned, so observers refetch: never a stale list.
final class ChangeHistoryFollower {
    private var token: ChangeHistoryToken?
    /// Covered recorded tables whose keys are rowids.
    private var rowIDTables: Set<String> = []
    /// Recorded tables the history covers on the current schema.
    private var coveredTables: Set<String> = []
    /// Why a recorded table is not covered.
    private var problem: ChangeHistoryError?
    private var schemaVersion: Int64?
    private var sequenceAtLastPrune: Int64 = 0
    private var sequenceAtLastClockMark: Int64 = 0
    private var lastClockMark: ContinuousClock.Instant?

    /// Takes the current token and coverage, or none when the history is
    /// not enabled. Call when observation starts and after a schema change.
    func resync(_ db: Database) {
        schemaVersion = try? Int64.fetchOne(db, sql: "PRAGMA schema_version")
        if let state = try? db.changeHistoryState() {
            token = ChangeHistoryToken(databaseID: state.databaseID, sequence: state.newest)
            sequenceAtLastPrune = max(sequenceAtLastPrune, state.newest)
            sequenceAtLastClockMark = max(sequenceAtLastClockMark, state.newest)
            do {
                let coverage = try ChangeHistoryCoverage(db, tables: state.tables.map(\.name))
                coveredTables = coverage.covered
                problem = coverage.firstProblem
            } catch {
                coveredTables = []
                problem = ChangeHistoryError(.historyDamaged, "the history's triggers could not be read: \(error)")
            }
            rowIDTables = Set(state.tables.filter(\.isRowID).map(\.name)).intersection(coveredTables)
        } else {
            token = nil
            coveredTables = []
            rowIDTables = []
            problem = nil
        }
        db.changeHistoryFloor = token?.sequence
    }

    /// Moves past the changes of a local commit, already delivered from the
    /// update hook, once the snapshot showed no other connection's commit.
    func skipOwnChanges(_ changes: DatabaseChanges, _ db: Database) {
        if changes.schemaChanged { resync(db) } else { skipChanges(db) }
    }

    /// Moves past every change the current snapshot holds without reading
    /// one: for commits observed only as commits. A schema change resyncs,
    /// as when reading.
    func skipChanges(_ db: Database) {
        if (try? Int64.fetchOne(db, sql: "PRAGMA schema_version")) != schemaVersion {
            resync(db)
        } else if let token, let newest = try? Int64.fetchOne(db, sql: "SELECT max(seq) FROM main.plume_history"), newest >= token.sequence {
            self.token = ChangeHistoryToken(databaseID: token.databaseID, sequence: newest)
            db.changeHistoryFloor = newest
        }
    }

    /// The changes of commits since the last call, read from the history
    /// in the current snapshot.
    func externalChanges(_ db: Database) -> DatabaseChanges {
        let version = try? Int64.fetchOne(db, sql: "PRAGMA schema_version")
        guard version == schemaVersion else {
            resync(db)
            var changes = DatabaseChanges(origin: .external, schemaChanged: true)
            changes.historyProblem = problem
            return changes
        }
        guard let token else { return .external }
        do {
            let history = try db.readChangeHistory(after: token, try db.changeHistoryState())
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
        changes.historyTables = coveredTables
        changes.historyProblem = problem
        for entry in entries where entry.operation != .enabled && coveredTables.contains(entry.table) {
            // A bulk write names no row: the table is read again.
            guard entry.operation != .bulk, rowIDTables.contains(entry.table), case .integer(let rowID) = entry.key else {
                changes.tablesWithUntrackedChanges.insert(entry.table)
                continue
            }
            switch entry.operation {
            case .insert: changes.tables[entry.table, default: TableChanges()].recordInsert(rowID)
            case .update, .conflict: changes.tables[entry.table, default: TableChanges()].recordUpdate(rowID)
            case .delete: changes.tables[entry.table, default: TableChanges()].recordDelete(rowID)
            case .enabled, .bulk: break
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

    /// Whether new changes were followed and the history's clock was last
    /// marked by this follower a while ago (``ChangeHistoryClock``).
    func needsClockMark(_ db: Database) -> Bool {
        guard let token, token.sequence > sequenceAtLastClockMark, !db.configuration.readOnly else { return false }
        let now = ContinuousClock.now
        if let lastClockMark, lastClockMark.duration(to: now) < ChangeHistoryClock.followingInterval { return false }
        lastClockMark = now
        sequenceAtLastClockMark = token.sequence
        return true
    }

    /// Stops holding back pruning.
    func stop(_ db: Database) {
        db.changeHistoryFloor = nil
        token = nil
    }
}
