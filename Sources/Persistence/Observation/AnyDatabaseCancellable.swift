import Foundation

/// A running observation: it stops when cancelled or deallocated (GRDB's
/// `AnyDatabaseCancellable`).
///
/// Every observation of Plume hands one out:
/// ``DatabaseWriter/observeChanges(_:)``,
/// ``ValueObservation/start(scheduling:onError:onChange:)``, and the
/// fetched results controller's own. Keep it as long as the observation
/// should last.
public final class AnyDatabaseCancellable: Sendable {
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

/// A running change observation.
@available(*, deprecated, renamed: "AnyDatabaseCancellable")
public typealias DatabaseChangeObservation = AnyDatabaseCancellable

/// A running value observation.
@available(*, deprecated, renamed: "AnyDatabaseCancellable")
public typealias ValueObservationToken = AnyDatabaseCancellable
