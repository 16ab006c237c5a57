import Foundation
import PlumeSyncProtocol

/// Tells every open stream of this instance that the log grew: fed by
/// this instance's pushes and by PostgreSQL notifications of the others'.
final class SyncHeadBroadcaster: Sendable {
    private let subscribers = SyncMutex<[ObjectIdentifier: SyncWake]>([:])
    private let closed = SyncMutex(false)

    /// Whether the instance is shutting down: streams end at their next
    /// wake-up (``close()`` wakes them all).
    var isClosed: Bool { closed.withLock { $0 } }

    /// Ends every stream: marks the broadcaster closed and wakes them.
    func close() {
        closed.withLock { $0 = true }
        publish(-1)
    }

    /// A wake-up signal for one stream, until ``unsubscribe(_:)``.
    func subscribe() -> SyncWake {
        let wake = SyncWake()
        subscribers.withLock { $0[ObjectIdentifier(wake)] = wake }
        return wake
    }

    /// Ends one subscription.
    func unsubscribe(_ wake: SyncWake) {
        _ = subscribers.withLock { $0.removeValue(forKey: ObjectIdentifier(wake)) }
    }

    /// Wakes every subscriber.
    func publish(_ head: Int64) {
        let wakes = subscribers.withLock { Array($0.values) }
        for wake in wakes { wake.signal() }
    }

    /// How many streams are open.
    var count: Int { subscribers.withLock { $0.count } }
}
