extension Database {
    /// Runs `body` with the connection's page cache allowed to grow to at
    /// least `kibibytes`, then sets the cache size back: at once, or, with
    /// `whileObserved`, when the connection's last change observer stops.
    ///
    /// SQLite's sorter keeps an `ORDER BY` without an index in memory only
    /// up to the page cache size (2 MB by default); past that it writes
    /// sorted runs to temporary files and merges them, which more than
    /// doubles the time to sort 100,000 rows. The limit is a ceiling, not
    /// an allocation: the sorter takes what the result needs and frees it
    /// when the statement resets, and the pages the query read beyond the
    /// old limit are released when it is set back.
    ///
    /// A query that an observer runs again after every commit keeps its
    /// pages between runs with `whileObserved`: setting the size back
    /// would drop them, and the next run would read them all again. If
    /// the cache size is changed meanwhile, that size is kept.
    ///
    /// - Parameters:
    ///   - kibibytes: The cache size to allow, in KiB.
    ///   - whileObserved: Whether to keep the larger cache until change
    ///     observation ends (see ``DatabaseWriter/observeChanges(_:)``).
    ///     Only for work done while the connection is observed.
    ///   - body: The queries to run with it.
    /// - Throws: What `body` throws, or a ``DatabaseError`` from the
    ///   pragmas.
    package func withPageCache<T>(atLeast kibibytes: Int, whileObserved: Bool = false,
                                  _ body: () throws -> T) throws -> T {
        let current = try Int.fetchOne(self, sql: "PRAGMA cache_size") ?? 0
        let currentKibibytes: Int
        if current < 0 {
            currentKibibytes = -current
        } else {
            let pageSize = try Int.fetchOne(self, sql: "PRAGMA page_size") ?? 4096
            currentKibibytes = current * pageSize / 1024
        }
        guard currentKibibytes < kibibytes else { return try body() }
        let raised = -kibibytes
        try execute(sql: "PRAGMA cache_size = \(raised)")
        if whileObserved {
            // The size to restore is the one before the first raise, unless
            // it was set since (then that one).
            let kept = pageCacheKeptForObservers
            let restore = kept.flatMap { $0.raised == current ? $0.restore : nil } ?? current
            pageCacheKeptForObservers = (restore, raised)
            return try body()
        }
        defer { try? execute(sql: "PRAGMA cache_size = \(current)") }
        return try body()
    }

    /// Sets back a cache size kept for observers, unless it was changed
    /// since. Called when the connection's last change observer stops.
    func restorePageCacheKeptForObservers() {
        guard let kept = pageCacheKeptForObservers, isOpen else { return }
        pageCacheKeptForObservers = nil
        guard (try? Int.fetchOne(self, sql: "PRAGMA cache_size")) == kept.raised else { return }
        try? execute(sql: "PRAGMA cache_size = \(kept.restore)")
    }
}
