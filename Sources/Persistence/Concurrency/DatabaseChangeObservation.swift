import Foundation

/// A running change observation, from ``DatabaseWriter/observeChanges(_:)``.
/// It stops when cancelled or deallocated.
public final class DatabaseChangeObservation: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Whether ``cancel()`` was called (or the observation ended).
    public var isCancelled: Bool {
        onCancel.withLock { $0 == nil }
    }

    /// Stops the observation. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        cancel()
    }
}

/// A small lock-protected box (Synchronization's `Mutex` needs newer Apple
/// OS versions than Plume supports). Shared with Plume's other modules.
package final class Mutex<Value>: @unchecked Sendable {
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
