/// Where a ``SyncEngine`` stands.
public enum SyncStatus: Hashable, Sendable, CustomStringConvertible {
    /// Not connected: the server cannot be reached (the engine retries).
    case offline
    /// Sending local changes.
    case pushing
    /// Receiving the server's changes (or its current rows, when
    /// bootstrapping).
    case pulling
    /// Every local change is acknowledged and every server change up to
    /// `serverSequence` is applied.
    case upToDate(serverSequence: Int64)
    /// The server refused the engine (a revoked token, a schema mismatch,
    /// a table the token may not use) or the database cannot be synced;
    /// `reason` says why. The engine tries again now and then.
    case failed(reason: String)
    /// The engine stopped and does not try again: the database file it
    /// syncs was replaced by another file or deleted (SQLite keeps reading
    /// the file it opened, so syncing on would sync a file nobody sees).
    /// `reason` names the file; open the path again and start an engine on
    /// the new database.
    case stopped(reason: String)

    /// `offline`, `pushing`, `pulling`, `up to date at N`, `failed: …` or
    /// `stopped: …`.
    public var description: String {
        switch self {
        case .offline: "offline"
        case .pushing: "pushing"
        case .pulling: "pulling"
        case .upToDate(let sequence): "up to date at \(sequence)"
        case .failed(let reason): "failed: \(reason)"
        case .stopped(let reason): "stopped: \(reason)"
        }
    }
}
