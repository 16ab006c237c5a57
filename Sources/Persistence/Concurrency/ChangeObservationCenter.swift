import Dispatch
import Foundation

/// Delivers a writer's commits to its change observers, and notices
/// commits by other connections while anyone observes: file events
/// confirmed by `PRAGMA data_version` (``ExternalCommitDetector``), polling
/// only where file events are unavailable. With no observer it does
/// nothing at all.
final class ChangeObservationCenter: @unchecked Sendable {
    // Safe: every mutable property is only touched on `writer.queue`.
    private let writer: SerializedDatabase
    private let pollInterval: Duration
    private var observers: [UInt64: @Sendable (Database, DatabaseChanges) -> Void] = [:]
    private var nextID: UInt64 = 0
    private var token: TransactionObserverToken?
    private var detector: ExternalCommitDetector?
    private var lastDataVersion: Int64 = 0
    private let history = ChangeHistoryFollower()

    init(writer: SerializedDatabase, pollInterval: Duration) {
        self.writer = writer
        self.pollInterval = pollInterval
    }

    func add(_ observer: @escaping @Sendable (Database, DatabaseChanges) -> Void) -> DatabaseChangeObservation {
        let id: UInt64 = writer.sync { db in
            nextID += 1
            observers[nextID] = observer
            if token == nil { start(db) }
            return nextID
        }
        return DatabaseChangeObservation { [weak self] in
            guard let self else { return }
            self.writer.schedule { db in self.remove(id, db) }
        }
    }

    /// How commits by other connections are noticed now: nil while nobody
    /// observes, or for a private in-memory database.
    var detectionMode: ExternalCommitDetector.Mode? {
        writer.sync { _ in detector?.mode }
    }

    private func remove(_ id: UInt64, _ db: Database) {
        observers[id] = nil
        guard observers.isEmpty else { return }
        stopObserving(db)
    }

    private func start(_ db: Database) {
        token = db.addTransactionObserver(didCommit: { [unowned self] db, changes in
            self.deliver(changes, db)
            // Read before checking data_version: a commit by another
            // connection in between is then read from the history too.
            let newest = self.history.newestSequence(db)
            if !self.checkExternalCommit(db), self.history.skipOwnChanges(to: newest, changes, db) {
                self.schedulePruning()
            }
        }, didRollback: { [unowned self] db in
            _ = self.checkExternalCommit(db)
        })
        // The history token first: a commit landing between the two reads
        // is then read again from the history, never skipped.
        history.resync(db)
        lastDataVersion = (try? db.dataVersion()) ?? 0
        // Nothing else can write a private in-memory database.
        guard db.location != .inMemory else { return }
        detector = ExternalCommitDetector(path: db.configuration.usesFileEvents ? db.mainFilePath : nil, queue: writer.queue, pollInterval: pollInterval) { [unowned self] in
            self.writer.sync { db in self.checkExternalCommit(db) }
        }
    }

    /// Delivers an external commit when `PRAGMA data_version` moved;
    /// returns whether it did. Inside a transaction it waits: the commit or
    /// rollback that ends it checks again.
    private func checkExternalCommit(_ db: Database) -> Bool {
        guard db.isOpen, !db.isInsideTransaction, !observers.isEmpty,
              let version = try? db.dataVersion(), version != lastDataVersion else { return false }
        lastDataVersion = version
        deliver(history.externalChanges(db), db)
        if history.needsPruning(db) { schedulePruning() }
        return true
    }

    /// Prunes the change history to the configured retention after the
    /// current delivery, never past what the observers still need.
    private func schedulePruning() {
        writer.schedule { db in _ = try? db.pruneChangeHistory() }
    }

    private func deliver(_ changes: DatabaseChanges, _ db: Database) {
        for id in observers.keys.sorted() {
            observers[id]?(db, changes)
        }
    }

    private func stopObserving(_ db: Database) {
        if let token { db.removeTransactionObserver(token) }
        token = nil
        detector?.cancel()
        detector = nil
        history.stop(db)
        db.restorePageCacheKeptForObservers()
    }

    func stop() {
        writer.sync { db in
            observers.removeAll()
            stopObserving(db)
        }
    }
}
