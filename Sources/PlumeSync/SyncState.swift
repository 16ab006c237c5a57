import Persistence

/// A database's sync state, as the engine left it in its tables.
public struct SyncState: Sendable, Hashable {
    /// One synced table.
    public struct Table: Sendable, Hashable {
        /// The table's name.
        public var name: String
        /// Whether its current rows were received from the server.
        public var bootstrapped: Bool
    }

    /// The client identifier the engine made.
    public var clientID: String
    /// The server sequence number whose changes are applied, nil before
    /// the first bootstrap.
    public var serverSequence: Int64?
    /// Local changes not acknowledged by the server.
    public var pendingChanges: Int
    /// The synced tables, by name.
    public var tables: [Table]

    /// Reads the state of `db`; nil when it was never synced.
    ///
    /// - Throws: ``SyncError`` when the state was edited by hand, or a
    ///   ``DatabaseError``.
    public static func read(_ db: Database) throws -> SyncState? {
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM main.sqlite_master WHERE type = 'table' AND name IN ('plume_sync_state', 'plume_sync_outbox', 'plume_sync_table')") == 3 else {
            return nil
        }
        let tables = try Row.fetchAll(db, sql: "SELECT name, bootstrapped FROM main.plume_sync_table ORDER BY name").map { row in
            Table(name: try row.decode(String.self, at: 0), bootstrapped: row[1] == .integer(1))
        }
        let clientID: String
        if case .text(let id)? = try SyncLocalState.value("client_id", db) { clientID = id } else { clientID = "" }
        return SyncState(clientID: clientID, serverSequence: try SyncLocalState.serverSequence(db),
                         pendingChanges: try SyncDatabaseSide(tables: [:], clientID: clientID).pendingCount(db), tables: tables)
    }
}
