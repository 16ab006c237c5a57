import Foundation

/// A small lock-protected box (Synchronization's `Mutex` needs newer Apple
/// OS versions than Plume supports). Shared with Plume's other modules.
package final class Mutex<Value>: @unchecked Sendable {
    // Safe: `value` is only read and written while `lock` is held.
    private let lock = Lock()
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
