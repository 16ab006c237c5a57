import Foundation
import PlumeSyncProtocol
import PostgresNIO

extension SyncStore {
    /// Appends a client's changes to the log and applies them to the
    /// current rows, in one transaction; changes at or below the client
    /// sequence number already applied for this client are skipped, so a
    /// retried push is applied once.
    ///
    /// - Parameters:
    ///   - changes: Validated changes (``SyncPushValidator``), by
    ///     increasing client sequence number.
    ///   - after: The client sequence number that must be applied first
    ///     (``SyncPushRequest/after``): when it is not, nothing is applied.
    /// - Returns: The client sequence number acknowledged and the head.
    func push(client clientID: String, after: Int64? = nil, changes: [SyncChange]) async throws -> SyncPushResponse {
        // Encoded before the lock that orders pushes is taken.
        let encoded = EncodedChanges(changes)
        return try await client.checkedTransaction(logger: logger) { connection in
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
            // An earlier push of this client has not arrived yet.
            if let after, applied < after { return SyncPushResponse(acknowledged: applied, head: head) }
            // The changes are by increasing client sequence number: the
            // fresh ones are a suffix.
            let start = changes.firstIndex { $0.clientSequence > applied } ?? changes.endIndex
            let fresh = Array(changes[start...])
            guard let last = fresh.last else {
                return SyncPushResponse(acknowledged: max(applied, changes.last?.clientSequence ?? 0), head: head)
            }
            let texts = encoded.suffix(from: start)
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
    /// whose last change in the push is an insert or a delete is that
    /// change's log entry (a tombstone for a delete): it is written from
    /// the log just appended, without sending its text again. Only rows
    /// that updates change are worked out here: from the push's own
    /// insert, or from the current row when an update reaches it first
    /// (only those rows are read).
    private func applyToRows(_ changes: [SyncChange], _ texts: EncodedChanges, after head: Int64, _ connection: PostgresConnection) async throws {
        let plan = try await RowWritePlan(changes, texts, before: { ids in try await self.currentRows(ids, connection) })
        let newHead = head + Int64(changes.count)
        if plan.fromLog.count == changes.count {
            // Every log entry of this push is a row's final state.
            try await writeRows(from: "SELECT tbl, key, vals, seq FROM plume_sync_log WHERE seq > \(head) AND seq <= \(newHead)", connection)
        } else if !plan.fromLog.isEmpty {
            let sequences = plan.fromLog.map { head + 1 + Int64($0) }
            try await writeRows(from: """
                SELECT l.tbl, l.key, l.vals, l.seq FROM plume_sync_log l JOIN unnest(\(sequences)::bigint[]) AS f(seq) ON l.seq = f.seq
                WHERE l.seq > \(head) AND l.seq <= \(newHead)
                """, connection)
        }
        if !plan.merged.isEmpty {
            let merged = plan.merged
            try await writeRows(from: """
                SELECT t, k, NULLIF(v, ''), s FROM unnest(\(merged.map(\.id.table))::text[], \(merged.map(\.id.key))::text[], \(merged.map { SyncJSON.objectText($0.row) })::text[], \(merged.map { head + 1 + Int64($0.offset) })::bigint[]) AS c(t, k, v, s)
                """, connection)
        }
    }

    /// Writes the rows `source` selects (table, key, values, sequence; each
    /// key once) over the current ones, with `source`'s bindings.
    private func writeRows(from source: PostgresQuery, _ connection: PostgresConnection) async throws {
        // Safe with MERGE: nothing else writes these rows meanwhile (pushes
        // and prunes hold the plume_sync_state row's lock), and each key
        // comes once.
        let sql = writesRowsWithMerge
            ? """
              MERGE INTO plume_sync_row r USING (\(source.sql)) AS c(t, k, v, s) ON r.tbl = c.t AND r.key = c.k
              WHEN MATCHED THEN UPDATE SET vals = c.v, seq = c.s
              WHEN NOT MATCHED THEN INSERT (tbl, key, vals, seq) VALUES (c.t, c.k, c.v, c.s)
              """
            : """
              INSERT INTO plume_sync_row (tbl, key, vals, seq) \(source.sql)
              ON CONFLICT (tbl, key) DO UPDATE SET vals = excluded.vals, seq = excluded.seq
              """
        try await connection.checkedQuery(PostgresQuery(unsafeSQL: sql, binds: source.binds), logger: logger)
    }

    /// The current rows (tombstones left out) of `ids`.
    private func currentRows(_ ids: [RowWritePlan.RowID], _ connection: PostgresConnection) async throws -> [RowWritePlan.RowID: SyncRow] {
        var rows: [RowWritePlan.RowID: SyncRow] = [:]
        let found = try await connection.checkedQuery("""
            SELECT r.tbl, r.key, r.vals FROM plume_sync_row r
            JOIN unnest(\(ids.map(\.table))::text[], \(ids.map(\.key))::text[]) AS t(tbl, key) ON r.tbl = t.tbl AND r.key = t.key
            """, logger: logger)
        for try await (table, key, values) in found.decode((String, String, String?).self) {
            guard let values else { continue }
            rows[RowWritePlan.RowID(table: table, key: key)] = try SyncJSONReader.row(values)
        }
        return rows
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

    private init(keys: [String], values: [String]) {
        self.keys = keys
        self.values = values
    }

    /// The texts of the changes from offset `start` on.
    func suffix(from start: Int) -> EncodedChanges {
        start == 0 ? self : EncodedChanges(keys: Array(keys[start...]), values: Array(values[start...]))
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
