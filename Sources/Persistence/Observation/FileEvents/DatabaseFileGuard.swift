/// Tells when the path a connection opened no longer names the file it
/// reads: another file was moved over it, it was deleted and created
/// again, or the symbolic link it is was pointed at another file.
///
/// A missing path is reported only once it has stayed missing for the
/// grace period, so that a file deleted and created again (how some tools
/// save) is reported as replaced, not deleted.
struct DatabaseFileGuard {
    let file: OpenedDatabaseFile
    let grace: Duration
    private var missingSince: ContinuousClock.Instant?

    init(file: OpenedDatabaseFile, grace: Duration) {
        self.file = file
        self.grace = grace
    }

    /// What a check found.
    enum Finding: Equatable {
        /// The path names the file the connection reads.
        case unchanged
        /// The path names nothing, for less than the grace period: check
        /// again once it has passed.
        case missingWithinGrace
        /// The path names another file, or nothing past the grace period.
        case replaced(DatabaseFileReplacedError)
    }

    /// Compares the path's identity now with the opened file's.
    mutating func check(now: ContinuousClock.Instant = .now) -> Finding {
        guard let current = DatabaseFileIdentity(path: file.path) else {
            let since = missingSince ?? now
            missingSince = since
            guard now - since >= grace else { return .missingWithinGrace }
            return .replaced(DatabaseFileReplacedError(.deleted, path: file.path, opened: file.identity, current: nil))
        }
        missingSince = nil
        guard current != file.identity else { return .unchanged }
        return .replaced(DatabaseFileReplacedError(.replaced, path: file.path, opened: file.identity, current: current))
    }
}
