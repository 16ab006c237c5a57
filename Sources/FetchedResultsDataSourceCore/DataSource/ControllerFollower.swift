import FetchedResults
import Persistence

/// Follows a controller's updates on the main actor for one consumer (a
/// data source, an observable model): fetches, hands every update to the
/// consumer, and lets the fetch return once the first update is received.
///
/// The consumer's closures capture it weakly: the task that reads the
/// updates must not keep it alive.
@MainActor
package final class ControllerFollower<Item: FetchableRecord & Sendable> {
    private var updates: Task<Void, Never>?
    /// Resumes the caller of ``follow(_:receive:fail:)`` once the first
    /// update is received.
    private var fetched: CheckedContinuation<Void, Never>?

    /// Creates a follower that follows nothing yet.
    package init() {}

    isolated deinit {
        updates?.cancel()
    }

    /// Fetches through the controller, then hands each update to `receive`
    /// until ``stop()`` or a failure (handed to `fail`). Returns once the
    /// first update was received.
    ///
    /// - Throws: What `FetchedResultsController.performFetch()` throws.
    package func follow(_ controller: FetchedResultsController<Item>,
                receive: @escaping @MainActor (FetchedResultsUpdate<Item>) -> Void,
                fail: @escaping @MainActor (any Error) -> Void) async throws {
        try await controller.performFetch()
        stop()
        let changes = controller.updates
        updates = Task { [weak self] in
            do {
                for try await update in changes {
                    guard let self else { return }
                    receive(update)
                    self.resumeFetch()
                }
            } catch {
                fail(error)
            }
            // A cancelled task belongs to an earlier fetch: `stop()` already
            // resumed whoever waited for it.
            if !Task.isCancelled { self?.resumeFetch() }
        }
        // The task runs on this actor, so it cannot deliver the first
        // update before the continuation is in place.
        await withCheckedContinuation { fetched = $0 }
    }

    /// Stops following; whoever waits for a first update returns.
    package func stop() {
        updates?.cancel()
        updates = nil
        resumeFetch()
    }

    private func resumeFetch() {
        fetched?.resume()
        fetched = nil
    }
}
