extension Migrator {
    /// Reverts the applied migrations above a version, in reverse order of
    /// application, running their down sections.
    ///
    /// Each migration is reverted in its own `BEGIN IMMEDIATE` transaction
    /// together with the removal of its record. Before anything changes, the
    /// migrator checks that every migration to revert is known and has a
    /// down section, and that the files agree with the database.
    ///
    /// ```swift
    /// try migrator.rollback(db, to: 0) // back to an empty schema
    /// ```
    ///
    /// - Parameters:
    ///   - db: A connection outside any transaction.
    ///   - target: The version to go back to; 0 reverts everything.
    ///   - progress: Called on this thread as migrations and statements run.
    /// - Returns: The migrations this call reverted.
    /// - Throws: ``MigrationError``: ``MigrationError/Code/irreversible``
    ///   listing migrations without a down section, other validation
    ///   problems, or the failing migration (rolled back; those reverted
    ///   before it stay reverted).
    @discardableResult
    public func rollback(_ db: Database, to target: Int64,
                         progress: (MigrationEvent) -> Void = { _ in }) throws -> [Migration] {
        try checkNotInTransaction(db)
        guard target >= 0 else {
            throw MigrationError(.invalidTarget, "the target version \(target) is negative")
        }
        let plan = try rollbackPlan(db, to: target)
        var reverted: [Migration] = []
        for migration in plan {
            guard let down = migration.down else { continue } // checked by rollbackPlan
            var milliseconds: Int64 = 0
            var reverting: Migration?
            let done: Bool = try committing(running: { reverting }) { try withForeignKeysSuspended(db) {
                try db.inTransaction(.immediate) {
                    // Another migrator may have reverted it meanwhile.
                    guard try appliedMigrations(db).contains(where: { $0.version == migration.version }) else { return false }
                    reverting = migration
                    progress(.started(migration, .down))
                    if down.usesTransaction {
                        ((), milliseconds) = try timed { try run(down, of: migration, .down, db, progress: progress) }
                    }
                    try deleteRecord(of: migration, db)
                    return true
                }
            } }
            guard done else { continue }
            if !down.usesTransaction {
                // The record is gone first: a failure leaves the migration
                // pending, to be applied again, rather than half-applied.
                ((), milliseconds) = try timed { try run(down, of: migration, .down, db, progress: progress) }
            }
            progress(.finished(migration, .down, milliseconds: milliseconds))
            reverted.append(migration)
        }
        return reverted
    }

    /// The migrations to revert, most recently applied first.
    ///
    /// - Throws: ``MigrationError`` when one cannot be reverted.
    private func rollbackPlan(_ db: Database, to target: Int64) throws -> [Migration] {
        let records = try appliedMigrations(db)
        var problems = problems(given: records, upTo: nil, checkingOrder: false)
        let toRevert = records.filter { $0.version > target }.sorted { $0.order > $1.order }
        var plan: [Migration] = []
        for record in toRevert {
            if let migration = migration(version: record.version) {
                plan.append(migration)
            } else if ignoresMissingMigrations, record.version <= (migrations.last?.version ?? 0) {
                problems.append(MigrationError(
                    .missingMigration, "cannot revert migration \(record.version) (\(record.name)): it is not among the migrations",
                    versions: [record.version]))
            }
        }
        let irreversible = plan.filter { $0.down == nil }
        if !irreversible.isEmpty {
            problems.append(MigrationError(
                .irreversible,
                "cannot go down to version \(target): \(irreversible.map(\.description).joined(separator: ", ")) \(irreversible.count == 1 ? "has" : "have") no `-- migrate:down` section; nothing was changed",
                file: irreversible.count == 1 ? irreversible[0].file : nil, versions: irreversible.map(\.version)))
        }
        if let error = MigrationError.combining(problems) { throw error }
        return plan
    }
}
