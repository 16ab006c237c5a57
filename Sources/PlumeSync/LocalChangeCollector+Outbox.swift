import Persistence
import PlumeSyncProtocol

extension LocalChangeCollector {
    /// The changes of `entries` (oldest first) on the synced tables, in
    /// history order, as the outbox stores them: exactly
    /// ``changesGeneral(of:_:)`` encoded by ``OutboxChange/init(_:)``,
    /// with far less work for the common batch of inserts and deletes.
    ///
    /// Only the history keys that an update or a conflict entry names need
    /// the rows around their entries worked out; those go through the
    /// general path. Every other entry is an insert or a delete whose
    /// change is its own row, encoded straight from the entry
    /// (``LocalChangeEncoder``).
    ///
    /// - Throws: As ``changesGeneral(of:_:)``; ``SyncError``
    ///   (``SyncError/Code/tableNotSyncable``) for a row of a synced table
    ///   with two columns whose names are one name to sync (a column added
    ///   since the engine started: ``SyncTableSchema/indistinguishableColumns``).
    func outboxChanges(of entries: [ChangeHistoryEntry], _ db: Database) throws -> [OutboxChange] {
        var encoders = Encoders(tables: tables)
        var keysWithRowsAround = Set<HistoryKey>()
        var names = ColumnNameCheck()
        for index in entries.indices where entries[index].operation.namesRow && encoders[entries[index].table] != nil {
            try Self.checkHasValues(entries[index])
            try names.check(entries[index].oldRow, of: entries[index].table)
            try names.check(entries[index].newRow, of: entries[index].table)
            if entries[index].operation == .update || entries[index].operation == .conflict {
                keysWithRowsAround.insert(HistoryKey(entries[index]))
            }
        }
        let grouped = try groupedChanges(of: entries, keys: keysWithRowsAround, db)
        var changes: [OutboxChange] = []
        changes.reserveCapacity(entries.count)
        // By index: the entries' fields are read in place, not copied.
        for index in entries.indices where entries[index].operation.namesRow {
            if !grouped.isEmpty, let ofEntry = grouped[index] {
                changes += ofEntry
                continue
            }
            guard let encoder = encoders[entries[index].table] else { continue }
            switch entries[index].operation {
            case .insert: changes.append(encoder.change(.insert, of: entries[index].newRow))
            case .delete: changes.append(encoder.change(.delete, of: entries[index].oldRow))
            case .update, .conflict, .enabled, .bulk: break // grouped, or skipped above
            }
        }
        return changes
    }

    /// The changes of every entry of the history keys `keys` names, by
    /// the entry's position in `entries` (an empty list for an entry that
    /// makes no change).
    private func groupedChanges(of entries: [ChangeHistoryEntry], keys: Set<HistoryKey>, _ db: Database) throws -> [Int: [OutboxChange]] {
        guard !keys.isEmpty else { return [:] }
        var groups: [HistoryKey: [Int]] = [:]
        for (index, entry) in entries.enumerated() where entry.operation.namesRow && tables[entry.table] != nil {
            let key = HistoryKey(entry)
            if keys.contains(key) { groups[key, default: []].append(index) }
        }
        var changes: [Int: [OutboxChange]] = [:]
        for (group, indexes) in groups {
            for (index, ofEntry) in zip(indexes, try self.changes(ofGroup: group, at: indexes, of: entries, db)) {
                changes[index] = ofEntry.map(OutboxChange.init)
            }
        }
        return changes
    }

    /// The encoder of each synced table, made on first use; the last one
    /// is tried first (a batch mostly writes one table at a time).
    private struct Encoders {
        let tables: [String: SyncTable]
        private var encoders: [String: LocalChangeEncoder] = [:]
        private var last: LocalChangeEncoder?

        init(tables: [String: SyncTable]) {
            self.tables = tables
        }

        /// The encoder of the table the history names `name`; nil for a
        /// table the engine does not sync.
        subscript(name: String) -> LocalChangeEncoder? {
            mutating get {
                if let last, last.table.name == name { return last }
                let encoder = encoders[name] ?? tables[name].map { table in
                    let encoder = LocalChangeEncoder(table: table)
                    encoders[name] = encoder
                    return encoder
                }
                if encoder != nil { last = encoder }
                return encoder
            }
        }
    }
}

/// Checks each row layout of a batch once: sync keys values by column
/// name as Swift compares strings, so a layout with two names that are
/// one to Swift (canonically equivalent Unicode, which SQLite keeps
/// apart) would lose a column's values.
private struct ColumnNameCheck {
    private var checked = Set<ObjectIdentifier>()
    private var last: ObjectIdentifier?

    mutating func check(_ row: Row?, of table: String) throws {
        guard let layout = row?.layout else { return }
        let id = ObjectIdentifier(layout)
        guard id != last else { return }
        last = id
        guard checked.insert(id).inserted else { return }
        let columns = layout.columns.map { SyncTableSchema.Column(name: $0.syncNameKey, affinity: "", primaryKey: 0) }
        if let reason = SyncTableSchema(name: table, columns: columns).indistinguishableColumns {
            throw SyncError(.tableNotSyncable, reason)
        }
    }
}
