import Foundation
import PlumeSyncProtocol
import PostgresNIO

/// The server's state in PostgreSQL: the ordered change log, the current
/// rows, the clients and the tables (Documentation/SyncProtocol.md,
/// "Server storage").
///
/// Every push runs in one transaction that first locks the single
/// `plume_sync_state` row: pushes are serialized, so sequence numbers are
/// assigned and committed in the same order, and a reader that sees
/// change N sees every change before it (no gap a later commit could fill).
final class SyncStore: Sendable {
    let client: PostgresClient
    let logger: Logger
    /// Registered tables by name, read once each (a table's schema never
    /// changes once registered).
    private let schemas = SyncMutex<[String: SyncTableSchema]>([:])

    /// The channel every push notifies with the new head.
    static let channel = "plume_sync"

    /// How a push writes the current rows.
    enum RowWrite: Sendable {
        /// `MERGE` where PostgreSQL has it (15 and later), `INSERT … ON
        /// CONFLICT` before.
        case automatic
        /// `MERGE`: about half the work of `ON CONFLICT` for new rows.
        case merge
        /// `INSERT … ON CONFLICT DO UPDATE`.
        case onConflict
    }

    /// The row write chosen, once ``migrate()`` read PostgreSQL's version.
    private let rowWrite: SyncMutex<RowWrite>

    init(client: PostgresClient, logger: Logger, rowWrite: RowWrite = .automatic) {
        self.client = client
        self.logger = logger
        self.rowWrite = SyncMutex(rowWrite)
    }

    /// Whether pushes write the current rows with `MERGE`.
    var writesRowsWithMerge: Bool {
        rowWrite.withLock { $0 } == .merge
    }

    /// Creates the tables when missing (several instances may start at
    /// once: an advisory lock serializes them).
    func migrate() async throws {
        try await client.withConnection { connection in
            try await connection.checkedQuery("SELECT pg_advisory_lock(7265631)", logger: logger)
            if rowWrite.withLock({ $0 }) == .automatic {
                var version = 0
                for try await value in try await connection.checkedQuery("SELECT current_setting('server_version_num')::int", logger: logger).decode(Int.self) {
                    version = value
                }
                rowWrite.withLock { $0 = version >= 150_000 ? .merge : .onConflict }
            }
            do {
                for statement in Self.schema {
                    try await connection.checkedQuery(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            } catch {
                _ = try? await connection.checkedQuery("SELECT pg_advisory_unlock(7265631)", logger: logger)
                throw error
            }
            try await connection.checkedQuery("SELECT pg_advisory_unlock(7265631)", logger: logger)
        }
    }

    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS plume_sync_state (
            id integer PRIMARY KEY CHECK (id = 1),
            head bigint NOT NULL,
            floor bigint NOT NULL)
        """,
        "INSERT INTO plume_sync_state (id, head, floor) VALUES (1, 0, 1) ON CONFLICT (id) DO NOTHING",
        """
        CREATE TABLE IF NOT EXISTS plume_sync_log (
            seq bigint PRIMARY KEY,
            client text NOT NULL,
            client_seq bigint NOT NULL,
            tbl text NOT NULL,
            op smallint NOT NULL,
            key text COLLATE "C" NOT NULL,
            vals text,
            logged timestamptz NOT NULL DEFAULT now())
        """,
        """
        CREATE TABLE IF NOT EXISTS plume_sync_row (
            tbl text NOT NULL,
            key text COLLATE "C" NOT NULL,
            vals text,
            seq bigint NOT NULL,
            PRIMARY KEY (tbl, key))
        """,
        """
        CREATE TABLE IF NOT EXISTS plume_sync_client (
            client text PRIMARY KEY,
            client_seq bigint NOT NULL DEFAULT 0,
            pulled_seq bigint NOT NULL DEFAULT 0,
            seen timestamptz NOT NULL DEFAULT now())
        """,
        """
        CREATE TABLE IF NOT EXISTS plume_sync_table (
            name text PRIMARY KEY,
            schema text NOT NULL)
        """,
    ]

    /// The head and floor now.
    func state() async throws -> (head: Int64, floor: Int64) {
        let rows = try await client.checkedQuery("SELECT head, floor FROM plume_sync_state WHERE id = 1", logger: logger)
        for try await (head, floor) in rows.decode((Int64, Int64).self) { return (head, floor) }
        throw SyncServerError("plume_sync_state has no row: the server's tables were edited by hand")
    }

    /// The registered schema of `table`, nil when it is not registered.
    func schema(of table: String) async throws -> SyncTableSchema? {
        if let cached = schemas.withLock({ $0[table] }) { return cached }
        let rows = try await client.checkedQuery("SELECT schema FROM plume_sync_table WHERE name = \(table)", logger: logger)
        for try await json in rows.decode(String.self) {
            let schema = try JSONDecoder().decode(SyncTableSchema.self, from: Data(json.utf8))
            schemas.withLock { $0[table] = schema }
            return schema
        }
        return nil
    }

    /// Registers `schema` unless a table of that name is registered
    /// already; returns the registered schema.
    func register(_ schema: SyncTableSchema) async throws -> SyncTableSchema {
        let json = String(decoding: try JSONEncoder().encode(schema), as: UTF8.self)
        try await client.checkedQuery("INSERT INTO plume_sync_table (name, schema) VALUES (\(schema.name), \(json)) ON CONFLICT (name) DO NOTHING", logger: logger)
        guard let registered = try await self.schema(of: schema.name) else {
            throw SyncServerError("table \(schema.name) could not be registered")
        }
        return registered
    }

    /// The last client sequence number applied for `clientID`, 0 when the
    /// client is new (it is recorded then).
    func acknowledged(_ clientID: String) async throws -> Int64 {
        let rows = try await client.checkedQuery("""
            INSERT INTO plume_sync_client (client) VALUES (\(clientID))
            ON CONFLICT (client) DO UPDATE SET seen = now() RETURNING client_seq
            """, logger: logger)
        for try await sequence in rows.decode(Int64.self) { return sequence }
        return 0
    }
}
