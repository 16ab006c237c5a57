import Dispatch
import Foundation

/// Delivers a writer's commits to its change observers, and polls
/// `PRAGMA data_version` on the writer connection to notice commits by
/// other connections while anyone observes.
final class ChangeObservationCenter: @unchecked Sendable {
    // Safe: every mutable property is only touched on `writer.queue`.
    private let writer: SerializedDatabase
    private let pollInterval: Duration
    private var observers: [UInt64: @Sendable (Database, DatabaseChanges) -> Void] = [:]
    private var nextID: UInt64 = 0
    private var token: TransactionObserverToken?
    private var timer: DispatchSourceTimer?
    private var lastDataVersion: Int64 = 0

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

    private func remove(_ id: UInt64, _ db: Database) {
        observers[id] = nil
        guard observers.isEmpty else { return }
        if let token { db.removeTransactionObserver(token) }
        token = nil
        timer?.cancel()
        timer = nil
        db.restorePageCacheKeptForObservers()
    }

    private func start(_ db: Database) {
        token = db.addTransactionObserver(didCommit: { [unowned self] db, changes in
            self.deliver(changes, db)
        })
        lastDataVersion = (try? db.dataVersion()) ?? 0
        let timer = DispatchSource.makeTimerSource(queue: writer.queue)
        let nanoseconds = max(1_000_000, pollInterval.components.seconds * 1_000_000_000
            + pollInterval.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)),
                       repeating: .nanoseconds(Int(nanoseconds)), leeway: .milliseconds(5))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.writer.sync { db in self.poll(db) }
        }
        self.timer = timer
        timer.resume()
    }

    private func poll(_ db: Database) {
        guard db.isOpen, !db.isInsideTransaction, let version = try? db.dataVersion() else { return }
        if version != lastDataVersion {
            lastDataVersion = version
            deliver(.external, db)
        }
    }

    private func deliver(_ changes: DatabaseChanges, _ db: Database) {
        for id in observers.keys.sorted() {
            observers[id]?(db, changes)
        }
    }

    func stop() {
        writer.sync { db in
            observers.removeAll()
            if let token { db.removeTransactionObserver(token) }
            token = nil
            timer?.cancel()
            timer = nil
            db.restorePageCacheKeptForObservers()
        }
    }
}
