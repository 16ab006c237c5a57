/// Something that reads a database: a ``DatabaseQueue`` or a
/// ``DatabasePool``.
public protocol DatabaseReader: AnyObject, Sendable {
    /// Where the data lives.
    var location: Database.Location { get }

    /// Reads, blocking the calling thread (Core Data's `performAndWait`).
    /// Every statement in `body` sees the same snapshot of the database.
    ///
    /// For synchronous code: a command-line tool, a migration script, a
    /// test. Async code uses ``read(_:)``, which does not block a thread of
    /// the concurrency pool. The two have different names so that
    /// `try await reader.read { … }` means the async read everywhere, in
    /// top-level code too (where Swift would pick a blocking overload of
    /// the same name).
    ///
    /// ```swift
    /// let count = try dbQueue.readAndWait { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") }
    /// ```
    ///
    /// - Throws: What `body` throws, or a ``DatabaseError``.
    func readAndWait<T>(_ body: (Database) throws -> T) throws -> T

    /// Reads without blocking a thread. Every statement in `body` sees the
    /// same snapshot of the database.
    ///
    /// - Throws: What `body` throws, or a ``DatabaseError``.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

    /// Makes the statements running now fail with `SQLITE_INTERRUPT`.
    func interrupt()

    /// Closes every connection.
    ///
    /// - Throws: ``DatabaseError`` when a connection cannot close.
    func close() throws
}

/// Something that writes a database: a ``DatabaseQueue`` or a
/// ``DatabasePool``. Writes are serialized.
public protocol DatabaseWriter: DatabaseReader {
    /// Writes in an `IMMEDIATE` transaction, blocking the calling thread
    /// (Core Data's `performAndWait`); commits when `body` returns, rolls
    /// back when it throws.
    ///
    /// For synchronous code; async code uses ``write(_:)``. The names
    /// differ so that `try await writer.write { … }` is the async write in
    /// top-level code too.
    ///
    /// - Throws: What `body` throws, or a ``DatabaseError``.
    @discardableResult
    func writeAndWait<T>(_ body: (Database) throws -> T) throws -> T

    /// Writes in an `IMMEDIATE` transaction without blocking a thread;
    /// commits when `body` returns, rolls back when it throws.
    ///
    /// - Throws: What `body` throws, or a ``DatabaseError``.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

    /// Runs `body` on the writer connection outside of any transaction
    /// (for `VACUUM`, `PRAGMA journal_mode`, or your own transactions),
    /// blocking the calling thread.
    ///
    /// - Throws: What `body` throws, or a ``DatabaseError``.
    @discardableResult
    func writeWithoutTransactionAndWait<T>(_ body: (Database) throws -> T) throws -> T

    /// Runs `body` on the writer connection outside of any transaction,
    /// without blocking a thread.
    ///
    /// - Throws: What `body` throws, or a ``DatabaseError``.
    @discardableResult
    func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

    /// Calls `observer` after every commit that can change the database:
    /// commits of this writer (with the rowids they changed), and commits
    /// by other connections on the same file, such as other processes
    /// (``DatabaseChanges/Origin/external``, noticed from file events on
    /// the database's files and confirmed with `PRAGMA data_version`; where
    /// file events are unavailable, by polling every
    /// ``Database/Configuration/externalChangePollInterval``). Tables with a
    /// change history (``Database/enableChangeHistory(for:values:)``) are
    /// described row by row in external changes too.
    ///
    /// The observer runs on the writer's queue, right after the commit and
    /// before any other write, inside a read transaction: everything it
    /// reads from the `Database` it receives comes from one snapshot, the
    /// state the changes describe, even while other processes commit. When
    /// another connection committed too in that snapshot, the changes
    /// include its commit (``DatabaseChanges/Origin/external``). Read, do
    /// not write, there; keep it short: hand heavy work to another queue.
    ///
    /// Tracking rowids costs something for every row a write changes. To
    /// learn only that a commit happened, use ``observeCommits(_:)``, which
    /// costs nothing per row.
    ///
    /// - Returns: The observation; it stops when cancelled or deallocated.
    func observeChanges(_ observer: @escaping @Sendable (Database, DatabaseChanges) -> Void) -> AnyDatabaseCancellable

    /// Calls `onCommit` after every commit that can change the database,
    /// without saying what changed: for a process that only needs to know
    /// *that* something was committed, and reads what it needs itself
    /// (a sync agent reading the change history, a cache to drop).
    ///
    /// The commits are those ``observeChanges(_:)`` reports: each commit
    /// of this writer (a `write` with many statements is one commit; a
    /// rolled-back transaction is none), and commits by other connections
    /// on the same file — another queue or pool, another process — noticed
    /// from file events and confirmed with `PRAGMA data_version` (polling
    /// every ``Database/Configuration/externalChangePollInterval`` where
    /// file events are unavailable). Several commits by other connections
    /// between two checks may come as one call.
    ///
    /// `onCommit` runs on the writer's queue, right after the commit and
    /// before any other write, inside a read transaction: what it reads
    /// from the `Database` it receives comes from one snapshot that holds
    /// the commit. Read, do not write, there; keep it short.
    ///
    /// When the database file is replaced or deleted under the writer (see
    /// ``DatabaseFileReplacedError``), `onCommit` is called once more, with
    /// ``Database/fileReplacement`` set on the `Database` it receives, and
    /// other connections' commits are no longer looked for: they go to a
    /// file the writer does not read. The writer's own commits, to the file
    /// it still has open, are still reported.
    ///
    /// Cost: nothing per row. While only commit observers are registered,
    /// SQLite's update hook is not installed, so writes pay nothing for
    /// the observation, and other connections' commits are not read from
    /// the change history (``Database/enableChangeHistory(for:values:)``);
    /// the history is still pruned to
    /// ``Database/Configuration/changeHistoryRetention`` as commits are
    /// observed, and the commits of that upkeep are not reported. Each call
    /// costs a read transaction with two `PRAGMA` reads and, with a
    /// history, one lookup of its newest entry.
    ///
    /// - Parameter onCommit: Called with the writer connection after each
    ///   commit.
    /// - Returns: The observation; it stops when cancelled or deallocated.
    ///   Once the last observation of the writer stops, commits by other
    ///   connections are no longer looked for.
    func observeCommits(_ onCommit: @escaping @Sendable (Database) -> Void) -> AnyDatabaseCancellable
}
