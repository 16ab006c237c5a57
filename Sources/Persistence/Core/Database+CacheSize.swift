extension Database {
    /// Runs `body` with the connection's page cache allowed to grow to at
    /// least `kibibytes`, then sets the cache size back.
    ///
    /// SQLite's sorter keeps an `ORDER BY` without an index in memory only
    /// up to the page cache size (2 MB by default); past that it writes
    /// sorted runs to temporary files and merges them, which more than
    /// doubles the time to sort 100,000 rows. The limit is a ceiling, not
    /// an allocation: the sorter takes what the result needs and frees it
    /// when the statement resets, and the pages the query read beyond the
    /// old limit are released when it is set back.
    ///
    /// - Parameters:
    ///   - kibibytes: The cache size to allow, in KiB.
    ///   - body: The queries to run with it.
    /// - Throws: What `body` throws, or a ``DatabaseError`` from the
    ///   pragmas.
    package func withPageCache<T>(atLeast kibibytes: Int, _ body: () throws -> T) throws -> T {
        let current = try Int.fetchOne(self, sql: "PRAGMA cache_size") ?? 0
        let currentKibibytes: Int
        if current < 0 {
            currentKibibytes = -current
        } else {
            let pageSize = try Int.fetchOne(self, sql: "PRAGMA page_size") ?? 4096
            currentKibibytes = current * pageSize / 1024
        }
        guard currentKibibytes < kibibytes else { return try body() }
        try execute(sql: "PRAGMA cache_size = -\(kibibytes)")
        defer { try? execute(sql: "PRAGMA cache_size = \(current)") }
        return try body()
    }
}
