import ArgumentParser
import Foundation
import Logging
import PlumeSyncServer
import ServiceLifecycle

/// `plume sync serve`: one server instance.
struct SyncServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the sync protocol over a PostgreSQL database (any number of instances may share it).",
        discussion: """
            The tokens file has one token a line; after it, `read-only` and `tables=NAME,NAME` \
            limit it; `#` starts a comment. It is read again when it changes. The server speaks \
            plain HTTP: put a TLS-terminating reverse proxy in front of it.
            """)

    @Option(help: "The PostgreSQL database, as postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE.")
    var postgres: String

    @Option(help: "HOST:PORT to listen on (port 0: any free port, printed on standard error).")
    var listen = "127.0.0.1:8080"

    @Option(help: "The tokens file.")
    var tokens: String

    @Option(help: "The largest request body accepted, in bytes.")
    var maxBody: Int?

    @Option(help: "How long the log keeps changes a client has not pulled, in days.")
    var retentionDays: Int?

    func run() async throws {
        var configuration: SyncServerConfiguration
        let server: SyncServer
        do {
            configuration = try SyncServerConfiguration(postgres: postgres, listen: listen, tokensPath: tokens)
            if let maxBody { configuration.maximumBodySize = maxBody }
            if let retentionDays { configuration.retention = .seconds(retentionDays * 86_400) }
            let host = configuration.host
            server = try SyncServer(configuration: configuration) { port in
                StandardError.print("plume sync serve: listening on \(host):\(port)")
            }
        } catch let error as SyncServerError {
            StandardError.print("plume sync serve: \(error)")
            throw ExitCode(65)
        }
        // SIGINT and SIGTERM stop it gracefully: no new connections, open
        // streams ended, requests under way finished, then PostgreSQL's
        // connections closed.
        var logger = Logger(label: "plume.sync.serve")
        logger.logLevel = .warning
        var groupConfiguration = ServiceGroupConfiguration(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // Connections still open 10 s after the signal are cut.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(10)
        let group = ServiceGroup(configuration: groupConfiguration)
        do {
            try await group.run()
        } catch {
            StandardError.print("plume sync serve: \(error)")
            throw ExitCode(69)
        }
    }

}
