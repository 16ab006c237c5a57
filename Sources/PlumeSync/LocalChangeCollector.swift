import Persistence
import PlumeSyncProtocol

/// Turns the change history's entries into the protocol's changes, keyed
/// by primary key (Documentation/SyncProtocol.md, "Client").
///
/// The history keys a rowid table's rows by rowid and records an update's
/// changed columns only; the protocol keys rows by primary key. So the
/// whole row around every entry of one history key is worked out from two
/// anchors: walking from the newest entry back, starting from the row as
/// it is now (undoing each entry), and walking from the oldest forward,
/// starting from an insert's whole row. An insert may have replaced a row
/// of the same history key (`REPLACE` on the key records no deletion), so
/// the backward walk does not know the row before an insert; the forward
/// walk fills that gap. An update that changed primary key columns becomes
/// a delete of the old key and an insert of the whole new row; a conflict
/// entry (a row `REPLACE` removed) becomes a delete unless the row is
/// still there after it.
struct LocalChangeCollector {
    let tables: [String: SyncTable]

    /// The changes of `entries` (oldest first) on the synced tables, in
    /// history order: the general path, which works out every history
    /// key's rows around its entries. ``outboxChanges(of:_:)`` gives the
    /// same changes, already encoded, with far less work.
    ///
    /// - Throws: ``SyncError`` (``SyncError/Code/tableNotSyncable``) for an
    ///   entry recorded without values; ``SyncError/Code/stateDamaged``
    ///   when an update's primary key cannot be worked out from the
    ///   history and the table.
    func changesGeneral(of entries: [ChangeHistoryEntry], _ db: Database) throws -> [LocalChange] {
        var groups: [HistoryKey: [Int]] = [:]
        for (index, entry) in entries.enumerated() where entry.operation.namesRow && tables[entry.table] != nil {
            try Self.checkHasValues(entry)
            groups[HistoryKey(entry), default: []].append(index)
        }
        var changesByEntry = [[LocalChange]](repeating: [], count: entries.count)
        for (group, indexes) in groups {
            for (index, changes) in zip(indexes, try changes(ofGroup: group, at: indexes, of: entries, db)) {
                changesByEntry[index] = changes
            }
        }
        return changesByEntry.flatMap { $0 }
    }

    /// One row of one table as the history names it.
    struct HistoryKey: Hashable {
        var table: String
        var key: DatabaseValue

        init(_ entry: ChangeHistoryEntry) {
            table = entry.table
            key = entry.key
        }
    }

    /// Refuses an entry of a synced table recorded without values.
    static func checkHasValues(_ entry: ChangeHistoryEntry) throws {
        guard entry.hasValues else {
            throw SyncError(.tableNotSyncable, "the change history of table \(entry.table) records keys only: enable it with values (plume history enable --values, or enableChangeHistory(for:values: true))")
        }
    }

    /// The changes of each entry of one history key, `indexes` being the
    /// entries' positions in `entries` (oldest first).
    func changes(ofGroup group: HistoryKey, at indexes: [Int], of entries: [ChangeHistoryEntry], _ db: Database) throws -> [[LocalChange]] {
        guard let table = tables[group.table] else { return indexes.map { _ in [] } }
        let trail = indexes.map { entries[$0] }
        // Only updates and conflicts need the row around them: a batch
        // of inserts and deletes reads nothing more.
        var after = [RowState](repeating: .unknown, count: trail.count)
        if trail.contains(where: { $0.operation == .update || $0.operation == .conflict }) {
            after = Self.rowsAfter(trail, now: try currentRow(table, historyKey: group.key, db))
        }
        return try trail.indices.map { position in
            try changes(of: trail[position], after: after[position], table, historyKey: group.key, trail: trail)
        }
    }

    /// A row as the history lets it be known at one point.
    enum RowState {
        /// Not known from the entries and the current row.
        case unknown
        /// No row has the history key.
        case absent
        /// The whole row.
        case row([String: DatabaseValue])
    }

    /// The row after each entry of one history key (oldest first): from
    /// the row as it is now, undoing entries backwards, and where that
    /// stops (before an insert), from the entries forwards.
    static func rowsAfter(_ trail: [ChangeHistoryEntry], now: [String: DatabaseValue]?) -> [RowState] {
        var forward = [RowState](repeating: .unknown, count: trail.count)
        var state = RowState.unknown
        for (position, entry) in trail.enumerated() {
            switch entry.operation {
            case .insert: state = .row(lowercased(entry.newRow))
            case .delete: state = .absent
            case .conflict: state = .unknown // removed, or kept by a statement that ignored the conflict
            case .update: state = state.overlaid(with: lowercased(entry.newRow))
            case .enabled, .bulk: break
            }
            forward[position] = state
        }
        var backward = [RowState](repeating: .unknown, count: trail.count)
        state = now.map(RowState.row) ?? .absent
        for position in trail.indices.reversed() {
            backward[position] = state
            let entry = trail[position]
            switch entry.operation {
            case .insert: state = .unknown // nothing, or a row of the same key the insert replaced
            case .delete, .conflict: state = .row(lowercased(entry.oldRow))
            case .update: state = state.overlaid(with: lowercased(entry.oldRow))
            case .enabled, .bulk: break
            }
        }
        return zip(backward, forward).map { backward, forward in
            if case .unknown = backward { return forward }
            return backward
        }
    }

