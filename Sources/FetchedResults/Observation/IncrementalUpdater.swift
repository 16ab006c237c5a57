import Persistence

/// Follows fully tracked local commits of a structured single-table request
/// by fetching only the changed rowids.
struct IncrementalUpdater<Item: FetchableRecord & Sendable> {
    init?(request: FetchRequest, region: DatabaseRegion, _ db: Database) throws {
        return nil
    }

    /// The new storage and its changes, or nil when the commit needs a refetch.
    func update(_ storage: ResultsStorage<Item>, changes: DatabaseChanges, _ db: Database) throws -> (ResultsStorage<Item>, PositionalChanges)? {
        nil
    }

    /// Forgets what it derived from the storage (after a refetch).
    mutating func invalidate() {}
}
