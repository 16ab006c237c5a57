import Foundation

/// Runs closures on the main actor, in the order they come, until closed:
/// Plume's one hop to the main actor, for value observations and for the
/// fetched results controller's delegate.
///
/// Called from the main queue itself, a closure runs at once; from any
/// other queue (even one that a `sync` from the main thread runs), after
/// what the main queue already holds. Closures still on their way when
/// ``close()`` is called (on the main actor) never run.
package final class MainActorDelivery: Sendable {
    private let isClosed = Mutex(false)

    package init() {}

    /// Drops every closure not yet run.
    package func close() {
        isClosed.withLock { $0 = true }
    }

    /// Runs `body` on the main actor unless closed by then.
    package func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if Self.isOnMainQueue {
            guard !isClosed.withLock({ $0 }) else { return }
            MainActor.assumeIsolated(body)
        } else {
            DispatchQueue.main.async { [self] in
                guard !isClosed.withLock({ $0 }) else { return }
                MainActor.assumeIsolated(body)
            }
        }
    }

    /// Whether the current code runs on the main queue (not merely on the
    /// main thread, which a `sync` onto another queue borrows).
    private static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}
