import Foundation
import PlumeSyncProtocol
import PostgresNIO

extension SyncStore {
    /// Appends a client's changes to the log and applies them to the
    /// current rows, in one transaction; changes at or below the client
    /// sequence number already applied for this client are skipped, so a
    /// retried push is applied once.
    ///
    /// - Parameter changes: Validated changes (``SyncPushValidator``), by
    ///   increasing client sequence number.
    /// - Returns: The client sequence number acknowledged and the head.
    func push(client clientID: String, changes: [SyncChange]) async throws -> SyncPushResponse {
        try await client.checkedTransaction(logger: logger) { connection in
            // The lock that orders every push.
            var head: Int64 = 0
            for try await value in try await connection.checkedQuery("SELECT head FROM plume_sync_state WHERE id = 1 FOR UPDATE", logger: logger).decode(Int64.self) {
                head = value
            }
            var applied: Int64 = 0
            for try await value in try await connection.checkedQuery("""
                INSERT INTO plume_sync_client (client) VALUES (\(clientID))
                ON CONFLICT (client) DO UPDATE SET seen = now() RETURNING client_seq
                """, logger: logger).decode(Int64.self) {
                applied = value
            }
            let fresh = changes.filter { $0.clientSequence > applied }
            guard let last = fresh.last else {
                return SyncPushResponse(acknowledged: max(applied, changes.last?.clientSequence ?? 0), head: head)
            }
            let texts = EncodedChanges(fresh)
            try await appendToLog(fresh, texts, client: clientID, after: head, connection)
            try await applyToRows(fresh, texts, after: head, connection)
            let newHead = head + Int64(fresh.count)
            // One round trip: the head, the client's position and the
            // notification (data-modifying WITH clauses always run).
            try await connection.checkedQuery("""
                WITH head AS (UPDATE plume_sync_state SET head = \(newHead) WHERE id = 1),
                     position AS (UPDATE plume_sync_client SET client_seq = \(last.clientSequence) WHERE client = \(clientID))
                SELECT pg_notify(\(Self.channel), \(String(newHead)))
                """, logger: logger)
            return SyncPushResponse(acknowledged: last.clientSequence, head: newHead, base: head)
        }
    }

    /// Appends the changes to the log with one `COPY`, in chunks of about
    /// 256 KiB.
    private func appendToLog(_ changes: [SyncChange], _ texts: EncodedChanges, client clientID: String, after head: Int64, _ connection: PostgresConnection) async throws {
        try await connection.checkedCopy(into: "plume_sync_log", columns: ["seq", "client", "client_seq", "tbl", "op", "key", "vals"], logger: logger) { writer in
            var rows = CopyTextRows()
            for (offset, change) in changes.enumerated() {
                rows.append(head + 1 + Int64(offset))
                rows.append(clientID)
                rows.append(change.clientSequence)
                rows.append(change.table)
                rows.append(Int64(change.operation.code))
                rows.append(texts.keys[offset])
                if texts.values[offset].isEmpty { rows.appendNull() } else { rows.append(texts.values[offset]) }
                rows.endRow()
                if rows.buffer.readableBytes >= 256 << 10 { try await writer.write(rows.take()) }
            }
            if rows.buffer.readableBytes > 0 { try await writer.write(rows.take()) }
        }
    }