    /// The protocol's changes for one entry, given the row after it.
    private func changes(of entry: ChangeHistoryEntry, after: RowState, _ table: SyncTable, historyKey: DatabaseValue, trail: [ChangeHistoryEntry]) throws -> [LocalChange] {
        switch entry.operation {
        case .insert:
            let row = Self.lowercased(entry.newRow)
            return [LocalChange(table: table.name, operation: .insert, key: table.key(of: row), values: row)]
        case .delete:
            return [LocalChange(table: table.name, operation: .delete, key: table.key(of: Self.lowercased(entry.oldRow)), values: nil)]
        case .conflict:
            // Unknown after a conflict means an insert of the same history
            // key follows: the conflicting row is gone either way.
            let row = Self.lowercased(entry.oldRow)
            if case .row(let kept) = after, table.key(of: kept).map(SyncValue.init) == table.key(of: row).map(SyncValue.init) { return [] }
            return [LocalChange(table: table.name, operation: .delete, key: table.key(of: row), values: nil)]
        case .update:
            let changedOld = Self.lowercased(entry.oldRow), changedNew = Self.lowercased(entry.newRow)
            if case .row(let row) = after {
                var before = row
                for (column, value) in changedOld { before[column] = value }
                let keyBefore = table.key(of: before), keyAfter = table.key(of: row)
                if keyBefore.map(SyncValue.init) != keyAfter.map(SyncValue.init) {
                    return [
                        LocalChange(table: table.name, operation: .delete, key: keyBefore, values: nil),
                        LocalChange(table: table.name, operation: .insert, key: keyAfter, values: row),
                    ]
                }
                return changedNew.isEmpty ? [] : [LocalChange(table: table.name, operation: .update, key: keyAfter, values: changedNew)]
            }
            // The row around the update is not known (a later insert
            // replaced it, and no earlier entry of this batch shows it
            // whole): its key is, when the history key is the primary key.
            guard let key = try key(of: historyKey, table), !table.keyColumns.contains(where: { changedNew[$0] != nil }) else {
                let described = trail.map { "\($0.operation) old \(String(describing: $0.oldRow)) new \(String(describing: $0.newRow))" }.joined(separator: " | ")
                throw SyncError(.stateDamaged, "the change history of table \(table.name) updates row \(historyKey), whose primary key neither the history nor the table holds [\(described)]")
            }
            return changedNew.isEmpty ? [] : [LocalChange(table: table.name, operation: .update, key: key, values: changedNew)]
        case .enabled, .bulk:
            return []
        }
    }

    /// The primary key a history key names, when the history keys the
    /// table's rows by primary key (`WITHOUT ROWID`, or an `INTEGER
    /// PRIMARY KEY`).
    private func key(of historyKey: DatabaseValue, _ table: SyncTable) throws -> [DatabaseValue]? {
        if table.keyIsRowID { return [historyKey] }
        guard table.isWithoutRowID else { return nil }
        guard case .text(let text) = historyKey, let key = SQLLiteralList.parse(text), key.count == table.keyColumns.count else {
            throw SyncError(.stateDamaged, "the change history of table \(table.name) holds key \(historyKey), not its primary key's values")
        }
        return key
    }

    /// Every current row of `table`, as inserts (a table's first sync),
    /// encoded as the outbox stores them.
    func snapshot(_ table: SyncTable, _ db: Database) throws -> [OutboxChange] {
        let columns = table.columns.map(SyncTable.quote).joined(separator: ", ")
        let statement = try db.makeStatement(sql: "SELECT \(columns) FROM main.\(table.quotedName)")
        let encoder = LocalChangeEncoder(table: table)
        var changes: [OutboxChange] = []
        while try statement.step() {
            changes.append(encoder.insert { statement.columnValue(at: $0) })
        }
        return changes
    }

    /// The row the history key names as it is now, nil when there is none.
    private func currentRow(_ table: SyncTable, historyKey: DatabaseValue, _ db: Database) throws -> [String: DatabaseValue]? {
        let row: Row?
        if table.isWithoutRowID, let key = try key(of: historyKey, table) {
            row = try Row.fetchOne(db, sql: table.selectByKeySQL, arguments: StatementArguments(positional: key))
        } else {
            row = try Row.fetchOne(db, sql: table.selectByRowIDSQL, arguments: StatementArguments(positional: [historyKey]))
        }
        guard let row else { return nil }
        var values: [String: DatabaseValue] = [:]
        for (index, column) in table.columns.enumerated() { values[column] = row[index] }
        return values
    }

    static func lowercased(_ row: Row?) -> [String: DatabaseValue] {
        guard let row else { return [:] }
        var values: [String: DatabaseValue] = [:]
        for (index, column) in row.columnNames.enumerated() { values[column.syncNameKey] = row[index] }
        return values
    }
}

extension ChangeHistoryEntry.Operation {
    /// Whether the entry names one row: not a marker of the history being
    /// enabled, nor of a table written in bulk (``SyncDatabaseSide/collect(_:)``
    /// sends such a table's rows whole).
    var namesRow: Bool { self != .enabled && self != .bulk }

    /// Whether the entry's change is its own row alone (an insert, a
    /// delete, a marker): an update, a conflict or a bulk write needs the
    /// rows around it, as they are now.
    var standsAlone: Bool { self == .insert || self == .delete || self == .enabled }
}

extension LocalChangeCollector.RowState {
    /// The row with `columns` set, when the row is known.
    func overlaid(with columns: [String: DatabaseValue]) -> Self {
        guard case .row(var row) = self else { return .unknown }
        for (column, value) in columns { row[column] = value }
        return .row(row)
    }
}
