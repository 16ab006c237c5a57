import PlumeSyncProtocol

/// What a push does to the current rows, by the merge rule: for each row
/// it changes, either the log entry of its last change (an insert, or a
/// delete's tombstone), or the row an update left, merged here.
struct RowWritePlan {
    /// A row across tables: its table and its key's canonical text.
    struct RowID: Hashable {
        var table: String
        var key: String
    }

    /// The offsets in the push of the changes whose log entries are rows'
    /// final states, in the order the rows were first changed.
    private(set) var fromLog: [Int] = []
    /// The rows updates leave, with the offset of the last change that
    /// changed each.
    private(set) var merged: [(id: RowID, row: SyncRow, offset: Int)] = []

    /// A row's state after the push's changes so far.
    private enum State {
        /// Set by the insert or delete at this offset.
        case logged(Int)
        /// Merged by the update at `offset`.
        case merged(SyncRow, offset: Int)
        /// Not changed by the push so far.
        case unchanged
    }

    /// Works out the plan of `changes`.
    ///
    /// - Parameter before: Reads the current rows (tombstones left out)
    ///   of the rows given: those whose first change in the push is an
    ///   update; not called when there are none.
    init(_ changes: [SyncChange], _ texts: EncodedChanges, before: ([RowID]) async throws -> [RowID: SyncRow]) async throws {
        var states: [RowID: State] = [:]
        var order: [RowID] = []
        var toRead: [RowID] = []
        let ids = changes.indices.map { RowID(table: changes[$0].table, key: texts.keys[$0]) }
        for (offset, id) in ids.enumerated() where states[id] == nil {
            order.append(id)
            if changes[offset].operation == .update { toRead.append(id) }
            states[id] = .unchanged
        }
        let current = toRead.isEmpty ? [:] : try await before(toRead)
        for (offset, change) in changes.enumerated() {
            let id = ids[offset]
            guard change.operation == .update else {
                states[id] = .logged(offset)
                continue
            }
            // An update of no row changes nothing, and leaves no trace.
            let row: SyncRow?
            switch states[id] ?? .unchanged {
            case .logged(let setter): row = changes[setter].operation == .insert ? try SyncJSONReader.row(texts.values[setter]) : nil
            case .merged(let merged, _): row = merged
            case .unchanged: row = current[id]
            }
            guard let row, let after = SyncMerge.apply(.update, values: change.values, to: row) else { continue }
            states[id] = .merged(after, offset: offset)
        }
        for id in order {
            switch states[id] ?? .unchanged {
            case .logged(let offset): fromLog.append(offset)
            case .merged(let row, let offset): merged.append((id, row, offset))
            case .unchanged: break
            }
        }
    }
}
