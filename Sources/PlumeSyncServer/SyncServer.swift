import Foundation
import Hummingbird
import PostgresNIO

/// A sync server instance: HTTP in front of PostgreSQL, holding no state
/// of its own, so that any number of instances serve one database.
///
/// ```swift
/// let configuration = try SyncServerConfiguration(
///     postgres: "postgresql://plume@127.0.0.1:5432/plume", listen: "127.0.0.1:8080", tokensPath: "tokens.txt")
/// try await SyncServer(configuration: configuration).run()
/// ```
public struct SyncServer: Sendable {
    /// The configuration.
    public let configuration: SyncServerConfiguration
    private let tokens: SyncTokenStore
    private let logger: Logger

    /// Prepares a server; reads the tokens file.
    ///
    /// - Parameter logger: Where the server logs; warnings and errors only
    ///   to standard output by default.
    /// - Throws: ``SyncServerError`` when the tokens file cannot be read or
    ///   parsed.
    public init(configuration: SyncServerConfiguration, logger: Logger? = nil) throws {
        self.configuration = configuration
        self.logger = logger ?? {
            var logger = Logger(label: "plume.sync.server")
            logger.logLevel = .warning
            return logger
        }()
        tokens = try SyncTokenStore(path: configuration.tokensPath)
    }

    /// Creates the server's tables when missing, listens, and serves until
    /// the task is cancelled.
    ///
    /// - Parameter onListening: Called with the port once the server
    ///   accepts connections (the one chosen when the configuration's port
    ///   is 0).
    /// - Throws: ``SyncServerError`` or the error of PostgreSQL or of the
    ///   listening socket.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let postgres = PostgresClient(configuration: configuration.postgres.clientConfiguration, backgroundLogger: logger)
        let store = SyncStore(client: postgres, logger: logger)
        let broadcaster = SyncHeadBroadcaster()
        let routes = SyncRoutes(store: store, broadcaster: broadcaster, configuration: configuration)
        let application = Application(
            router: routes.router(tokens: tokens),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        let notifier = SyncNotifier(postgres: configuration.postgres, broadcaster: broadcaster, logger: logger)
        let retention = configuration.retention, pruneInterval = configuration.pruneInterval
        let logger = self.logger
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await postgres.run() }
            try await migrate(store)
            group.addTask { await notifier.run() }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: pruneInterval)
                    do { try await store.prune(retention: retention) } catch { logger.warning("pruning the log failed: \(error)") }
                }
            }
            group.addTask { try await application.run() }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Creates the tables, waiting up to 10 s for PostgreSQL to accept
    /// connections.
    private func migrate(_ store: SyncStore) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                try await store.migrate()
                return
            } catch {
                if ContinuousClock.now > deadline || Task.isCancelled {
                    throw SyncServerError("cannot prepare the PostgreSQL database \(configuration.postgres.database): \(String(reflecting: error))")
                }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }
}
