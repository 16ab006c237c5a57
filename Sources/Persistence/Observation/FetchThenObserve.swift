/// The running side of a "fetch, then observe" observation (GRDB's
/// `ValueReducer` is the model): it read its first state, and brings it up
/// to date after each commit, on the writer's queue, in that commit's
/// snapshot.
///
/// Plume has two: a value observation (fetch, then drop values equal to
/// the last) and a fetched results controller's engine (fetch, then follow
/// commits incrementally or refetch and diff).
package protocol ObservationReducer: AnyObject, Sendable {
    /// Brings the state up to date after a commit that may change it.
    func reduce(_ changes: DatabaseChanges, _ db: Database)
}

extension DatabaseWriter {
    /// Plume's one "fetch, then observe" starter: `fetch` reads the first
    /// state and returns its reducer, which then hears of every commit
    /// (``ObservationReducer/reduce(_:_:)``); `finish` runs last, with the
    /// observation, to publish the start. All three steps run in one access
    /// to the writer's queue and one read transaction, so no commit — of
    /// this process or another — falls between the fetch and the first
    /// change the reducer hears of.
    ///
    /// - Throws: What `fetch` or `finish` throws; nothing is observed then.
    package func fetchThenObserve<Reducer: ObservationReducer, Result>(
        _ fetch: (Database) throws -> Reducer,
        finish: (Database, Reducer, AnyDatabaseCancellable) throws -> Result
    ) throws -> Result {
        try writeWithoutTransactionAndWait { db in
            try db.inReadSnapshot {
                let reducer = try fetch(db)
                let observation = observeChanges { [reducer] db, changes in reducer.reduce(changes, db) }
                do {
                    return try finish(db, reducer, observation)
                } catch {
                    observation.cancel()
                    throw error
                }
            }
        }
    }
}
