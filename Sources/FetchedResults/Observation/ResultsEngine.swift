import Foundation
import Persistence

/// The controller's working state: the current rows, and how to bring them
/// up to date after a commit. It lives on the database's writer queue.
final class ResultsEngine<Item: FetchableRecord & Sendable>: @unchecked Sendable {
    // Safe: created inside a writer-queue access and afterwards only used
    // by the change observer, which runs on the writer queue; the
    // controller only reads `snapshot` and `observation` once, right after
    // creation, inside the same access's happens-before edge.
    /// The request as the controller was given it.
    let originalRequest: FetchRequest
    private var plan: QueryPlan<Item>
    private var fetcher: ResultsFetcher<Item>
    private var pages: PageLoader<Item>?
    private let reader: any DatabaseReader
    var storage: ResultsStorage<Item>
    var snapshot: FetchedResultsSnapshot<Item>
    var observation: DatabaseChangeObservation?
    private var hasFailed = false
    let statistics = Mutex(EngineStatistics())

    /// The request as run (see ``QueryPlan``).
    var request: FetchRequest { plan.request }

    init(request: FetchRequest, reader: any DatabaseReader, _ db: Database) throws {
        originalRequest = request
        self.reader = reader
        plan = try QueryPlan(request, db)
        fetcher = ResultsFetcher(request: plan.request)
        pages = Self.pageLoader(plan.request, reader: reader)
        storage = try fetcher.fetch(db).storage
        snapshot = FetchedResultsSnapshot(storage: storage, pages: pages)
    }

    private static func pageLoader(_ request: FetchRequest, reader: any DatabaseReader) -> PageLoader<Item>? {
        request.batchSize > 0 ? PageLoader(reader: reader, query: PageQuery(request: request), batchSize: request.batchSize) : nil
    }

    /// Brings the rows up to date after a commit and publishes the change
    /// set, if any, to the controller.
    func process(_ changes: DatabaseChanges, _ db: Database, controller: () -> FetchedResultsController<Item>?) {
        guard !hasFailed else { return }
        do {
            let schemaChanged = try QueryPlan<Item>.schemaVersion(db) != plan.schemaVersion
            guard schemaChanged || changes.mayAffect(plan.region) else { return }
            if schemaChanged { try replan(db) }
            let previous = snapshot
            let (newStorage, positional) = try update(changes, refetching: schemaChanged, db)
            storage = newStorage
            guard !positional.isEmpty else { return }
            snapshot = FetchedResultsSnapshot(storage: newStorage, pages: pages)
            let changeSet = try positional.changeSet(newSections: newStorage.sections) { index in
                try self.item(atGlobal: index, of: newStorage, pages: self.pages)
            }
            controller()?.publish(FetchedResultsUpdate(snapshot: snapshot, previousSnapshot: previous,
                                                       changes: changeSet, isInitial: false), from: self)
        } catch {
            hasFailed = true
            controller()?.fail(error, from: self)
        }
    }

    /// After a schema change: the request's plan on the new schema. The
    /// columns are resolved again by the refetch that follows.
    private func replan(_ db: Database) throws {
        plan = try QueryPlan(originalRequest, db)
        fetcher = ResultsFetcher(request: plan.request)
        pages = Self.pageLoader(plan.request, reader: reader)
    }

    /// The new rows and their changes: incrementally when the commit is
    /// fully tracked in the region, else by refetching and diffing.
    private func update(_ changes: DatabaseChanges, refetching: Bool, _ db: Database)
        throws -> (ResultsStorage<Item>, PositionalChanges) {
        if !refetching, plan.incremental != nil, changes.isFullyTracked(in: plan.region),
           let update = try plan.incremental?.update(storage, changes: changes, db) {
            statistics.withLock { $0.incrementalUpdates += 1 }
            return (update.storage, update.changes)
        }
        statistics.withLock { $0.refetches += 1 }
        let indexed = ResultsDiff.IndexedKeys(storage.keys)
        let (newStorage, sources) = try fetcher.fetch(db, previous: storage, indexed: indexed)
        let positional = try ResultsDiff.changes(from: storage.keyed, to: newStorage.keyed, indexed: indexed,
                                                 sources: sources, identityColumn: plan.request.identityColumn,
                                                 sql: plan.request.sql)
        plan.incremental?.invalidate()
        return (newStorage, positional)
    }

    private func item(atGlobal index: Int, of storage: ResultsStorage<Item>, pages: PageLoader<Item>?) throws -> Item {
        if let items = storage.items { return items[index] }
        guard let pages else { preconditionFailure("a storage without items has a page loader") }
        return try pages.item(at: index, in: storage)
    }
}

/// How an engine brought its rows up to date so far (for tests and
/// diagnostics).
struct EngineStatistics: Sendable, Hashable {
    var incrementalUpdates = 0
    var refetches = 0
}
