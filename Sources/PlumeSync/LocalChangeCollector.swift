import Persistence
import PlumeSyncProtocol

/// Turns the change history's entries into the protocol's changes, keyed
/// by primary key (Documentation/SyncProtocol.md, "Client").
///
/// The history keys a rowid table's rows by rowid and records an update's
/// changed columns only; the protocol keys rows by primary key. So the
/// entries of one history key are walked from the newest back, starting
/// from the row as it is now: undoing each entry gives the whole row
/// before it, hence the primary key before and after every entry. An
/// update that changed primary key columns becomes a delete of the old key
/// and an insert of the whole new row; a conflict entry (a row `REPLACE`
/// removed) becomes a delete when the row is gone after it.
struct LocalChangeCollector {
    let tables: [String: SyncTable]

    /// The changes of `entries` (oldest first) on the synced tables, in
    /// history order.
    ///
    /// - Throws: ``SyncError`` (``SyncError/Code/tableNotSyncable``) for an
    ///   entry recorded without values.
    func changes(of entries: [ChangeHistoryEntry], _ db: Database) throws -> [LocalChange] {
        struct GroupKey: Hashable { var table: String; var key: DatabaseValue }
        var groups: [GroupKey: [Int]] = [:]
        for (index, entry) in entries.enumerated() where entry.operation != .enabled && tables[entry.table] != nil {
            guard entry.hasValues else {
                throw SyncError(.tableNotSyncable, "the change history of table \(entry.table) records keys only: enable it with values (plume history enable --values, or enableChangeHistory(for:values: true))")
            }
            groups[GroupKey(table: entry.table, key: entry.key), default: []].append(index)
        }
        var changesByEntry = [[LocalChange]](repeating: [], count: entries.count)
        for (group, indexes) in groups {
            guard let table = tables[group.table] else { continue }
            var state: [String: DatabaseValue]?
            var stateKnown = false
            for index in indexes.reversed() {
                let entry = entries[index]
                switch entry.operation {
                case .insert:
                    let row = Self.lowercased(entry.newRow)
                    changesByEntry[index] = [LocalChange(table: table.name, operation: .insert, key: table.key(of: row), values: row)]
                    state = nil
                case .delete:
                    let row = Self.lowercased(entry.oldRow)
                    changesByEntry[index] = [LocalChange(table: table.name, operation: .delete, key: table.key(of: row), values: nil)]
                    state = row
                case .update:
                    if !stateKnown { state = try currentRow(table, historyKey: group.key, db) }
                    let changedOld = Self.lowercased(entry.oldRow), changedNew = Self.lowercased(entry.newRow)
                    guard var after = state else {
                        let trail = indexes.map { "\(entries[$0].operation) old \(String(describing: entries[$0].oldRow)) new \(String(describing: entries[$0].newRow))" }.joined(separator: " | ")
                        throw SyncError(.stateDamaged, "the change history of table \(table.name) updates row \(group.key) that no later entry or the table holds [\(trail)]")
                    }
                    for (column, value) in changedNew { after[column] = value }
                    var before = after
                    for (column, value) in changedOld { before[column] = value }
                    let keyBefore = table.key(of: before), keyAfter = table.key(of: after)
                    if keyBefore.map(SyncValue.init) != keyAfter.map(SyncValue.init) {
                        changesByEntry[index] = [
                            LocalChange(table: table.name, operation: .delete, key: keyBefore, values: nil),
                            LocalChange(table: table.name, operation: .insert, key: keyAfter, values: after),
                        ]
                    } else if !changedNew.isEmpty {
                        changesByEntry[index] = [LocalChange(table: table.name, operation: .update, key: keyAfter, values: changedNew)]
                    }
                    state = before
                case .conflict:
                    if !stateKnown { state = try currentRow(table, historyKey: group.key, db) }
                    let row = Self.lowercased(entry.oldRow)
                    let survived = state.map { table.key(of: $0).map(SyncValue.init) == table.key(of: row).map(SyncValue.init) } ?? false
                    if !survived {
                        changesByEntry[index] = [LocalChange(table: table.name, operation: .delete, key: table.key(of: row), values: nil)]
                    }
                    state = row
                case .enabled:
                    break
                }
                stateKnown = true
            }
        }
        return changesByEntry.flatMap { $0 }
    }

    /// Every current row of `table`, as inserts (a table's first sync).
    func snapshot(_ table: SyncTable, _ db: Database) throws -> [LocalChange] {
        let columns = table.columns.map(SyncTable.quote).joined(separator: ", ")
        return try Row.fetchAll(db, sql: "SELECT \(columns) FROM main.\(table.quotedName)").map { row in
            var values: [String: DatabaseValue] = [:]
            for (index, column) in table.columns.enumerated() { values[column] = row[index] }
            return LocalChange(table: table.name, operation: .insert, key: table.key(of: values), values: values)
        }
    }

    /// The row the history key names as it is now, nil when there is none.
    private func currentRow(_ table: SyncTable, historyKey: DatabaseValue, _ db: Database) throws -> [String: DatabaseValue]? {
        let columns = table.columns.map(SyncTable.quote).joined(separator: ", ")
        let row: Row?
        if table.isWithoutRowID {
            guard case .text(let text) = historyKey, let key = SQLLiteralList.parse(text), key.count == table.keyColumns.count else {
                throw SyncError(.stateDamaged, "the change history of table \(table.name) holds key \(historyKey), not its primary key's values")
            }
            row = try Row.fetchOne(db, sql: "SELECT \(columns) FROM main.\(table.quotedName) WHERE \(table.keyCondition)", arguments: StatementArguments(positional: key))
        } else {
            row = try Row.fetchOne(db, sql: "SELECT \(columns) FROM main.\(table.quotedName) WHERE \(SyncTable.quote(table.rowIDName)) = ?", arguments: StatementArguments(positional: [historyKey]))
        }
        guard let row else { return nil }
        var values: [String: DatabaseValue] = [:]
        for (index, column) in table.columns.enumerated() { values[column] = row[index] }
        return values
    }

    private static func lowercased(_ row: Row?) -> [String: DatabaseValue] {
        guard let row else { return [:] }
        var values: [String: DatabaseValue] = [:]
        for (index, column) in row.columnNames.enumerated() { values[column.syncNameKey] = row[index] }
        return values
    }
}
