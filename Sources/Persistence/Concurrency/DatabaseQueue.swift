import Foundation

/// One connection shared safely between threads: every access is
/// serialized on the connection's own queue.
///
/// Good for in-memory databases, tests, and apps with modest concurrency.
/// For concurrent reads during writes, use ``DatabasePool``.
///
/// ```swift
/// let dbQueue = try DatabaseQueue(path: "photos.sqlite")
/// try await dbQueue.write { db in
///     try db.execute(sql: "INSERT INTO photo (name) VALUES (?)", arguments: ["Sunset"])
/// }
/// let count = try await dbQueue.read { db in
///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo") ?? 0
/// }
/// ```
public final class DatabaseQueue: DatabaseWriter {
    public let location: Database.Location
    private let connection: SerializedDatabase
    let observationCenter: ChangeObservationCenter

    /// Opens a queue on a location.
    ///
    /// - Throws: ``DatabaseError`` when the database cannot be opened.
    public init(location: Database.Location = .inMemory, configuration: Database.Configuration = Database.Configuration()) throws {
        self.location = location
        self.connection = try SerializedDatabase(
            location: location, configuration: configuration,
            label: configuration.label ?? "Plume.DatabaseQueue")
        self.observationCenter = ChangeObservationCenter(writer: connection, pollInterval: configuration.externalChangePollInterval)
    }

    /// Opens a queue on a file.
    ///
    /// - Throws: ``DatabaseError`` when the database cannot be opened.
    public convenience init(path: String, configuration: Database.Configuration = Database.Configuration()) throws {
        try self.init(location: path == ":memory:" ? .inMemory : .file(path), configuration: configuration)
    }

    public func readAndWait<T>(_ body: (Database) throws -> T) throws -> T {
        try connection.sync(body)
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await connection.async(body)
    }

    @discardableResult
    public func writeAndWait<T>(_ body: (Database) throws -> T) throws -> T {
        try connection.sync { db in try db.inTransaction(.immediate) { try body(db) } }
    }

    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await connection.async { db in try db.inTransaction(.immediate) { try body(db) } }
    }

    @discardableResult
    public func writeWithoutTransactionAndWait<T>(_ body: (Database) throws -> T) throws -> T {
        try connection.sync(body)
    }

    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await connection.async(body)
    }

    public func observeChanges(_ observer: @escaping @Sendable (Database, DatabaseChanges) -> Void) -> AnyDatabaseCancellable {
        observationCenter.add(observer)
    }

    public func observeCommits(_ onCommit: @escaping @Sendable (Database) -> Void) -> AnyDatabaseCancellable {
        observationCenter.addCommitObserver(onCommit)
    }

    public func interrupt() {
        connection.interrupter.interrupt()
    }

    public func close() throws {
        observationCenter.stop()
        try connection.sync { try $0.close() }
    }
}
