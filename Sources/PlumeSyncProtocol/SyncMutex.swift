import Foundation

/// A lock-protected box for the sync modules (the server does not link
/// Persistence, whose `Mutex` this mirrors; Synchronization's needs newer
/// Apple OS versions than Plume supports).
package final class SyncMutex<Value>: @unchecked Sendable {
    // Safe: `value` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
