/// What the administrative dot-commands of the shell keep from one command
/// to the next (`sqlite3` keeps it in its `ShellState`).
struct AdminState {
    /// `-nonce STRING`: `.nonce STRING` suspends safe mode for the next
    /// command or SQL.
    var nonce: String?
    /// Safe mode as `-safe` set it, while `.nonce` suspends it.
    var suspendedSafeMode: Bool?
    /// `.progress`.
    var progress = ProgressSettings()
    /// `.scanstats on|off` (this build shows no scan statistics).
    var scanStatistics = false
    /// `.testcase NAME`: the name `.check` reports.
    var testcaseName: [UInt8] = []
    /// `.connection`: the connections not in use, by slot.
    var connections = ConnectionSlots()
    /// `.session`: the sessions of each connection slot.
    var sessions: [Int: [ShellSession]] = [:]
    /// `.expert`: the queries of the next SQL line go to the index advisor.
    var expert: ExpertRequest?
    /// `.auth on`: the authorizer prints each callback.
    var showsAuthorizations = false

    /// Whether a progress handler or authorizer reports what statements do.
    var watchesStatements: Bool { progress.installed || showsAuthorizations }
}

/// `.progress N ?--limit N? ?--once? ?--quiet? ?--reset?`.
struct ProgressSettings {
    var quiet = false
    var reset = false
    var once = false
    /// Interrupt after this many callbacks (0: never).
    var limit: UInt32 = 0
    /// The callbacks so far.
    var count: UInt32 = 0
    /// Whether `.progress` installed a handler (every N steps, N > 0).
    var installed = false
}
