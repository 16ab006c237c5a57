import Foundation
import Persistence

/// Where updates wait for one subscriber (an async iteration, or the
/// delegate's queue): the one point where delivery meets a slow reader.
/// The controller posts each update to every subscriber's mailbox alike;
/// a mailbox drained on a queue (the delegate's) schedules its own drain.
///
/// Posting never blocks and never queues: an update the consumer has not
/// taken yet is merged with the next one into a single update from the
/// consumer's last snapshot to the newest. So a consumer that falls behind
/// (a busy main thread, a sequence nobody iterates, a pipe nobody reads)
/// holds at most two snapshots, O(result), however many commits pass; the
/// merged change set is computed when the consumer takes it, on its side.
final class UpdateMailbox<Item: FetchableRecord & Sendable>: @unchecked Sendable {
    // Safe: every mutable property lives in `state`, only touched while its
    // lock is held.

    /// Updates not taken yet, as one.
    struct Pending {
        /// The consumer's last snapshot: where the merged changes start.
        var base: FetchedResultsSnapshot<Item>
        /// The newest update.
        var latest: FetchedResultsUpdate<Item>
        /// How many updates this one stands for.
        var count: Int
        /// Whether one of them starts over: the merge does too.
        var isInitial: Bool

        /// The update to hand over: `latest` alone, or the merge.
        func resolved() -> FetchedResultsUpdate<Item> {
            guard count > 1 else { return latest }
            let snapshot = latest.snapshot
            if !isInitial, let changes = try? ResultsDiff.changes(from: base, to: snapshot) {
                return FetchedResultsUpdate(snapshot: snapshot, previousSnapshot: base, changes: changes, isInitial: false)
            }
            return FetchedResultsUpdate(snapshot: snapshot, previousSnapshot: base, changes: ChangeSet(), isInitial: true)
        }
    }

    private enum End {
        case finished
        case failed(any Error)
    }

    /// What a consumer asking for the next update gets.
    private enum Action {
        case deliver(Pending)
        case end(End?)
        case wait
    }

    private struct State {
        var pending: Pending?
        var waiter: CheckedContinuation<FetchedResultsUpdate<Item>?, any Error>?
        var end: End?
        /// Whether a drain is scheduled or running (``post(_:)`` says when
        /// to schedule one).
        var isDraining = false
    }

    private let state = Mutex(State())
    /// Called once when the consumer stops (cancelled, or done).
    private let onTermination: @Sendable () -> Void
    /// For a consumer that drains on a queue (``takeForDrain()``):
    /// schedules a drain.
    private let scheduleDrain: (@Sendable (UpdateMailbox<Item>) -> Void)?

    /// A mailbox read by ``next()`` (an async iteration), or, given
    /// `scheduleDrain`, drained on a queue that `scheduleDrain` hands a
    /// drain to whenever an update arrives in an idle mailbox.
    init(onTermination: @escaping @Sendable () -> Void = {}, scheduleDrain: (@Sendable (UpdateMailbox<Item>) -> Void)? = nil) {
        self.onTermination = onTermination
        self.scheduleDrain = scheduleDrain
    }

    /// Hands an update to a waiting consumer, or keeps it, merged with any
    /// update not taken yet; a drained mailbox that was empty and idle
    /// schedules a drain.
    ///
    /// - Complexity: O(1).
    func post(_ update: FetchedResultsUpdate<Item>) {
        let (waiter, schedulesDrain) = state.withLock { state -> (CheckedContinuation<FetchedResultsUpdate<Item>?, any Error>?, Bool) in
            guard state.end == nil else { return (nil, false) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, false)
            }
            if var pending = state.pending {
                pending.latest = update
                pending.count += 1
                pending.isInitial = pending.isInitial || update.isInitial
                state.pending = pending
            } else {
                state.pending = Pending(base: update.previousSnapshot, latest: update, count: 1, isInitial: update.isInitial)
            }
            let schedulesDrain = !state.isDraining
            state.isDraining = true
            return (nil, schedulesDrain)
        }
        waiter?.resume(returning: update)
        if schedulesDrain { scheduleDrain?(self) }
    }

    /// Ends the updates: after the pending one, if any, the consumer gets
    /// the end (or the error).
    func finish(throwing error: (any Error)? = nil) {
        let waiter = state.withLock { state -> CheckedContinuation<FetchedResultsUpdate<Item>?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = error.map { .failed($0) } ?? .finished
            defer { state.waiter = nil }
            return state.waiter
        }
        if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
    }

    /// The next update, waiting for one; nil at the end.
    ///
    /// - Throws: The error observation ended with.
    func next() async throws -> FetchedResultsUpdate<Item>? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<FetchedResultsUpdate<Item>?, any Error>) in
                let action = state.withLock { state -> Action in
                    if let pending = state.pending {
                        state.pending = nil
                        return .deliver(pending)
                    }
                    if let end = state.end { return .end(end) }
                    if Task.isCancelled { return .end(nil) }
                    state.waiter = continuation
                    return .wait
                }
                switch action {
                case .deliver(let pending): continuation.resume(returning: pending.resolved())
                case .end(.failed(let error)?): continuation.resume(throwing: error)
                case .end: continuation.resume(returning: nil)
                case .wait: break
                }
            }
        } onCancel: {
            self.cancel()
        }
    }

    /// The consumer stopped: it takes nothing more.
    func cancel() {
        let waiter = state.withLock { state -> CheckedContinuation<FetchedResultsUpdate<Item>?, any Error>? in
            if state.end == nil { state.end = .finished }
            state.pending = nil
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
        onTermination()
    }

    /// For a drain: the pending update, or nil, and then the drain is over
    /// (the next ``post(_:)`` schedules another).
    func takeForDrain() -> FetchedResultsUpdate<Item>? {
        let pending = state.withLock { state -> Pending? in
            guard let pending = state.pending else {
                state.isDraining = false
                return nil
            }
            state.pending = nil
            return pending
        }
        return pending?.resolved()
    }

    /// Drops the pending update (a new fetch replaces what it led to).
    func discardPending() {
        state.withLock { $0.pending = nil }
    }

    /// How many posted updates wait, merged into one (0 when none): what a
    /// slow consumer costs.
    var pendingCount: Int { state.withLock { $0.pending?.count ?? 0 } }
}
