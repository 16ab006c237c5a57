import Logging
import ServiceLifecycle

/// Prunes the log every `interval`: changes older than `retention` that
/// every known client pulled past, and tombstones past `retention`
/// (``SyncStore/prune(retention:)``). Ends on graceful shutdown.
struct SyncPruner: Service {
    let store: SyncStore
    let retention: Duration
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown { [store, retention, interval, logger] in
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                do { _ = try await store.prune(retention: retention) } catch { logger.warning("pruning the log failed: \(error)") }
            }
        }
    }
}
