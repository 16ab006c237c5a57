import Foundation
import Hummingbird
import PostgresNIO
import ServiceLifecycle

/// A sync server instance: HTTP in front of PostgreSQL, holding no state
/// of its own, so that any number of instances serve one database.
///
/// A server is a `Service` of swift-service-lifecycle: run it in a
/// `ServiceGroup`, which stops it gracefully on a signal or when asked
/// (it stops accepting connections, ends its open streams, lets the
/// requests under way finish, then closes its PostgreSQL connections).
///
/// ```swift
/// let configuration = try SyncServerConfiguration(
///     postgres: "postgresql://plume@127.0.0.1:5432/plume", listen: "127.0.0.1:8080", tokensPath: "tokens.txt")
/// let server = try SyncServer(configuration: configuration)
/// let group = ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
/// try await group.run()
/// ```
public struct SyncServer: Service {
    /// The configuration.
    public let configuration: SyncServerConfiguration
    private let tokens: SyncTokenStore
    private let logger: Logger
    private let onListening: @Sendable (Int) async -> Void

    /// Prepares a server; reads the tokens file.
    ///
    /// - Parameters:
    ///   - logger: Where the server logs; warnings and errors only to
    ///     standard output by default.
    ///   - onListening: Called with the port once the server accepts
    ///     connections (the one chosen when the configuration's port is 0).
    /// - Throws: ``SyncServerError`` when the tokens file cannot be read or
    ///   parsed.
    public init(configuration: SyncServerConfiguration, logger: Logger? = nil,
                onListening: @escaping @Sendable (Int) async -> Void = { _ in }) throws {
        self.configuration = configuration
        self.logger = logger ?? {
            var logger = Logger(label: "plume.sync.server")
            logger.logLevel = .warning
            return logger
        }()
        self.onListening = onListening
        tokens = try SyncTokenStore(path: configuration.tokensPath)
    }

    /// Creates the server's tables when missing, listens, and serves until
    /// a graceful shutdown of the service group it runs in (or until its
    /// task is cancelled, which cuts every connection).
    ///
    /// - Throws: ``SyncServerError`` or the error of PostgreSQL or of the
    ///   listening socket.
    public func run() async throws {
        let postgres = PostgresClient(configuration: configuration.postgres.clientConfiguration, backgroundLogger: logger)
        let store = SyncStore(client: postgres, logger: logger, rowWrite: configuration.rowWrite)
        let broadcaster = SyncHeadBroadcaster()
        let routes = SyncRoutes(store: store, broadcaster: broadcaster, tokens: tokens, configuration: configuration)
        let onListening = self.onListening
        var application = Application(
            router: routes.router(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            services: [
                postgres,
                SyncNotifier(postgres: configuration.postgres, broadcaster: broadcaster, logger: logger),
                SyncPruner(store: store, retention: configuration.retention, interval: configuration.pruneInterval, logger: logger),
            ],
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        application.beforeServerStarts { [self] in try await migrate(store) }
        // Open streams never end by themselves: end them first, so that
        // the server's graceful shutdown, which waits for every request
        // under way, does not wait for them.
        try await withGracefulShutdownHandler {
            try await application.run()
        } onGracefulShutdown: {
            broadcaster.close()
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
