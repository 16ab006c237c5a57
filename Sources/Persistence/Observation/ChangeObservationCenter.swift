import Dispatch
import Foundation

/// Delivers a writer's commits to its change observers, and notices
/// commits by other connections while anyone observes: file events
/// confirmed by `PRAGMA data_version` (``ExternalCommitDetector``), polling
/// only where file events are unavailable. With no observer it does
/// nothing at all.
///
/// Change observers (``DatabaseWriter/observeChanges(_:)``) get the rows
/// each commit changed; commit observers
/// (``DatabaseWriter/observeCommits(_:)``) only hear that one happened.
/// While only commit observers are registered, nothing costs per row: the
/// update hook is not installed, and other connections' commits are
/// skipped in the change history rather than read.
final class ChangeObservationCenter: @unchecked Sendable {
    // Safe: every mutable property is only touched on `writer.queue`.
    private let writer: SerializedDatabase
    private let pollInterval: Duration
    private var observers = ObserverRegistry<Observer>()
    /// How many of the observers are change observers, which need rows.
    private var changeObserverCount = 0
    private var token: TransactionObserverToken?
    private var detector: ExternalCommitDetector?
    private var lastDataVersion: Int64 = 0
    private let history = ChangeHistoryFollower()
    /// Compares the database's path with the file opened, while observing.
    private var fileGuard: DatabaseFileGuard?
    /// Whether the writer is committing the history's upkeep, which this
    /// center scheduled (``scheduleHistoryUpkeep(_:marksClock:)``).
    private var isKeepingHistory = false

    init(writer: SerializedDatabase, pollInterval: Duration) {
        self.writer = writer
        self.pollInterval = pollInterval
    }

    /// What an observer wants to hear of each commit.
    private enum Observer {
        /// The rows it changed.
        case changes(@Sendable (Database, DatabaseChanges) -> Void)
        /// Only that it happened.
        case commits(@Sendable (Database) -> Void)

        var needsRowChanges: Bool {
            if case .changes = self { true } else { false }
        }
    }

    /// Registers a change observer: it receives the rows of each commit.
    func add(_ observer: @escaping @Sendable (Database, DatabaseChanges) -> Void) -> AnyDatabaseCancellable {
        add(.changes(observer))
    }

    /// Registers a commit observer: it is only told that a commit happened.
    func addCommitObserver(_ onCommit: @escaping @Sendable (Database) -> Void) -> AnyDatabaseCancellable {
        add(.commits(onCommit))
    }

    private func add(_ observer: Observer) -> AnyDatabaseCancellable {
        let id: UInt64 = writer.sync { db in
            let id = observers.add(observer)
            if observer.needsRowChanges { changeObserverCount += 1 }
            if token == nil { start(db) } else { updateRowTracking(db) }
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

    /// Whether the writer connection's update hook is installed: for a
    /// change observer, or any other transaction observer that needs rows.
    var needsRowChanges: Bool {
        writer.sync { db in db.changeTracker.needsRowChanges }
    }

    private func remove(_ id: UInt64, _ db: Database) {
        guard let observer = observers.remove(id) else { return }
        if observer.needsRowChanges { changeObserverCount -= 1 }
        guard observers.isEmpty else {
            updateRowTracking(db)
            return
        }
        stopObserving(db)
    }

    /// Has this connection's commits tracked row by row while a change
    /// observer is registered, and not otherwise. Runs between this
    /// connection's statements, like adding an observer.
    private func updateRowTracking(_ db: Database) {
        guard let token else { return }
        db.setTransactionObserver(token, needsRowChanges: changeObserverCount > 0)
    }

    private func start(_ db: Database) {
        token = db.addTransactionObserver(needsRowChanges: changeObserverCount > 0, didCommit: { [unowned self] db, changes in
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
            db.fileReplacement = error
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
                // The history's upkeep is no commit of the user's: commit
                // observers, who are told nothing else, would only be
                // woken for nothing.
                deliver(changes, db, toCommitObservers: !isKeepingHistory)
                history.skipOwnChanges(changes, db)
            } else {
                lastDataVersion = version ?? lastDataVersion
                var merged = followExternalChanges(db)
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
            deliver(followExternalChanges(db), db)
            return true
        }
        if delivered { scheduleHistoryUpkeep(db, marksClock: false) }
        return delivered
    }

    /// Other connections' commits in the current snapshot since the last
    /// delivery: read row by row from the change history for change
    /// observers; with only commit observers, skipped without reading a
    /// row (the history's token still moves, so pruning goes on).
    private func followExternalChanges(_ db: Database) -> DatabaseChanges {
        guard changeObserverCount > 0 else {
            history.skipChanges(db)
            return .external
        }
        return history.externalChanges(db)
    }

    /// After a delivery: prunes the change history to the configured
    /// retention when it outgrew it (never past what the observers still
    /// need), and, after this connection's own commits, marks its clock now
    /// and then; never inside the delivery's snapshot.
    ///
    /// Following other processes' commits never writes a clock mark: a
    /// writer without a busy timeout (the `sqlite3` shell's default) would
    /// meet a lock it did not expect from a process that only observes.
    ///
    /// Change observers hear of the upkeep's commits (a table of the
    /// history changed); commit observers do not, unless another
    /// connection's commit comes with one.
    private func scheduleHistoryUpkeep(_ db: Database, marksClock: Bool) {
        if history.needsPruning(db) {
            writer.schedule { [weak self] db in self?.keepingHistory { _ = try? db.pruneChangeHistory() } }
        }
        if marksClock, history.needsClockMark(db) {
            writer.schedule { [weak self] db in self?.keepingHistory { try? ChangeHistoryClock.mark(db) } }
        }
    }

    private func keepingHistory(_ upkeep: () -> Void) {
        isKeepingHistory = true
        defer { isKeepingHistory = false }
        upkeep()
    }

    private func deliver(_ changes: DatabaseChanges, _ db: Database, toCommitObservers: Bool = true) {
        for id in observers.ids {
            switch observers[id: id] {
            case .changes(let observer): observer(db, changes)
            case .commits(let onCommit): if toCommitObservers { onCommit(db) }
            case nil: break
            }
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
            changeObserverCount = 0
            stopObserving(db)
        }
    }
}
