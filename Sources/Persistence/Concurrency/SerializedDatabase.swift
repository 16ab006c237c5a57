import Dispatch
import Foundation

/// A connection that is only ever used on its own serial dispatch queue.
final class SerializedDatabase: @unchecked Sendable {
    // Safe: `database` is only touched from `queue` (every access goes
    // through `sync`/`async` below, which run on it), so it is never used
    // from two threads at once.
    private let database: Database
    let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    init(location: Database.Location, configuration: Database.Configuration, label: String) throws {
        self.database = try Database(location: location, configuration: configuration)
        self.queue = DispatchQueue(label: label)
        queue.setSpecific(key: queueKey, value: ObjectIdentifier(self))
    }

    /// Whether the caller already runs on this connection's queue.
    var isOnQueue: Bool {
        DispatchQueue.getSpecific(key: queueKey) == ObjectIdentifier(self)
    }

    /// Runs `body` on the queue and waits. Reentrant: from the queue itself
    /// it runs at once.
    func sync<T>(_ body: (Database) throws -> T) rethrows -> T {
        if isOnQueue { return try body(database) }
        return try queue.sync { try body(database) }
    }

    /// Runs `body` on the queue without blocking a thread of the caller.
    func async<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try body(self.database) })
            }
        }
    }

    /// Runs `body` on the queue later, without waiting.
    func schedule(_ body: @escaping @Sendable (Database) -> Void) {
        queue.async { body(self.database) }
    }

    var interrupter: InterruptHandle { database.interrupter }
}
