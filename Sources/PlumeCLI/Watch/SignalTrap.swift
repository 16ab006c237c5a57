import Dispatch
import FetchedResultsDataSource
import Foundation

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
        TerminalSession.write(text + "\n", to: STDOUT_FILENO)
    }
}
