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
    private var observers = ObserverRegistry<@Sendable (Database, DatabaseChanges) -> Void>()
    private var token: TransactionObserverToken?
    private var detector: ExternalCommitDetector?
    private var lastDataVersion: Int64 = 0
    private let history = ChangeHistoryFollower()
    /// Compares the database's path with the file opened, while observing.
    private var fileGuard: DatabaseFileGuard?

    init(writer: SerializedDatabase, pollInterval: Duration) {
        self.writer = writer
        self.pollInterval = pollInterval
    }

    func add(_ observer: @escaping @Sendable (Database, DatabaseChanges) -> Void) -> AnyDatabaseCancellable {
        let id: UInt64 = writer.sync { db in
            let id = observers.add(observer)
            if token == nil { start(db) }
            return id
        }
        return AnyDatabaseCancellable { [weak self] in
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
        observers.remove(id)
        guard observers.isEmpty else { return }
        stopObserving(db)
    }

    private func start(_ db: Database) {
        token = db.addTransactionObserver(didCommit: { [unowned self] db, changes in
            self.didCommit(changes, db)
        }, didRollback: { [unowned self] db in
            _ = self.checkExternalCommit(db)
        })
        // The history token and the data version from one snapshot: a
        // commit after it is both newer than the token and a new version.
        db.inReadSnapshot {
            history.resync(db)
            lastDataVersion = (try? db.dataVersion()) ?? 0
        }
        // Nothing else can write a private in-memory database.
        guard db.location != .inMemory else { return }
        let interval = db.configuration.fileReplacementCheckInterval
        fileGuard = db.openedFile.map { DatabaseFileGuard(file: $0, grace: min(interval / 4, .milliseconds(250))) }
        detector = ExternalCommitDetector(
            path: db.configuration.usesFileEvents ? db.mainFilePath : nil, linkPath: db.openedFile?.path,
            queue: writer.queue, pollInterval: pollInterval, idleInterval: fileGuard == nil ? nil : interval,
            check: { [unowned self] in
                self.writer.sync { db in self.checkFileReplacement(db) || self.checkExternalCommit(db) }
            },
            tick: { [unowned self] in
                self.writer.sync { db in _ = self.checkFileReplacement(db) }
            })
        // A file replaced before observation began.
        _ = checkFileReplacement(db)
    }

    /// Compares the database's path with the file opened; when another
    /// file took its place (or none did, past the grace period), tells
    /// every observer once and stops detecting commits, which from then on
    /// concern a file the connections do not read. Returns whether it
    /// reported.
    private func checkFileReplacement(_ db: Database) -> Bool {
        guard var check = fileGuard, !observers.isEmpty else { return false }
        let finding = check.check()
        fileGuard = check
        switch finding {
        case .unchanged:
            return false
        case .missingWithinGrace:
            writer.queue.asyncAfter(deadline: .now() + .nanoseconds(Int(check.grace.nanoseconds) + 1_000_000)) { [weak self] in
                guard let self else { return }
                self.writer.sync { db in _ = self.checkFileReplacement(db) }
            }
            return false
        case .replaced(let error):
            fileGuard = nil
            detector?.cancel()
            detector = nil
            deliver(.fileReplaced(error), db)
            return true
        }
    }

    /// Delivers a commit of this connection in a snapshot of the database
    /// as that commit left it. When another connection committed too
    /// (before this transaction began, or since it committed), the
    /// snapshot holds both, and so does the delivery: the history since
    /// the last token (which includes this commit's rows) with this
    /// commit's rowids added, or, without a history, changes of unknown
    /// extent.
    private func didCommit(_ changes: DatabaseChanges, _ db: Database) {
        db.inReadSnapshot {
            let version = try? db.dataVersion()
            if let version, version == lastDataVersion {
                deliver(changes, db)
                history.skipOwnChanges(changes, db)
            } else {
                lastDataVersion = version ?? lastDataVersion
                var merged = history.externalChanges(db)
                merged.formUnion(changes)
                deliver(merged, db)
            }
        }
        scheduleHistoryUpkeep(db, marksClock: true)
    }

    /// Delivers an external commit when `PRAGMA data_version` moved;
    /// returns whether it did. Everything the delivery reads — the data
    /// version, the history, the rows observers fetch — comes from one
    /// snapshot (one read transaction). Inside a transaction it waits: the
    /// commit or rollback that ends it checks again.
    private func checkExternalCommit(_ db: Database) -> Bool {
        guard db.isOpen, !db.isInsideTransaction, !observers.isEmpty else { return false }
        let delivered = db.inReadSnapshot { () -> Bool in
            guard let version = try? db.dataVersion(), version != lastDataVersion else { return false }
            lastDataVersion = version
            deliver(history.externalChanges(db), db)
            return true
        }
        if delivered { scheduleHistoryUpkeep(db, marksClock: false) }
        return delivered
    }

    /// After a delivery: prunes the change history to the configured
    /// retention when it outgrew it (never past what the observers still
    /// need), and, after this connection's own commits, marks its clock now
    /// and then; never inside the delivery's snapshot.
    ///
    /// Following other processes' commits never writes a clock mark: a
    /// writer without a busy timeout (the `sqlite3` shell's default) would
    /// meet a lock it did not expect from a process that only observes.
    private func scheduleHistoryUpkeep(_ db: Database, marksClock: Bool) {
        if history.needsPruning(db) {
            writer.schedule { db in _ = try? db.pruneChangeHistory() }
        }
        if marksClock, history.needsClockMark(db) {
            writer.schedule { db in try? ChangeHistoryClock.mark(db) }
        }
    }

    private func deliver(_ changes: DatabaseChanges, _ db: Database) {
        for id in observers.ids {
            observers[id: id]?(db, changes)
        }
    }

    private func stopObserving(_ db: Database) {
        if let token { db.removeTransactionObserver(token) }
        token = nil
        detector?.cancel()
        detector = nil
        fileGuard = nil
        history.stop(db)
        db.restorePageCacheKeptForObservers()
    }

    func stop() {
        writer.sync { db in
            _ = observers.removeAll()
            stopObserving(db)
        }
    }
}