    /// Applies the changes to `plume_sync_row` by the merge rule. A row
    /// whose first change in the push is an insert or a delete does not
    /// depend on what it was: only the rows an update reaches first are
    /// read, merged in order here, and written back; the others are
    /// written from their last insert's text, or as tombstones.
    private func applyToRows(_ changes: [SyncChange], _ texts: EncodedChanges, after head: Int64, _ connection: PostgresConnection) async throws {
        struct RowID: Hashable { var table: String; var key: String }
        /// A row's state after the changes so far: its values' text when
        /// known as text, its values when merged, nil for no row.
        enum State { case text(String), merged(SyncRow), absent, untouchedByUpdate }
        var states: [RowID: (state: State, sequence: Int64)] = [:]
        var order: [RowID] = []
        var toRead: [RowID] = []
        let ids = changes.indices.map { RowID(table: changes[$0].table, key: texts.keys[$0]) }
        for (offset, id) in ids.enumerated() where states[id] == nil {
            order.append(id)
            if changes[offset].operation == .update { toRead.append(id) }
            states[id] = (.untouchedByUpdate, 0)
        }
        var before: [RowID: SyncRow] = [:]
        if !toRead.isEmpty {
            let rows = try await connection.checkedQuery("""
                SELECT r.tbl, r.key, r.vals FROM plume_sync_row r
                JOIN unnest(\(toRead.map(\.table))::text[], \(toRead.map(\.key))::text[]) AS t(tbl, key) ON r.tbl = t.tbl AND r.key = t.key
                """, logger: logger)
            for try await (table, key, values) in rows.decode((String, String, String?).self) {
                guard let values else { continue }
                before[RowID(table: table, key: key)] = try SyncJSONReader.decode(Array(values.utf8)) { try $0.readRow() }
            }
        }
        var changed = Set<RowID>()
        for (offset, change) in changes.enumerated() {
            let id = ids[offset]
            let sequence = head + 1 + Int64(offset)
            switch (change.operation, states[id]?.state) {
            case (.insert, _):
                states[id] = (.text(texts.values[offset]), sequence)
            case (.delete, _):
                states[id] = (.absent, sequence)
            case (.update, .absent?):
                continue // An update of no row changes nothing, and leaves no trace.
            case (.update, .text(let text)?):
                let row = try SyncJSONReader.decode(Array(text.utf8)) { try $0.readRow() }
                states[id] = (.merged(SyncMerge.apply(.update, values: change.values, to: row) ?? [:]), sequence)
            case (.update, .merged(let row)?):
                states[id] = (.merged(SyncMerge.apply(.update, values: change.values, to: row) ?? [:]), sequence)
            case (.update, .untouchedByUpdate?), (.update, nil):
                guard let row = before[id] else {
                    states[id] = (.absent, 0)
                    continue
                }
                states[id] = (.merged(SyncMerge.apply(.update, values: change.values, to: row) ?? [:]), sequence)
            }
            changed.insert(id)
        }
        var tables: [String] = [], keys: [String] = [], values: [String] = [], sequences: [Int64] = []
        for id in order where changed.contains(id) {
            guard let (state, sequence) = states[id] else { continue }
            tables.append(id.table)
            keys.append(id.key)
            switch state {
            case .text(let text): values.append(text)
            case .merged(let row): values.append(SyncJSON.objectText(row))
            case .absent, .untouchedByUpdate: values.append("")
            }
            sequences.append(sequence)
        }
        guard !tables.isEmpty else { return }
        if writesRowsWithMerge {
            // Safe: nothing else writes these rows meanwhile (pushes and
            // prunes hold the plume_sync_state row's lock), and each key
            // comes once.
            try await connection.checkedQuery("""
                MERGE INTO plume_sync_row r
                USING (SELECT t, k, NULLIF(v, '') AS v, s FROM unnest(\(tables)::text[], \(keys)::text[], \(values)::text[], \(sequences)::bigint[]) AS c(t, k, v, s)) c
                ON r.tbl = c.t AND r.key = c.k
                WHEN MATCHED THEN UPDATE SET vals = c.v, seq = c.s
                WHEN NOT MATCHED THEN INSERT (tbl, key, vals, seq) VALUES (c.t, c.k, c.v, c.s)
                """, logger: logger)
        } else {
            try await connection.checkedQuery("""
                INSERT INTO plume_sync_row (tbl, key, vals, seq)
                SELECT t, k, NULLIF(v, ''), s FROM unnest(\(tables)::text[], \(keys)::text[], \(values)::text[], \(sequences)::bigint[]) AS c(t, k, v, s)
                ON CONFLICT (tbl, key) DO UPDATE SET vals = excluded.vals, seq = excluded.seq
                """, logger: logger)
        }
    }
}

/// A push's keys and values as the canonical JSON texts the log and the
/// current rows store (`""` for no values), encoded once for both.
struct EncodedChanges {
    let keys: [String]
    let values: [String]

    init(_ changes: [SyncChange]) {
        keys = changes.map { SyncJSON.keyText($0.key) }
        values = changes.map { $0.values.map(SyncJSON.objectText) ?? "" }
    }
}

extension SyncOperation {
    /// The operation's number in `plume_sync_log.op`.
    var code: Int16 {
        switch self {
        case .insert: 1
        case .update: 2
        case .delete: 3
        }
    }

    /// The operation of a `plume_sync_log.op` number.
    init?(code: Int16) {
        switch code {
        case 1: self = .insert
        case 2: self = .update
        case 3: self = .delete
        default: return nil
        }
    }
}
