import Foundation
import PlumeSyncProtocol
import PostgresNIO

extension SyncStore {
    /// The log's changes after `sequence` of `tables` (every table when
    /// nil), at most `limit`, as the JSON of a ``SyncChangesResponse``,
    /// and the head it reports. The changes `requester` pushed are sent
    /// as runs of numbers (``SyncOwnChanges``), without their keys and
    /// values, which that client has already.
    ///
    /// The head is read first, and only changes up to it are returned:
    /// every change up to the head had committed when it was read (pushes
    /// commit in sequence order), so the page has no gap that a later
    /// commit could fill.
    ///
    /// - Throws: ``SyncHTTPFailure`` (410) when the log was pruned past
    ///   `sequence`.
    func changes(after sequence: Int64, tables: [String]?, requester: String?, limit: Int) async throws -> (json: String, head: Int64, count: Int) {
        let (head, floor) = try await state()
        guard sequence >= floor - 1 else {
            throw SyncHTTPFailure(.gone, "the log before change \(floor) was pruned: bootstrap again (GET /v1/bootstrap)")
        }
        // An own change's key and values are not read (NULL): the
        // requester has them.
        let me = requester ?? ""
        let rows: PostgresRowSequence
        if let tables {
            rows = try await client.checkedQuery("""
                SELECT seq, client, client_seq, tbl, op, CASE WHEN client = \(me) THEN NULL ELSE key END, CASE WHEN client = \(me) THEN NULL ELSE vals END
                FROM plume_sync_log
                WHERE seq > \(sequence) AND seq <= \(head) AND tbl = ANY(\(tables)::text[]) ORDER BY seq LIMIT \(limit)
                """, logger: logger)
        } else {
            rows = try await client.checkedQuery("""
                SELECT seq, client, client_seq, tbl, op, CASE WHEN client = \(me) THEN NULL ELSE key END, CASE WHEN client = \(me) THEN NULL ELSE vals END
                FROM plume_sync_log
                WHERE seq > \(sequence) AND seq <= \(head) ORDER BY seq LIMIT \(limit)
                """, logger: logger)
        }
        var json = "{\"changes\":["
        var own = OwnRunsJSON()
        var count = 0, foreign = 0
        var last = sequence
        for try await (seq, clientID, clientSequence, table, op, key, values) in rows.decode((Int64, String, Int64, String, Int16, String?, String?).self) {
            count += 1
            last = seq
            if let key {
                if foreign > 0 { json += "," }
                foreign += 1
                json += "{\"seq\":\(seq),\"client\":"
                SyncJSON.appendString(clientID, to: &json)
                json += ",\"client_seq\":\(clientSequence),\"table\":"
                SyncJSON.appendString(table, to: &json)
                json += ",\"op\":\"\((SyncOperation(code: op) ?? .update).rawValue)\",\"key\":\(key)"
                if let values { json += ",\"values\":\(values)" }
                json += "}"
            } else {
                own.add(sequence: seq, clientSequence: clientSequence)
            }
        }
        // A prune that committed meanwhile may have deleted changes the page
        // should hold (the log was read after the floor was checked): the
        // floor it moved says so, and the client must bootstrap again.
        let floorNow = try await state().floor
        guard sequence >= floorNow - 1 else {
            throw SyncHTTPFailure(.gone, "the log before change \(floorNow) was pruned: bootstrap again (GET /v1/bootstrap)")
        }
        let reached = count == limit ? last : max(head, sequence)
        json += "]"
        own.finish(into: &json)
        json += ",\"head\":\(reached)}"
        return (json, reached, count)
    }

    /// Records how far a client pulled (tombstones and log entries every
    /// known client pulled past can be pruned).
    func recordPulled(client clientID: String, upTo sequence: Int64) async throws {
        try await client.checkedQuery("""
            UPDATE plume_sync_client SET pulled_seq = GREATEST(pulled_seq, \(sequence)), seen = now() WHERE client = \(clientID)
            """, logger: logger)
    }

    /// A page of `table`'s current rows after the key text `cursor`, read
    /// with the head in one snapshot, as the JSON of a
    /// ``SyncBootstrapResponse``: at most `limit` rows, and no more once
    /// the body reached `maximumBytes` (at least one row; the cursor then
    /// says there is more).
    func bootstrap(table: String, after cursor: String?, limit: Int, maximumBytes: Int) async throws -> String {
        try await client.withConnection { connection in
            try await connection.checkedQuery("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            do {
                var head: Int64 = 0
                for try await value in try await connection.checkedQuery("SELECT head FROM plume_sync_state WHERE id = 1", logger: logger).decode(Int64.self) {
                    head = value
                }
                // PostgreSQL writes the rows' JSON itself: each row is
                // `{"key":…,"values":…}` around the stored texts, and rows
                // are kept while the bytes before them stay under the
                // budget (the first row always). The window runs in the
                // index's key order, so nothing is sorted; the rows are
                // joined in whatever order they come (the protocol gives
                // none), the cursor being the largest key kept.
                let rows = try await connection.checkedQuery("""
                    SELECT coalesce(string_agg('{"key":' || key || ',"values":' || vals || '}', ',') FILTER (WHERE kept), ''),
                           count(*) FILTER (WHERE kept), count(*), coalesce(max(key) FILTER (WHERE kept), '')
                    FROM (
                        SELECT key, vals, n = 1 OR bytes - (octet_length(key) + octet_length(vals) + 19) < \(maximumBytes - 64) AS kept
                        FROM (
                            SELECT key, vals, row_number() OVER w AS n, sum(octet_length(key) + octet_length(vals) + 19) OVER w AS bytes
                            FROM (SELECT key, vals FROM plume_sync_row WHERE tbl = \(table) AND vals IS NOT NULL AND key > \(cursor ?? "")
                                  ORDER BY key LIMIT \(limit)) AS page
                            WINDOW w AS (ORDER BY key ROWS UNBOUNDED PRECEDING)) AS sized) AS marked
                    """, logger: logger)
                var json = "{\"rows\":["
                var next: String?
                for try await (text, kept, read, lastKey) in rows.decode((String, Int64, Int64, String).self) {
                    json += text
                    // Full, or cut by the byte budget: there may be more.
                    if kept == limit || kept < read { next = lastKey }
                }
                json += "],\"head\":\(head),\"next\":"
                if let next {
                    SyncJSON.appendString(next, to: &json)
                } else {
                    json += "null"
                }
                json += "}"
                try await connection.checkedQuery("COMMIT", logger: logger)
                return json
            } catch {
                _ = try? await connection.checkedQuery("ROLLBACK", logger: logger)
                throw error
            }
        }
    }
}
