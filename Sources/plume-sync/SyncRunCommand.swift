import ArgumentParser
import Foundation
import Persistence
import PlumeSync

/// `plume sync run`: the agent that syncs a database file, whoever writes
/// it.
struct SyncRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Sync a database file until stopped, printing one status line per change on standard error.",
        discussion: """
            Every table whose change history records values is synced, or the tables named with \
            --tables (their history is enabled with values). SIGINT or SIGTERM stop it after a \
            last push. When the database file is replaced by another file or deleted while it runs, \
            it stops (exit 74): run it again to sync the file now at the path.
            """)

    @Argument(help: "The database file (it must exist).")
    var database: String

    @Option(help: "The server's URL, as http://127.0.0.1:8080.")
    var server: String

    @Option(help: "A token from the server's tokens file.")
    var token: String

    @Option(help: "The tables to sync, separated by commas.")
    var tables: String?

    @Flag(help: "Stop once up to date (exit 0), when the server refuses the client (exit 1), or when it cannot be reached (exit 69).")
    var once = false

    func validate() throws {
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--server \(server): expected an http:// URL, as http://127.0.0.1:8080")
        }
    }

    func run() async throws {
        guard FileManager.default.fileExists(atPath: database) else {
            StandardError.print("plume sync run: no database file at \(database)")
            throw ExitCode(74)
        }
        let queue: DatabaseQueue
        do {
            var configuration = Database.Configuration()
            configuration.journalMode = .default
            configuration.createIfMissing = false
            queue = try DatabaseQueue(location: .file(database), configuration: configuration)
        } catch {
            StandardError.print("plume sync run: \(error)")
            throw ExitCode(74)
        }
        let names = tables.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
        let engine = SyncEngine(database: queue, server: URL(string: server)!, token: token, tables: names)
        do {
            try await engine.start()
        } catch let error as SyncError {
            StandardError.print("plume sync run: \(error)")
            throw ExitCode(65)
        } catch {
            StandardError.print("plume sync run: \(error)")
            throw ExitCode(74)
        }
        let outcome = await watch(engine)
        await engine.stop()
        StandardError.print("plume sync: stopped")
        try? queue.close()
        if outcome != 0 { throw ExitCode(outcome) }
    }

    /// Prints status lines until a signal (or, with --once, until up to
    /// date or failed); returns the exit code.
    private func watch(_ engine: SyncEngine) async -> Int32 {
        let once = self.once, server = self.server
        return await withTaskGroup(of: Int32.self) { group in
            group.addTask {
                for await status in engine.status {
                    StandardError.print("plume sync: \(status)")
                    // The file was replaced or deleted: syncing on would
                    // sync the old one. Run again to sync the new file.
                    if case .stopped = status { return 74 }
                    guard once else { continue }
                    switch status {
                    case .upToDate: return 0
                    case .failed: return 1
                    case .offline:
                        // Without --once the engine retries; with it, one
                        // attempt says whether the server can be reached
                        // (the engine reports pulling from start() on, so
                        // this offline is an attempt's, not the status of
                        // before the start).
                        StandardError.print("plume sync run: cannot reach the server at \(server)")
                        return 69
                    default: continue
                    }
                }
                return 0
            }
            group.addTask {
                for await _ in TerminationSignals.stream() { return 0 }
                return 0
            }
            let code = await group.next() ?? 0
            group.cancelAll()
            return code
        }
    }
}
