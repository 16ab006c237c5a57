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

/// Keeps what a long-running command needs alive until the process exits.
@MainActor
enum WatchLifetime {
    private static var kept: [AnyObject] = []

    /// Keeps an object alive.
    static func keep(_ object: AnyObject) {
        kept.append(object)
    }
}
