import ArgumentParser
import Foundation

/// `plume-sync` (run as `plume sync`): the sync server and agent.
@main
struct PlumeSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plume sync",
        abstract: "Sync SQLite databases through a server over PostgreSQL.",
        discussion: """
            Examples:
              plume sync serve --postgres postgresql://plume@127.0.0.1/plume --listen 127.0.0.1:8080 --tokens tokens.txt
              plume sync run notes.sqlite --server http://127.0.0.1:8080 --token 3f9c2a7d41b8e6f0 --tables note
              plume sync status notes.sqlite

            Exit codes:
              0   success (run: stopped by SIGINT or SIGTERM, or up to date with --once)
              1   run --once: the server refused the client (token, schema, tables)
              64  usage error
              65  a table cannot be synced (no primary key, no such table) or a bad tokens file
              69  the server or PostgreSQL cannot be reached (run --once: one attempt)
              74  the database could not be opened, read or written
            """,
        subcommands: [SyncServeCommand.self, SyncRunCommand.self, SyncStatusCommand.self])
}

/// Standard error, for status lines and errors.
enum StandardError {
    static func print(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// SIGINT and SIGTERM as an async stream (the signals' default action is
/// turned off while it lives).
enum TerminationSignals {
    static func stream() -> AsyncStream<Int32> {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { continuation.yield(signalNumber) }
            source.resume()
            sources.append(source)
        }
        let kept = SignalSources(sources: sources)
        continuation.onTermination = { _ in kept.cancel() }
        return stream
    }

    /// Keeps the sources alive as long as the stream.
    private final class SignalSources: @unchecked Sendable {
        // @unchecked: the sources are only cancelled, once, after the stream ends.
        let sources: [any DispatchSourceSignal]
        init(sources: [any DispatchSourceSignal]) { self.sources = sources }
        func cancel() { for source in sources { source.cancel() } }
    }
}
