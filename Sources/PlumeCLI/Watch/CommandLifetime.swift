import Dispatch
import Foundation
import PlumeTerminal

/// Runs a handler on the main queue when the process gets SIGINT or
/// SIGTERM, instead of dying: long-running commands end cleanly.
final class SignalTrap {
    private var sources: [DispatchSourceSignal] = []

    /// Traps SIGINT and SIGTERM until the trap is released.
    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { handler(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}

/// Standard output written with `write(2)`, so each line leaves at once
/// and a closed pipe is an error, not a crash.
enum StandardOutput {
    /// Writes a line; returns false when standard output is closed.
    @discardableResult
    static func line(_ text: String) -> Bool {
        _ = closedPipesAreErrors
        return TerminalSession.write(text + "\n", to: STDOUT_FILENO)
    }

    /// Ignores `SIGPIPE` once, before the first line: a reader that leaves
    /// (`plume watch … | head`) makes writes fail instead of killing the
    /// process, so that it can end cleanly.
    private static let closedPipesAreErrors: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}

/// Keeps what a long-running command needs alive until the process exits.
@MainActor
enum WatchLifetime {
    private static var kept: [AnyObject] = []

    /// Keeps an object alive.
    static func keep(_ object: AnyObject) {
        kept.append(object)
    }
}
