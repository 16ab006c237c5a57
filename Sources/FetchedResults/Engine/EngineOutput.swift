import Persistence

/// Where a ``ResultsEngine`` sends what it computes: the last stage of the
/// pipeline (change source → engine → diff → delivery) receives values
/// only through these closures, never by calling back into an object.
struct EngineOutput<Item: FetchableRecord & Sendable>: Sendable {
    /// A new snapshot and the change set from the previous one.
    let publish: @Sendable (FetchedResultsUpdate<Item>) -> Void
    /// Observation failed; nothing follows.
    let fail: @Sendable (any Error) -> Void
}
