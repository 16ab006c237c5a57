import Foundation
import Persistence

/// The controller's working state: the current rows, and how to bring them
/// up to date after a commit.
///
/// Commits reach ``process(_:_:)`` on the writer's queue. A commit the
/// engine can follow incrementally (O(k log n)) is applied there, at once.
/// A refetch of a pool's result runs on one of its readers instead, off
/// the writer's queue, so the process's own writes never wait for it;
/// commits that arrive meanwhile are merged into one more refetch of the
/// newest state. A queue has one connection: it refetches on it.
final class ResultsEngine<Item: FetchableRecord & Sendable>: ObservationReducer, @unchecked Sendable {
    // Safe: the mutable state below is used by one thread at a time. It is
    // created inside a writer-queue access; afterwards the writer's queue
    // uses it only while no refetch is in flight, and a refetch job only
    // while it is (`work`, under its lock, says which, and its lock orders
    // the two). The controller reads `snapshot` and `observation` once,
    // right after creation, inside the same access.

    /// The request as the controller was given it.
    let originalRequest: FetchRequest
    /// The controller's fetch this engine serves.
    let generation: UInt64
    private var plan: QueryPlan<Item>
    private var fetcher: ResultsFetcher<Item>
    private var pages: PageLoader<Item>?
    private let reader: any DatabaseReader
    var storage: ResultsStorage<Item>
    /// The identity map of `storage.keys` the last refetch's scan built,
    /// or nil (then the next refetch builds it from the keys); dropped
    /// whenever `storage` changes otherwise.
    private var storageIndex: ResultsDiff.IdentityMap?
    var snapshot: FetchedResultsSnapshot<Item>
    /// The engine's change source; a cancelled one stops pending refetches.
    var observation: AnyDatabaseCancellable?
    /// Where updates and the failure go.
    private let output: EngineOutput<Item>
    private var hasFailed = false
    /// A commit could not be followed for a reason that passes (memory, an
    /// I/O error, a lock): the rows may be stale until a refetch succeeds.
    private var missedCommit = false
    /// The wait before the next recovery refetch; doubles up to a second.
    private var recoveryDelay: Duration = .milliseconds(5)
    let statistics = Mutex(EngineStatistics())

    /// Refetches of a pool's result: on a reader, one at a time.
    private let refetchReader: DatabasePool?
    private let refetchQueue = DispatchQueue(label: "Plume.FetchedResults.refetch")
    private let work = Mutex(RefetchWork())

    struct RefetchWork {
        /// A refetch job is running: it owns the engine's state.
        var inFlight = false
        /// Commits arrived during the job: it runs once more.
        var pending = false
    }

    /// The request as run (see ``QueryPlan``).
    var request: FetchRequest { plan.request }

    init(request: FetchRequest, reader: any DatabaseReader, output: EngineOutput<Item>, generation: UInt64, _ db: Database) throws {
        originalRequest = request
        self.generation = generation
        self.output = output
        self.reader = reader
        refetchReader = reader as? DatabasePool
        plan = try QueryPlan(request, db)
        fetcher = ResultsFetcher(request: plan.request)
        pages = Self.pageLoader(plan.request, reader: reader)
        storage = try fetcher.fetch(db).storage
        snapshot = FetchedResultsSnapshot(storage: storage, pages: pages)
        statistics.withLock { $0.refetchReason = plan.refetchReason }
    }

    private static func pageLoader(_ request: FetchRequest, reader: any DatabaseReader) -> PageLoader<Item>? {
        request.batchSize > 0 ? PageLoader(reader: reader, query: PageQuery(request: request), batchSize: request.batchSize) : nil
    }

    /// Brings the rows up to date after a commit, on the writer's queue,
    /// and publishes the change set, if any.
    func reduce(_ changes: DatabaseChanges, _ db: Database) {
        let refetchRunning = work.withLock { work in
            if work.inFlight { work.pending = true }
            return work.inFlight
        }
        guard !refetchRunning, !hasFailed else { return }
        if let replacement = changes.fileReplacement {
            hasFailed = true
            output.fail(FetchedResultsError(.databaseFileReplaced(replacement), sql: originalRequest.sql))
            return
        }
        do {
            let schemaChanged = try QueryPlan<Item>.schemaVersion(db) != plan.schemaVersion
            guard schemaChanged || missedCommit || changes.mayAffect(plan.region) else { return }
            if !schemaChanged, !missedCommit, let update = try incrementalUpdate(changes, db) {
                statistics.withLock { $0.incrementalUpdates += 1 }
                try commit(update.storage, update.changes)
            } else if let refetchReader {
                startRefetch(on: refetchReader)
            } else {
                try refetch(db)
            }
        } catch {
            fail(error)
        }
    }

    /// The incremental update of a fully tracked commit, or nil when it
    /// takes a refetch.
    private func incrementalUpdate(_ changes: DatabaseChanges, _ db: Database) throws -> IncrementalResult<Item>? {
        guard plan.incremental != nil, changes.isFullyTracked(in: plan.region) else { return nil }
        return try plan.incremental?.update(storage, changes: changes, db)
    }

