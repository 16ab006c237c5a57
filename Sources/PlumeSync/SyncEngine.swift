import Foundation
import Persistence
import PlumeSyncProtocol

/// Keeps a database in sync with a Plume sync server: pushes the local
/// changes the change history records (whoever wrote them), applies the
/// server's changes as they come, and reports where it stands.
///
/// ```swift
/// let database = try DatabaseQueue(path: "notes.sqlite")
/// let engine = SyncEngine(database: database, server: URL(string: "http://127.0.0.1:8080")!, token: "3f9c2a7d41b8e6f0")
/// try await engine.start()
/// for await status in engine.status {
///     print(status)   // pulling, up to date at 42, …
/// }
/// ```
///
/// Every table whose change history records values is synced, or the
/// tables named (their history is enabled with values then). A synced
/// table needs an explicit primary key: rows are matched across machines
/// by it (prefer UUIDs: integers each machine assigns itself collide).
/// The server's order decides: per row, the last change wins, column by
/// column for updates. Local changes not yet acknowledged are applied
/// again on top of each page pulled, so they never vanish meanwhile.
public final class SyncEngine: Sendable {
    /// The synced database.
    public let database: any DatabaseWriter
    /// The server's base URL (`http://host:port`).
    public let server: URL
    private let token: String
    private let requestedTables: [String]?
    private let hub = SyncStatusHub()
    /// Woken by every commit to the database.
    private let localCommits = SyncWake()
    private let running = Mutex<Running?>(nil)
    /// Set when the database file was replaced or deleted while syncing.
    private let replacement = Mutex<DatabaseFileReplacedError?>(nil)

    private struct Running: Sendable {
        var task: Task<Void, Never>
        var observation: AnyDatabaseCancellable
        var session: SyncSession
    }

    /// Creates an engine; nothing happens before ``start()``.
    ///
    /// - Parameters:
    ///   - database: The database to sync.
    ///   - server: The server's base URL.
    ///   - token: A bearer token from the server's tokens file.
    ///   - tables: The tables to sync (their change history is enabled
    ///     with values); nil for every table whose history records values.
    public init(database: any DatabaseWriter, server: URL, token: String, tables: [String]? = nil) {
        self.database = database
        self.server = server
        self.token = token
        requestedTables = tables
    }

    /// The status now, then every change of it, until the engine stops.
    public var status: AsyncStream<SyncStatus> { hub.stream() }

    /// The status now.
    public var currentStatus: SyncStatus { hub.current }

    /// How many local changes the server has not acknowledged yet.
    ///
    /// - Throws: A ``DatabaseError``, or ``SyncError`` when the sync state
    ///   was edited by hand.
    public var pendingChanges: Int {
        get async throws {
            try await database.read { db in try SyncState.read(db)?.pendingChanges ?? 0 }
        }
    }

    /// Prepares the database (the engine's tables, the history of the
    /// named tables, a first sync's rows queued) and starts syncing in the
    /// background. Calling it again while running does nothing.
    ///
    /// When it returns, the status is ``SyncStatus/pulling`` (the first
    /// connection is under way), so that a reader of ``status`` never
    /// takes the ``SyncStatus/offline`` of an engine not yet started for
    /// a failed attempt.
    ///
    /// - Throws: ``SyncError`` (``SyncError/Code/tableNotSyncable``) for a
    ///   table without primary key, or no table to sync;
    ///   ``ChangeHistoryError`` or ``DatabaseError`` from the database.
    public func start() async throws {
        if running.withLock({ $0 != nil }) { return }
        let requested = requestedTables
        let side = try await database.write { db in try SyncDatabaseSide.prepare(requested: requested, db) }
        let session = SyncSession(database: database, side: side, transport: SyncTransport(server: server, token: token),
                                  hub: hub, localCommits: localCommits)
        let localCommits = self.localCommits
        let observation = database.observeCommits { [weak self] db in
            if let replaced = db.fileReplacement {
                self?.stop(becauseOf: replaced)
            } else {
                localCommits.signal()
            }
        }
        hub.set(.pulling)
        let task = Task { await session.run() }
        running.withLock { $0 = Running(task: task, observation: observation, session: session) }
        if let replaced = replacement.withLock({ $0 }) { stop(becauseOf: replaced) }
    }

    /// Ends the session for good: the database file was replaced or
    /// deleted, and syncing on would sync the old file, which nobody sees.
    /// The status becomes ``SyncStatus/stopped(reason:)`` once the session
    /// has ended.
    private func stop(becauseOf replaced: DatabaseFileReplacedError) {
        replacement.withLock { $0 = replaced }
        guard let task = running.withLock({ $0?.task }) else { return }
        task.cancel()
        let hub = self.hub
        Task {
            await task.value
            hub.set(.stopped(reason: replaced.description))
        }
    }

    /// Stops syncing: ends the connection, then pushes what it can (for up
    /// to `pushTimeout`) and reports ``SyncStatus/offline``.
    ///
    /// - Parameter pushTimeout: How long to try pushing the last local
    ///   changes.
    public func stop(pushTimeout: Duration = .seconds(5)) async {
        guard let current = running.withLock({ running -> Running? in
            defer { running = nil }
            return running
        }) else { return }
        current.task.cancel()
        await current.task.value
        current.observation.cancel()
        await current.session.finalPush(timeout: pushTimeout)
        await current.session.transport.shutdown()
        hub.set(.offline)
    }
}
