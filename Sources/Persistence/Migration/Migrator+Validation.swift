/// Where a database stands against a set of migrations.
public struct MigrationStatus: Sendable {
    /// The applied migrations, by version.
    public var applied: [AppliedMigration]
    /// The migrations not applied yet, by version.
    public var pending: [Migration]
    /// What does not agree between the migrations and the database.
    public var problems: [MigrationError]

    /// The highest applied version, or 0 for a database never migrated.
    public var currentVersion: Int64 { applied.last?.version ?? 0 }
}

extension Migrator {
    /// Where the database stands: applied and pending migrations, and the
    /// problems ``validate(_:)`` would report.
    ///
    /// - Complexity: O(*m* log *m*) for *m* migrations.
    /// - Throws: ``DatabaseError`` when the database cannot be read.
    public func status(_ db: Database) throws -> MigrationStatus {
        let applied = try appliedMigrations(db)
        return MigrationStatus(applied: applied, pending: pending(given: applied),
                               problems: problems(given: applied, upTo: nil, checkingOrder: true))
    }

    /// The migrations not applied yet, by version.
    ///
    /// - Throws: ``DatabaseError`` when the database cannot be read.
    public func pendingMigrations(_ db: Database) throws -> [Migration] {
        pending(given: try appliedMigrations(db))
    }

    /// Checks that the migrations agree with the database: no applied file
    /// was edited (checksums), none is missing (unless
    /// ``ignoresMissingMigrations``), the database holds no version above
    /// the known ones, and no pending migration is older than an applied one
    /// (unless ``allowsOutOfOrder``).
    ///
    /// - Throws: ``MigrationError`` naming the files and versions at fault
    ///   (``MigrationError/Code/severalProblems`` when there are several).
    public func validate(_ db: Database) throws {
        if let error = MigrationError.combining(try status(db).problems) { throw error }
    }

    func pending(given applied: [AppliedMigration]) -> [Migration] {
        let appliedVersions = Set(applied.map(\.version))
        return migrations.filter { !appliedVersions.contains($0.version) }
    }

    /// The problems between the migrations and what is applied.
    ///
    /// - Parameters:
    ///   - upTo: Only pending migrations up to this version count for the
    ///     order check.
    ///   - checkingOrder: Whether pending migrations older than an applied
    ///     one are a problem.
    func problems(given applied: [AppliedMigration], upTo target: Int64?, checkingOrder: Bool) -> [MigrationError] {
        var problems: [MigrationError] = []
        let highestKnown = migrations.last?.version ?? 0
        var newer: [AppliedMigration] = []
        for record in applied {
            if let migration = migration(version: record.version) {
                if let recorded = record.checksum, let current = migration.checksum, recorded != current {
                    problems.append(MigrationError(
                        .checksumMismatch,
                        "migration \(record.version) was edited after it was applied (checksum \(recorded.prefix(12))… when applied, \(current.prefix(12))… now)",
                        file: migration.file ?? migration.description, versions: [record.version]))
                }
            } else if record.version > highestKnown {
                newer.append(record)
            } else if !ignoresMissingMigrations {
                problems.append(MigrationError(
                    .missingMigration,
                    "migration \(record.version) (\(record.name)) is applied but is not among the migrations (its file was removed or renamed)",
                    versions: [record.version]))
            }
        }
        if !newer.isEmpty {
            let list = newer.map { "\($0.version) (\($0.name))" }.joined(separator: ", ")
            problems.append(MigrationError(
                .databaseNewer,
                "the database is newer than the migrations: it has version(s) \(list) above the highest known version \(highestKnown)",
                versions: newer.map(\.version)))
        }
        if checkingOrder, !allowsOutOfOrder, let highestApplied = applied.map(\.version).max() {
            let late = pending(given: applied).filter { $0.version < highestApplied && $0.version <= (target ?? .max) }
            if !late.isEmpty {
                problems.append(MigrationError(
                    .outOfOrder,
                    "pending migration(s) \(late.map(\.description).joined(separator: ", ")) are older than the highest applied version \(highestApplied); allow out-of-order migrations to apply them",
                    file: late.count == 1 ? late[0].file : nil, versions: late.map(\.version)))
            }
        }
        return problems
    }
}