    /// Runs refetches on a reader until no commit is left unseen.
    private func startRefetch(on pool: DatabasePool) {
        work.withLock { $0 = RefetchWork(inFlight: true, pending: false) }
        refetchQueue.async { [self] in
            var again = true
            while again {
                do {
                    // A read transaction: the newest committed state, which
                    // covers every commit notified so far.
                    try pool.readAndWait { db in try refetch(db) }
                } catch {
                    fail(error)
                }
                // A stopped controller needs no newer state.
                let stopped = observation?.isCancelled ?? true
                again = work.withLock { work in
                    let again = work.pending && !hasFailed && !stopped
                    work = RefetchWork(inFlight: again, pending: false)
                    return again
                }
            }
        }
    }

    /// Refetches and diffs on `db` (after a new plan when the schema
    /// changed), and publishes the change set.
    private func refetch(_ db: Database) throws {
        if try QueryPlan<Item>.schemaVersion(db) != plan.schemaVersion { try replan(db) }
        statistics.withLock { $0.refetches += 1 }
        let indexed = storageIndex.map { ResultsDiff.IndexedKeys(storage.keys, index: $0) } ?? ResultsDiff.IndexedKeys(storage.keys)
        let (newStorage, unchanged, newIndex) = try fetcher.fetch(db, previous: storage, indexed: indexed)
        let positional: PositionalChanges
        do {
            positional = try ResultsDiff.changes(from: storage.keyed, to: newStorage.keyed, indexed: indexed, unchanged: unchanged)
        } catch {
            throw FetchedResultsError(.duplicateIdentity(column: plan.request.identityColumn, value: error.value), sql: plan.request.sql)
        }
        plan.incremental?.invalidate()
        missedCommit = false
        recoveryDelay = .milliseconds(5)
        try commit(newStorage, positional)
        storageIndex = newIndex
    }

    /// After a schema change: the request's plan on the new schema. The
    /// columns are resolved again by the refetch that follows.
    private func replan(_ db: Database) throws {
        plan = try QueryPlan(originalRequest, db)
        statistics.withLock { $0.refetchReason = plan.refetchReason }
        fetcher = ResultsFetcher(request: plan.request)
        pages = Self.pageLoader(plan.request, reader: reader)
    }

    /// Makes the new rows current and publishes their change set.
    private func commit(_ newStorage: ResultsStorage<Item>, _ positional: PositionalChanges) throws {
        let previous = snapshot
        storage = newStorage
        storageIndex = nil
        guard !positional.isEmpty else { return }
        snapshot = FetchedResultsSnapshot(storage: newStorage, pages: pages)
        let changeSet = try positional.changeSet(newSections: newStorage.sections) { index in
            try self.snapshot.object(atGlobal: index)
        }
        output.publish(FetchedResultsUpdate(snapshot: snapshot, previousSnapshot: previous, changes: changeSet, isInitial: false))
    }

    /// Ends the controller with `error`, unless the error passes: then
    /// the rows are brought up to date by a refetch as soon as one succeeds
    /// (a commit the engine could not follow must not leave the list
    /// stale once memory, the disk or the lock is back).
    private func fail(_ error: any Error) {
        if Self.passes(error) {
            missedCommit = true
            scheduleRecovery()
            return
        }
        hasFailed = true
        output.fail(error)
    }

    /// Whether an error is one a later attempt may not meet: out of memory,
    /// an I/O error, a full disk, a lock held by another connection.
    static func passes(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        switch error.resultCode {
        case .SQLITE_NOMEM, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_BUSY, .SQLITE_LOCKED: return true
        default: return false
        }
    }

    /// Refetches after a delay, until one succeeds or the controller
    /// stops: started from the writer's queue, as commits start theirs, so
    /// that it never runs beside one.
    private func scheduleRecovery() {
        let delay = recoveryDelay
        recoveryDelay = min(delay * 2, .seconds(1))
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            guard let self, !(self.observation?.isCancelled ?? true) else { return }
            guard let writer = self.reader as? any DatabaseWriter else { return }
            // Throws only once the database is closed: nothing to recover.
            try? writer.writeWithoutTransactionAndWait { db in self.recover(db) }
        }
    }

    /// On the writer's queue: a pool's refetch starts on a reader unless
    /// one runs (it then runs once more); a queue refetches here.
    private func recover(_ db: Database) {
        guard missedCommit, !hasFailed else { return }
        if let refetchReader {
            let running = work.withLock { work in
                if work.inFlight { work.pending = true }
                return work.inFlight
            }
            if !running { startRefetch(on: refetchReader) }
        } else {
            do { try refetch(db) } catch { fail(error) }
        }
    }
}

/// How an engine brought its rows up to date so far (for tests and
/// diagnostics).
struct EngineStatistics: Sendable, Hashable {
    var incrementalUpdates = 0
    var refetches = 0
    /// Why the current plan refetches, or nil when it follows commits
    /// incrementally (``QueryPlan/refetchReason``).
    var refetchReason: RefetchReason?
}
