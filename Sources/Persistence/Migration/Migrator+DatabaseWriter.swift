extension Migrator {
    /// Applies the pending migrations on a queue's or pool's writer
    /// connection, blocking the calling thread.
    ///
    /// - Throws: As the `Database` variant of `migrate(_:upTo:progress:)`.
    @discardableResult
    public func migrate(_ writer: some DatabaseWriter, upTo target: Int64? = nil,
                        progress: (MigrationEvent) -> Void = { _ in }) throws -> [Migration] {
        try writer.writeWithoutTransactionAndWait { db in try migrate(db, upTo: target, progress: progress) }
    }

    /// Applies the pending migrations on a queue's or pool's writer
    /// connection without blocking a thread.
    ///
    /// ```swift
    /// let pool = try DatabasePool(path: "photos.sqlite")
    /// try await Migrator(bundle: .module, subdirectory: "Migrations").migrate(pool)
    /// ```
    ///
    /// - Throws: As the `Database` variant of `migrate(_:upTo:progress:)`.
    @discardableResult
    public func migrate(_ writer: some DatabaseWriter, upTo target: Int64? = nil,
                        progress: @escaping @Sendable (MigrationEvent) -> Void = { _ in }) async throws -> [Migration] {
        try await writer.writeWithoutTransaction { db in try migrate(db, upTo: target, progress: progress) }
    }

    /// Reverts migrations on a queue's or pool's writer connection.
    ///
    /// - Throws: As the `Database` variant of `rollback(_:to:progress:)`.
    @discardableResult
    public func rollback(_ writer: some DatabaseWriter, to target: Int64,
                         progress: (MigrationEvent) -> Void = { _ in }) throws -> [Migration] {
        try writer.writeWithoutTransactionAndWait { db in try rollback(db, to: target, progress: progress) }
    }

    /// Where a queue's or pool's database stands against the migrations.
    ///
    /// - Throws: ``DatabaseError`` when the database cannot be read.
    public func status(_ reader: some DatabaseReader) throws -> MigrationStatus {
        try reader.readAndWait { db in try status(db) }
    }
}
