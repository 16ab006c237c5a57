/// A signal one task waits for, with a time limit; a signal sent while
/// nobody waits is kept for the next wait. The server's streams wait for
/// pushes with it, the client's push loop for local commits.
package final class SyncWake: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Bool, Never>?
        var generation = 0
    }

    private let state = SyncMutex(State())

    /// Creates a signal nobody sent yet.
    package init() {}

    /// Wakes the waiter, or the next one.
    package func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: true)
    }

    /// Waits for a signal: true when one came, false after `timeout` or
    /// when the task is cancelled.
    package func wait(timeout: Duration) async -> Bool {
        let generation = state.withLock { state -> Int? in
            if state.pending {
                state.pending = false
                return nil
            }
            state.generation += 1
            return state.generation
        }
        guard let generation else { return true }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.expire(generation)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // A signal sent since the generation was taken counts.
                let resumeNow = state.withLock { state -> Bool? in
                    guard state.generation == generation else { return false }
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            expire(generation)
        }
    }

    /// Ends the wait of `generation` with false, if it is still waiting.
    private func expire(_ generation: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard state.generation == generation else { return nil }
            // A later wait must not be resumed by this one's timer.
            state.generation += 1
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: false)
    }
}
