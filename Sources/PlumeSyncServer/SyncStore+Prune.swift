import PostgresNIO

extension SyncStore {
    /// Deletes the log entries and tombstones every client seen within
    /// `retention` has pulled past, and those older than `retention`
    /// whoever has not; moves the floor (a client behind it bootstraps
    /// again). Several instances may prune at once: one does the work.
    ///
    /// - Returns: The new floor, or nil when another instance was pruning.
    @discardableResult
    func prune(retention: Duration) async throws -> Int64? {
        let seconds = Double(retention.components.seconds) + Double(retention.components.attoseconds) / 1e18
        return try await client.checkedTransaction(logger: logger) { connection -> Int64? in
            var locked = false
            for try await value in try await connection.checkedQuery("SELECT pg_try_advisory_xact_lock(7265632)", logger: logger).decode(Bool.self) {
                locked = value
            }
            guard locked else { return nil }
            // The lock every push takes first: a prune and a push never
            // write the current rows at once (pushes write them with MERGE).
            var head: Int64 = 0, floor: Int64 = 1
            for try await (h, f) in try await connection.checkedQuery("SELECT head, floor FROM plume_sync_state WHERE id = 1 FOR UPDATE", logger: logger).decode((Int64, Int64).self) {
                (head, floor) = (h, f)
            }
            // Every client seen within the retention pulled up to here.
            var pulled = head
            for try await value in try await connection.checkedQuery("""
                SELECT min(pulled_seq) FROM plume_sync_client WHERE seen > now() - make_interval(secs => \(seconds))
                """, logger: logger).decode(Int64?.self) {
                if let value { pulled = min(pulled, value) }
            }
            // Changes older than the retention go whoever still needs them.
            for try await value in try await connection.checkedQuery("""
                SELECT max(seq) FROM plume_sync_log WHERE logged < now() - make_interval(secs => \(seconds))
                """, logger: logger).decode(Int64?.self) {
                if let value { pulled = max(pulled, value) }
            }
            let newFloor = pulled + 1
            guard newFloor > floor else { return floor }
            try await connection.checkedQuery("DELETE FROM plume_sync_log WHERE seq < \(newFloor)", logger: logger)
            try await connection.checkedQuery("DELETE FROM plume_sync_row WHERE vals IS NULL AND seq < \(newFloor)", logger: logger)
            try await connection.checkedQuery("UPDATE plume_sync_state SET floor = \(newFloor) WHERE id = 1", logger: logger)
            return newFloor
        }
    }
}
