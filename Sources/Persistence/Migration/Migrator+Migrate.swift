extension Migrator {
    private enum UpStep {
        case done
        case applied(Migration, milliseconds: Int64)
        case outsideTransaction(Migration)
    }

    /// Applies the pending migrations, in version order, up to a version.
    ///
    /// Each migration runs in a `BEGIN IMMEDIATE` transaction with its
    /// record: it is applied entirely or not at all. Inside that
    /// transaction the migrator re-reads what is applied, so another process
    /// migrating the same file at the same time never makes it apply a
    /// migration twice. Foreign key enforcement is off during a migration
    /// (so tables can be rebuilt) and `PRAGMA foreign_key_check` runs before
    /// each commit.
    ///
    /// A migration marked `transaction:false` runs outside any transaction
    /// and is recorded afterwards: it is not atomic, nor protected against
    /// a concurrent migrator, so keep such migrations to idempotent
    /// statements (`PRAGMA journal_mode = WAL`, `VACUUM`).
    ///
    /// ```swift
    /// try migrator.migrate(db) { event in
    ///     if case .finished(let migration, _, let ms) = event { print(migration, ms, "ms") }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A connection outside any transaction.
    ///   - target: The highest version to apply; nil for all.
    ///   - progress: Called on this thread as migrations and statements run.
    /// - Returns: The migrations this call applied (none when there was
    ///   nothing to do).
    /// - Throws: ``MigrationError``: validation problems before anything
    ///   runs (see ``validate(_:)``), or the failing migration (rolled back;
    ///   the migrations before it stay applied). ``DatabaseError`` when the
    ///   database cannot be read or locked.
    @discardableResult
    public func migrate(_ db: Database, upTo target: Int64? = nil,
                        progress: (MigrationEvent) -> Void = { _ in }) throws -> [Migration] {
        try checkNotInTransaction(db)
        if let target, target < 0 {
            throw MigrationError(.invalidTarget, "the target version \(target) is negative")
        }
        var applied: [Migration] = []
        while true {
            var running: Migration?
            let step: UpStep = try committing(running: { running }) {
                try withForeignKeysSuspended(db) {
                    try db.inTransaction(.immediate) {
                        try createRecordTableIfNeeded(db)
                        guard let next = try plannedMigrations(db, upTo: target).first else { return .done }
                        guard next.up.usesTransaction else { return .outsideTransaction(next) }
                        running = next
                        progress(.started(next, .up))
                        let ((), milliseconds) = try timed { try run(next.up, of: next, .up, db, progress: progress) }
                        try insertRecord(of: next, milliseconds: milliseconds, db)
                        return .applied(next, milliseconds: milliseconds)
                    }
                }
            }
            switch step {
            case .done:
                return applied
            case .applied(let migration, let milliseconds):
                progress(.finished(migration, .up, milliseconds: milliseconds))
                applied.append(migration)
            case .outsideTransaction(let migration):
                if try applyOutsideTransaction(migration, db, progress: progress) {
                    applied.append(migration)
                }
            }
        }
    }

    /// The migrations ``migrate(_:upTo:progress:)-(Database,_,_)`` would apply, after the
    /// same validation, without changing the database (a dry run).
    ///
    /// - Throws: ``MigrationError`` for validation problems,
    ///   ``DatabaseError`` when the database cannot be read.
    public func plannedMigrations(_ db: Database, upTo target: Int64? = nil) throws -> [Migration] {
        let records = try appliedMigrations(db)
        if let error = MigrationError.combining(problems(given: records, upTo: target, checkingOrder: true)) {
            throw error
        }
        return pending(given: records).filter { $0.version <= target ?? .max }
    }

    /// Runs a migration's transaction; a database error once the migration
    /// ran (its `COMMIT` failing: a full disk, `max_page_count`, an I/O
    /// error) fails that migration like a failing statement, rolled back
    /// and named.
    func committing<T>(running: () -> Migration?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            guard let migration = running() else { throw error }
            throw MigrationError(.migrationFailed, "\(error.message) (the migration was rolled back)",
                                 file: migration.file ?? migration.description, versions: [migration.version],
                                 databaseError: error)
        }
    }

    /// Runs a `transaction:false` migration, then records it.
    ///
    /// - Returns: false when another migrator recorded it meanwhile.
    private func applyOutsideTransaction(_ migration: Migration, _ db: Database,
                                         progress: (MigrationEvent) -> Void) throws -> Bool {
        progress(.started(migration, .up))
        let ((), milliseconds) = try timed { try run(migration.up, of: migration, .up, db, progress: progress) }
        let recorded = try withForeignKeysSuspended(db) {
            try db.inTransaction(.immediate) {
                guard try !appliedMigrations(db).contains(where: { $0.version == migration.version }) else { return false }
                try insertRecord(of: migration, milliseconds: milliseconds, db)
                return true
            }
        }
        if recorded { progress(.finished(migration, .up, milliseconds: milliseconds)) }
        return recorded
    }
}
