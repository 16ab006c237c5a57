import Foundation
import Persistence

/// The controller's working state: the current rows, and how to bring them
/// up to date after a commit. It lives on the database's writer queue.
final class ResultsEngine<Item: FetchableRecord & Sendable>: @unchecked Sendable {
    // Safe: created inside a writer-queue access and afterwards only used
    // by the change observer, which runs on the writer queue; the
    // controller only reads `snapshot` and `observation` once, right after
    // creation, inside the same access's happens-before edge.
    let request: FetchRequest
    let fetcher: ResultsFetcher<Item>
    let region: DatabaseRegion
    let pages: PageLoader<Item>?
    var storage: ResultsStorage<Item>
    var snapshot: FetchedResultsSnapshot<Item>
    var observation: DatabaseChangeObservation?
    var incremental: IncrementalUpdater<Item>?
    private var hasFailed = false
    let statistics = Mutex(EngineStatistics())

    init(request: FetchRequest, reader: any DatabaseReader, _ db: Database) throws {
        let region = try db.makeStatement(sql: request.sql).region
        // A raw query of one table is run with its order made total, as
        // its incremental updates place rows.
        let singleTable = try SingleTableQuery(request: request, region: region, db)
        let request = singleTable.map { request.replacingSQL($0.orderedSQL) } ?? request
        self.request = request
        self.fetcher = ResultsFetcher(request: request)
        self.region = region
        self.pages = request.batchSize > 0
            ? PageLoader(reader: reader, query: PageQuery(request: request), batchSize: request.batchSize)
            : nil
        self.storage = try fetcher.fetch(db).storage
        self.snapshot = FetchedResultsSnapshot(storage: storage, pages: pages)
        self.incremental = try singleTable.map { IncrementalUpdater(query: $0, request: request) }
            ?? IncrementalUpdater(request: request, region: region, db)
    }

    /// Brings the rows up to date after a commit and publishes the change
    /// set, if any, to the controller.
    func process(_ changes: DatabaseChanges, _ db: Database, controller: () -> FetchedResultsController<Item>?) {
        guard !hasFailed, changes.mayAffect(region) else { return }
        do {
            let previous = snapshot
            let newStorage: ResultsStorage<Item>
            let positional: PositionalChanges
            if incremental != nil, changes.isFullyTracked(in: region),
               let update = try incremental?.update(storage, changes: changes, db) {
                (newStorage, positional) = (update.storage, update.changes)
                statistics.withLock { $0.incrementalUpdates += 1 }
            } else {
                statistics.withLock { $0.refetches += 1 }
                let indexed = ResultsDiff.IndexedKeys(storage.keys)
                let sources: [Int32]
                (newStorage, sources) = try fetcher.fetch(db, previous: storage, indexed: indexed)
                positional = try ResultsDiff.changes(from: storage.keyed, to: newStorage.keyed, indexed: indexed,
                                                     sources: sources, identityColumn: request.identityColumn,
                                                     sql: request.sql)
                incremental?.invalidate()
            }
            storage = newStorage
            guard !positional.isEmpty else { return }
            snapshot = FetchedResultsSnapshot(storage: newStorage, pages: pages)
            let changeSet = try positional.changeSet(newSections: newStorage.sections) { index in
                try self.item(atGlobal: index, of: newStorage, pages: pages)
            }
            controller()?.publish(FetchedResultsUpdate(snapshot: snapshot, previousSnapshot: previous,
                                                       changes: changeSet, isInitial: false), from: self)
        } catch {
            hasFailed = true
            controller()?.fail(error, from: self)
        }
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
