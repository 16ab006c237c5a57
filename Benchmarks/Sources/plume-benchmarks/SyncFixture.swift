import Foundation
import Logging
import Persistence
import PlumeSync
import PlumeSyncServer
import PostgresNIO
import ServiceLifecycle

/// What the sync workloads share: a blocking bridge to async code (the
/// runner's trials are synchronous), an in-process sync server, client
/// databases with the synced `item` table, and the rows they write.
enum SyncFixture {
    static let token = "bench-token-0123456789abcdef"
    /// The synced table, on clients and (as a typed table) in the floors'
    /// PostgreSQL databases.
    static let clientSchema = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL, qty INTEGER)"
    static let postgresSchema = "CREATE TABLE item (id bigint PRIMARY KEY, name text, price float8, qty bigint)"

    /// Row `id`'s values: the same on every side.
    static func name(_ id: Int) -> String { "item \(id)" }
    static func price(_ id: Int) -> Double { Double(id) + 0.25 }
    static func quantity(_ id: Int) -> Int { id % 1_000 }

    /// Runs `body` to its end on the cooperative pool, blocking this
    /// (non-cooperative) thread meanwhile.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { outcome.set(.success(try await body())) } catch { outcome.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// Waits (polling every `interval`) until `condition` holds, or fails
    /// after `timeout` saying what it waited for.
    static func waitUntil(_ what: String, timeout: Duration = .seconds(600), interval: Duration = .milliseconds(1),
                          _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + timeout
        while try !condition() {
            if ContinuousClock.now > deadline { throw SyncSpawn.Failure(message: "timed out waiting until \(what)") }
            Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
        }
    }

    /// Waits until `engine` is up to date at `sequence` or later with
    /// nothing pending.
    static func waitUpToDate(_ engine: SyncEngine, atLeast sequence: Int64, timeout: Duration = .seconds(600)) throws {
        try waitUntil("the client is up to date at \(sequence) (it is \(engine.currentStatus))", timeout: timeout) {
            guard case .upToDate(let reached) = engine.currentStatus, reached >= sequence else { return false }
            return try blocking { try await engine.pendingChanges } == 0
        }
    }

    static let logger: Logger = {
        var logger = Logger(label: "plume.benchmarks.sync")
        logger.logLevel = .warning
        return logger
    }()

    /// A connection to `database` of `cluster` for the floors.
    static func connect(_ cluster: SyncCluster, _ database: String) throws -> PostgresConnection {
        let configuration = PostgresConnection.Configuration(host: "127.0.0.1", port: cluster.port, username: "plume",
                                                             password: nil, database: database, tls: .disable)
        return try blocking { try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger) }
    }

    /// A tokens file accepting ``token``.
    static func writeTokens(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("tokens-\(UUID().uuidString)").path
        try "\(token)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// The result of an async body, handed to the thread that waits for it.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    // Safe: `result` is only touched under `lock`.
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    func set(_ value: Result<T, any Error>) { lock.withLock { result = value } }
    func get() throws -> T { try lock.withLock { result! }.get() }
}

/// A sync server running in this process, on a free port.
final class SyncServerHost: Sendable {
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts a server for `postgresURL` and waits until it listens.
    static func start(postgres postgresURL: String, tokensPath: String) throws -> SyncServerHost {
        let configuration = try SyncServerConfiguration(postgres: postgresURL, listen: "127.0.0.1:0", tokensPath: tokensPath)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let server = try SyncServer(configuration: configuration, logger: SyncFixture.logger) { port in continuation.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [server], logger: SyncFixture.logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        let port = try SyncFixture.blocking { () async throws -> Int? in
            for await port in ports { return port }
            return nil
        }
        guard let port else {
            let reason = try SyncFixture.blocking { () async -> String in
                do { try await task.value; return "it stopped" } catch { return "\(error)" }
            }
            throw SyncSpawn.Failure(message: "the sync server did not start: \(reason)")
        }
        return SyncServerHost(port: port, group: group, task: task)
    }

    private init(port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.port = port
        self.group = group
        self.task = task
    }

    /// Stops the server gracefully and waits until it stopped.
    func stop() throws {
        let (group, task) = (self.group, self.task)
        try SyncFixture.blocking {
            await group.triggerGracefulShutdown()
            _ = try? await task.value
        }
    }
}

/// A client database in a file with the empty `item` table, and its
/// engine.
final class SyncClient: Sendable {
    let path: String
    let queue: DatabaseQueue
    let engine: SyncEngine

    init(directory: URL, server: URL) throws {
        path = directory.appendingPathComponent("client-\(UUID().uuidString).sqlite").path
        queue = try DatabaseQueue(path: path)
        try queue.writeAndWait { db in try db.execute(sql: SyncFixture.clientSchema) }
        engine = SyncEngine(database: queue, server: server, token: SyncFixture.token, tables: ["item"])
    }

    func start() throws {
        let engine = self.engine
        try SyncFixture.blocking { try await engine.start() }
    }

    /// Stops the engine (nothing is pending: it pushes nothing).
    func stopEngine() throws {
        let engine = self.engine
        try SyncFixture.blocking { await engine.stop(pushTimeout: .seconds(1)) }
    }

    /// Stops the engine, closes the database and removes its files.
    func close() throws {
        let engine = self.engine
        try SyncFixture.blocking { await engine.stop(pushTimeout: .seconds(1)) }
        try queue.close()
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Inserts rows `ids` in one transaction.
    func insert(_ ids: Range<Int>) throws {
        try queue.writeAndWait { db in
            for id in ids {
                try db.execute(sql: "INSERT INTO item (id, name, price, qty) VALUES (?, ?, ?, ?)",
                               arguments: [id, SyncFixture.name(id), SyncFixture.price(id), SyncFixture.quantity(id)])
            }
        }
    }

    /// The number of rows and the sum of their quantities: what every
    /// contestant of a workload must end with.
    func checksum() throws -> Int {
        try queue.readAndWait { db in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0
            let sum = try Int.fetchOne(db, sql: "SELECT coalesce(sum(qty), 0) FROM item") ?? 0
            return count &* 1_000_003 &+ sum
        }
    }
}
