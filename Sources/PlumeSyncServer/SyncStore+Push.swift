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
            try await appendToLog(fresh, client: clientID, after: head, connection)
            try await applyToRows(fresh, after: head, connection)
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

    private func appendToLog(_ changes: [SyncChange], client clientID: String, after head: Int64, _ connection: PostgresConnection) async throws {
        var sequences: [Int64] = [], clientSequences: [Int64] = [], tables: [String] = [], operations: [Int16] = []
        var keys: [String] = [], values: [String] = []
        for (offset, change) in changes.enumerated() {
            sequences.append(head + 1 + Int64(offset))
            clientSequences.append(change.clientSequence)
            tables.append(change.table)
            operations.append(change.operation.code)
            keys.append(SyncJSON.keyText(change.key))
            values.append(change.values.map(SyncJSON.objectText) ?? "")
        }
        try await connection.checkedQuery("""
            INSERT INTO plume_sync_log (seq, client, client_seq, tbl, op, key, vals)
            SELECT s, \(clientID), cs, t, o, k, NULLIF(v, '')
            FROM unnest(\(sequences)::bigint[], \(clientSequences)::bigint[], \(tables)::text[], \(operations)::smallint[], \(keys)::text[], \(values)::text[])
                AS c(s, cs, t, o, k, v)
            """, logger: logger)
    }

    /// Applies the changes to `plume_sync_row` by the merge rule: the rows
    /// they touch are read, merged in order here, and written back.
    private func applyToRows(_ changes: [SyncChange], after head: Int64, _ connection: PostgresConnection) async throws {
        struct RowID: Hashable { var table: String; var key: String }
        var touched: [RowID: (row: SyncRow?, sequence: Int64, changed: Bool)] = [:]
        var order: [RowID] = []
        let ids = changes.map { RowID(table: $0.table, key: SyncJSON.keyText($0.key)) }
        var seen = Set<RowID>()
        for id in ids where seen.insert(id).inserted { order.append(id) }
        let rows = try await connection.checkedQuery("""
            SELECT r.tbl, r.key, r.vals, r.seq FROM plume_sync_row r
            JOIN unnest(\(order.map(\.table))::text[], \(order.map(\.key))::text[]) AS t(tbl, key) ON r.tbl = t.tbl AND r.key = t.key
            """, logger: logger)
        for try await (table, key, values, sequence) in rows.decode((String, String, String?, Int64).self) {
            let row = try values.map { json in try SyncJSONReader.decode(Array(json.utf8)) { try $0.readRow() } }
            touched[RowID(table: table, key: key)] = (row, sequence, false)
        }
        for (offset, change) in changes.enumerated() {
            let id = ids[offset]
            let before = touched[id]
            let after = SyncMerge.apply(change.operation, values: change.values, to: before?.row)
            // An update of no row changes nothing, and leaves no trace.
            if before?.row == nil && after == nil && change.operation == .update { continue }
            touched[id] = (after, head + 1 + Int64(offset), true)
        }
        var tables: [String] = [], keys: [String] = [], values: [String] = [], sequences: [Int64] = []
        for id in order {
            guard let state = touched[id], state.changed else { continue }
            tables.append(id.table)
            keys.append(id.key)
            values.append(state.row.map(SyncJSON.objectText) ?? "")
            sequences.append(state.sequence)
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
