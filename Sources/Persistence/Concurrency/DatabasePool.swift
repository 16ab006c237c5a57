import Dispatch
import Foundation

/// A WAL-mode database with one writer connection and several reader
/// connections: reads run concurrently with each other and with the
/// writer, and each read sees one consistent snapshot.
///
/// ```swift
/// let pool = try DatabasePool(path: "photos.sqlite")
/// async let photos = pool.read { db in try Photo.fetchAll(db, sql: "SELECT * FROM photo") }
/// try await pool.write { db in try db.execute(sql: "UPDATE photo SET rating = 5 WHERE id = 1") }
/// ```
public final class DatabasePool: DatabaseWriter {
    public let location: Database.Location
    private let writer: SerializedDatabase
    let observationCenter: ChangeObservationCenter
    private let readers: ReaderPool

    /// Opens a pool on a file. The file is switched to WAL mode.
    ///
    /// - Parameters:
    ///   - path: The database file; created when missing unless the
    ///     configuration says otherwise.
    ///   - configuration: How to open the connections.
    ///   - maximumReaderCount: How many readers may run at once.
    /// - Throws: ``DatabaseError`` when the file cannot be opened or cannot
    ///   use WAL mode.
    public init(path: String, configuration: Database.Configuration = Database.Configuration(), maximumReaderCount: Int = 5) throws {
        guard path != ":memory:", !path.isEmpty else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "a DatabasePool needs a database file; use DatabaseQueue for an in-memory database")
        }
        self.location = .file(path)
        var writerConfiguration = configuration
        writerConfiguration.journalMode = configuration.readOnly ? .default : .wal
        self.writer = try SerializedDatabase(
            location: location, configuration: writerConfiguration,
            label: (configuration.label ?? "Plume.DatabasePool") + ".writer")
        var readerConfiguration = configuration
        readerConfiguration.readOnly = true
        readerConfiguration.createIfMissing = false
        readerConfiguration.journalMode = .default
        self.readers = ReaderPool(
            location: location, configuration: readerConfiguration,
            label: (configuration.label ?? "Plume.DatabasePool") + ".reader",
            maximumCount: max(1, maximumReaderCount))
        self.observationCenter = ChangeObservationCenter(writer: writer, pollInterval: configuration.externalChangePollInterval)
    }

    public func readAndWait<T>(_ body: (Database) throws -> T) throws -> T {
        let reader = try readers.acquire()
        defer { readers.release(reader) }
        return try reader.sync { db in try Self.inSnapshot(db, body) }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let reader = try await readers.acquireAsync()
        defer { readers.release(reader) }
        return try await reader.async { db in try Self.inSnapshot(db, body) }
    }

    /// Runs `body` in a read transaction, so every statement sees the
    /// snapshot taken by the first read.
    private static func inSnapshot<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        if db.isInsideTransaction { return try body(db) }
        try db.execute(sql: "BEGIN DEFERRED TRANSACTION")
        defer { try? db.execute(sql: "COMMIT TRANSACTION") }
        // Start the snapshot now, not at the body's first read.
        try db.execute(sql: "SELECT 1 FROM sqlite_master LIMIT 1")
        return try body(db)
    }

    @discardableResult
    public func writeAndWait<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.sync { db in try db.inTransaction(.immediate) { try body(db) } }
    }

    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.async { db in try db.inTransaction(.immediate) { try body(db) } }
    }

    @discardableResult
    public func writeWithoutTransactionAndWait<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.sync(body)
    }

    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.async(body)
    }

    public func observeChanges(_ observer: @escaping @Sendable (Database, DatabaseChanges) -> Void) -> AnyDatabaseCancellable {
        observationCenter.add(observer)
    }

    public func observeCommits(_ onCommit: @escaping @Sendable (Database) -> Void) -> AnyDatabaseCancellable {
        observationCenter.addCommitObserver(onCommit)
    }

    public func interrupt() {
        writer.interrupter.interrupt()
        readers.interruptAll()
    }

    public func close() throws {
        observationCenter.stop()
        try readers.closeAll()
        try writer.sync { try $0.close() }
    }
}

/// Reader connections, opened lazily up to a maximum, lent one at a time.
final class ReaderPool: @unchecked Sendable {
    // Safe: `idle`, `all` and `isClosed` are only touched under `lock`;
    // `slots` is a counting semaphore; each lent connection is used by one
    // borrower at a time on its own queue.
    private let lock = Lock()
    private let slots: DispatchSemaphore
    private var idle: [SerializedDatabase] = []
    private var all: [SerializedDatabase] = []
    private var isClosed = false
    private let location: Database.Location
    private let configuration: Database.Configuration
    private let label: String

    init(location: Database.Location, configuration: Database.Configuration, label: String, maximumCount: Int) {
        self.location = location
        self.configuration = configuration
        self.label = label
        self.slots = DispatchSemaphore(value: maximumCount)
    }

    func acquire() throws -> SerializedDatabase {
        slots.wait()
        do {
            return try takeConnection()
        } catch {
            slots.signal()
            throw error
        }
    }

    func acquireAsync() async throws -> SerializedDatabase {
        // Waiting on the semaphore would block a cooperative thread: wait on
        // a dispatch thread instead.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SerializedDatabase, Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try self.acquire() })
            }
        }
    }

    private func takeConnection() throws -> SerializedDatabase {
        let reused: SerializedDatabase? = try lock.withLock {
            if isClosed { throw DatabaseError.connectionClosed() }
            return idle.popLast()
        }
        if let reused { return reused }
        let connection = try SerializedDatabase(location: location, configuration: configuration, label: label)
        lock.withLock { all.append(connection) }
        return connection
    }

    func release(_ connection: SerializedDatabase) {
        lock.withLock { idle.append(connection) }
        slots.signal()
    }

    func interruptAll() {
        let connections = lock.withLock { all }
        for connection in connections { connection.interrupter.interrupt() }
    }

    func closeAll() throws {
        let connections: [SerializedDatabase] = lock.withLock {
            isClosed = true
            defer { all.removeAll(); idle.removeAll() }
            return all
        }
        for connection in connections {
            try connection.sync { try $0.close() }
        }
    }
}
