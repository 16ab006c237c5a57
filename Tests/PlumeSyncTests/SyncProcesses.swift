import Foundation
@testable import PlumeSync
import PlumeSyncProtocol
import PlumeTestSupport
import Persistence

/// A `plume-sync serve` process: a server instance the test can kill
/// with `SIGKILL` (mid-push) and start again on its port.
final class SpawnedServer: Sendable {
    let port: Int
    let program: BackgroundProgram

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts a server on `port` (a free one when nil) and waits until it
    /// answers.
    static func start(postgres: String, tokensPath: String, port: Int? = nil) async throws -> SpawnedServer {
        let port = try port ?? freeLoopbackPort()
        let program = try BackgroundProgram(try PlumeProcess.builtExecutable("plume-sync").path,
                                            ["serve", "--postgres", postgres, "--listen", "127.0.0.1:\(port)", "--tokens", tokensPath])
        let server = SpawnedServer(port: port, program: program)
        do {
            try await eventually("plume-sync serve answers on port \(port)", timeout: .seconds(30)) {
                (try? await request("GET", server.url, token: nil).status) == 401
            }
        } catch {
            server.program.send(SIGKILL)
            _ = try? server.program.wait()
            throw ProcessFailure(message: "\(error): \(program.output)")
        }
        return server
    }

    private init(port: Int, program: BackgroundProgram) {
        self.port = port
        self.program = program
    }

    /// Kills it as `kill -9` does, whatever it was doing.
    func kill() {
        program.send(SIGKILL)
        _ = try? program.wait()
        unlink(program.outputPath)
    }
}

/// A `plume sync run` agent syncing a client database that the test
/// writes meanwhile (another process, as an app or the `sqlite3` shell
/// would).
final class SyncAgent: Sendable {
    let client: ClientDatabase
    let program: BackgroundProgram

    init(_ client: ClientDatabase, server: URL) throws {
        self.client = client
        program = try BackgroundProgram(try PlumeProcess.plumeURL.path, [
            "sync", "run", client.path, "--server", server.absoluteString, "--token", TestTokens.full,
            "--tables", ClientDatabase.tables.joined(separator: ","),
        ])
    }

    /// Stops it with `signal`: `SIGTERM` ends it cleanly, having pushed
    /// what it could; `SIGKILL` cuts it wherever it was.
    func stop(_ signal: Int32) throws {
        program.send(signal)
        let status = try program.wait()
        defer { unlink(program.outputPath) }
        if signal == SIGTERM, status != 0 {
            throw ProcessFailure(message: "plume sync run ended with \(status) on SIGTERM: \(program.output)")
        }
    }

    /// Whether the database it syncs is up to date at `head`: nothing
    /// pending, nothing recorded since it last read the history.
    func isUpToDate(at head: Int64) throws -> Bool {
        try client.queue.readAndWait { db in
            guard try SyncLocalState.serverSequence(db) == head, try SyncLocalState.pendingOutboxCount(db) == 0,
                  case .text(let token)? = try SyncLocalState.value("history_token", db) else { return false }
            return token == (try db.currentChangeHistoryToken()).description
        }
    }
}
