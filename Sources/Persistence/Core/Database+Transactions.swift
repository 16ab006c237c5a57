import CSQLite

extension Database {
    /// How a transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Locks are taken when first needed (`BEGIN DEFERRED`).
        case deferred = "DEFERRED"
        /// The write lock is taken at once (`BEGIN IMMEDIATE`).
        case immediate = "IMMEDIATE"
        /// Exclusive lock at once (`BEGIN EXCLUSIVE`).
        case exclusive = "EXCLUSIVE"
    }

    /// Runs `body` in a transaction, committing when it returns and rolling
    /// back when it throws. Inside a transaction already, it runs in a
    /// savepoint instead, so transactions nest.
    ///
    /// ```swift
    /// try db.inTransaction {
    ///     try db.execute(sql: "DELETE FROM photo WHERE album_id = ?", arguments: [id])
    ///     try db.execute(sql: "DELETE FROM album WHERE id = ?", arguments: [id])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - kind: How the outermost transaction takes its locks.
    ///   - body: The work; what it returns is returned.
    /// - Throws: What `body` throws (after the rollback), or a
    ///   ``DatabaseError`` from `BEGIN`/`COMMIT`.
    @discardableResult
    public func inTransaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        if isInsideTransaction {
            return try inSavepoint(body)
        }
        try execute(sql: "BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
        } catch {
            rollbackQuietly()
            throw error
        }
        do {
            try execute(sql: "COMMIT TRANSACTION")
        } catch {
            rollbackQuietly()
            throw error
        }
        return result
    }

    /// Runs `body` in a savepoint: it can roll back without ending the
    /// enclosing transaction.
    ///
    /// - Throws: What `body` throws (after rolling back to the savepoint).
    @discardableResult
    public func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        let name = "plume_savepoint_\(savepointDepth)"
        defer { savepointDepth -= 1 }
        try execute(sql: "SAVEPOINT \(name)")
        // SQLite has no hook for ROLLBACK TO: forget the savepoint's row
        // changes by hand.
        let changesBefore = changeTracker.pending
        let result: T
        do {
            result = try body()
        } catch {
            // ROLLBACK TO leaves the savepoint open: release it too.
            try? execute(sql: "ROLLBACK TO SAVEPOINT \(name)")
            if isInsideTransaction { changeTracker.pending = changesBefore }
            try? execute(sql: "RELEASE SAVEPOINT \(name)")
            throw error
        }
        try execute(sql: "RELEASE SAVEPOINT \(name)")
        return result
    }

    func rollbackQuietly() {
        guard isInsideTransaction else { return }
        try? execute(sql: "ROLLBACK TRANSACTION")
    }
}


extension Database {
    /// Runs `body` in a read transaction, so that everything it reads comes
    /// from one snapshot of the database, even while other connections
    /// commit (in WAL mode they go on; with a rollback journal they wait
    /// for it to end). Inside a transaction already, `body` simply runs.
    ///
    /// The "fetch, then observe" starters run in one: a commit by another
    /// process cannot fall between the first fetch and the data version
    /// observation starts from. A read transaction that cannot begin (it
    /// never fails in practice) leaves `body` to run statement by
    /// statement.
    ///
    /// - Throws: What `body` throws.
    package func inReadSnapshot<T>(_ body: () throws -> T) rethrows -> T {
        guard !isInsideTransaction, (try? execute(sql: "BEGIN DEFERRED TRANSACTION")) != nil else { return try body() }
        defer {
            if isInsideTransaction, (try? execute(sql: "COMMIT TRANSACTION")) == nil { rollbackQuietly() }
        }
        return try body()
    }
}
