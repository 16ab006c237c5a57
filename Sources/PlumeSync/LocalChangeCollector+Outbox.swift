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
    /// - Throws: As ``changesGeneral(of:_:)``.
    func outboxChanges(of entries: [ChangeHistoryEntry], _ db: Database) throws -> [OutboxChange] {
        var keysWithRowsAround = Set<HistoryKey>()
        for entry in entries where entry.operation != .enabled && tables[entry.table] != nil {
            try Self.checkHasValues(entry)
            if entry.operation == .update || entry.operation == .conflict {
                keysWithRowsAround.insert(HistoryKey(entry))
            }
        }
        let grouped = try groupedChanges(of: entries, keys: keysWithRowsAround, db)
        var encoders: [String: LocalChangeEncoder] = [:]
        var changes: [OutboxChange] = []
        changes.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() where entry.operation != .enabled {
            if !grouped.isEmpty, let ofEntry = grouped[index] {
                changes += ofEntry
                continue
            }
            guard let table = tables[entry.table] else { continue }
            let encoder = encoders[table.name] ?? {
                let encoder = LocalChangeEncoder(table: table)
                encoders[table.name] = encoder
                return encoder
            }()
            switch entry.operation {
            case .insert: changes.append(encoder.change(.insert, of: entry.newRow))
            case .delete: changes.append(encoder.change(.delete, of: entry.oldRow))
            case .update, .conflict, .enabled: break // grouped, or skipped above
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
        for (index, entry) in entries.enumerated() where entry.operation != .enabled && tables[entry.table] != nil {
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
}
