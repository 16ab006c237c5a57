import ArgumentParser
import Foundation
import PlumeSyncServer

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
            server = try SyncServer(configuration: configuration)
        } catch let error as SyncServerError {
            StandardError.print("plume sync serve: \(error)")
            throw ExitCode(65)
        }
        let host = configuration.host
        let task = Task {
            try await server.run { port in StandardError.print("plume sync serve: listening on \(host):\(port)") }
        }
        let signals = Task {
            for await _ in TerminationSignals.stream() {
                task.cancel()
                return
            }
        }
        defer { signals.cancel() }
        do {
            try await task.value
        } catch is CancellationError {
            return
        } catch {
            if task.isCancelled { return }
            StandardError.print("plume sync serve: \(error)")
            throw ExitCode(69)
        }
    }
}
