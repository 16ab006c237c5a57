import Persistence

/// Holds the engine's status and hands it to every reader of
/// ``SyncEngine/status``: each gets the current status first, then every
/// change.
final class SyncStatusHub: Sendable {
    private struct State {
        var current: SyncStatus = .offline
        var readers: [Int: AsyncStream<SyncStatus>.Continuation] = [:]
        var nextReader = 0
    }

    private let state = Mutex(State())

    var current: SyncStatus { state.withLock { $0.current } }

    /// Sets the status; readers hear of it when it differs.
    func set(_ status: SyncStatus) {
        let readers = state.withLock { state -> [AsyncStream<SyncStatus>.Continuation] in
            guard state.current != status else { return [] }
            state.current = status
            return Array(state.readers.values)
        }
        for reader in readers { reader.yield(status) }
    }

    /// A new reader's stream.
    func stream() -> AsyncStream<SyncStatus> {
        let (stream, continuation) = AsyncStream<SyncStatus>.makeStream()
        let id = state.withLock { state -> Int in
            state.nextReader += 1
            state.readers[state.nextReader] = continuation
            continuation.yield(state.current)
            return state.nextReader
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.readers.removeValue(forKey: id) }
        }
        return stream
    }
}
