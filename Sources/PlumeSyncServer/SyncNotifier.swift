import PostgresNIO
import ServiceLifecycle

/// Listens to PostgreSQL's `plume_sync` channel on a connection of its
/// own, so that this instance's streams hear of pushes through other
/// instances; reconnects (waking every stream) after PostgreSQL restarts.
/// Ends on graceful shutdown.
struct SyncNotifier: Service {
    let postgres: PostgresURL
    let broadcaster: SyncHeadBroadcaster
    let logger: Logger

    /// Listens until a graceful shutdown or the task's cancellation.
    func run() async {
        await cancelWhenGracefulShutdown { await listen() }
    }

    private func listen() async {
        var delay: Duration = .milliseconds(50)
        var connectionID = 1
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: postgres.connectionConfiguration, id: connectionID, logger: logger)
                connectionID += 1
                do {
                    try await connection.listen(on: SyncStore.channel) { notifications in
                        // Changes may have been pushed while no one listened.
                        broadcaster.publish(-1)
                        delay = .milliseconds(50)
                        for try await notification in notifications {
                            broadcaster.publish(Int64(notification.payload) ?? -1)
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if Task.isCancelled { return }
                logger.warning("listening to PostgreSQL failed (\(error)); trying again in \(delay)")
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(2))
        }
    }
}
