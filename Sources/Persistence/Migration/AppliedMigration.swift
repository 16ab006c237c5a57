/// A migration recorded as applied in a database.
public struct AppliedMigration: Sendable, Hashable, Codable, FetchableRecord {
    /// The version.
    public var version: Int64
    /// The name it had when applied.
    public var name: String
    /// The checksum it had when applied (nil for unchecked code migrations).
    public var checksum: String?
    /// When it was applied, as ISO 8601 UTC text (`2026-11-22T10:15:03.120Z`).
    public var appliedAt: String
    /// How long it took to apply, in milliseconds.
    public var executionMilliseconds: Int64
    /// Its rank among the applied migrations: 1 for the first applied.
    public var order: Int64

    enum CodingKeys: String, CodingKey {
        case version, name, checksum
        case appliedAt = "applied_at"
        case executionMilliseconds = "execution_ms"
        case order = "applied_order"
    }

    /// Reads a row of the migrations table.
    ///
    /// - Throws: ``RowDecodingError`` when a column is missing or mistyped.
    public init(row: RowView) throws {
        version = try row.decode(column: "version")
        name = try row.decode(column: "name")
        checksum = try row.decode(column: "checksum")
        appliedAt = try row.decode(column: "applied_at")
        executionMilliseconds = try row.decode(column: "execution_ms")
        order = try row.decode(column: "applied_order")
    }
}

extension Migrator {
    /// Whether the database has the table of applied migrations.
    func hasRecordTable(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
                         arguments: [tableName]) == 1
    }

    func createRecordTableIfNeeded(_ db: Database) throws {
        guard try !hasRecordTable(db) else { return }
        try db.execute(sql: """
            CREATE TABLE \(quotedTableName) (
                version INTEGER PRIMARY KEY NOT NULL,
                name TEXT NOT NULL,
                checksum TEXT,
                applied_at TEXT NOT NULL,
                execution_ms INTEGER NOT NULL,
                applied_order INTEGER NOT NULL
            )
            """)
    }

    /// The applied migrations by version, or none when the table does not
    /// exist yet.
    ///
    /// - Throws: ``DatabaseError``.
    public func appliedMigrations(_ db: Database) throws -> [AppliedMigration] {
        guard try hasRecordTable(db) else { return [] }
        return try AppliedMigration.fetchAll(db, sql: "SELECT * FROM \(quotedTableName) ORDER BY version")
    }

    func insertRecord(of migration: Migration, milliseconds: Int64, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO \(quotedTableName) (version, name, checksum, applied_at, execution_ms, applied_order)
            VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?,
                    (SELECT coalesce(max(applied_order), 0) + 1 FROM \(quotedTableName)))
            """, arguments: [migration.version, migration.name, migration.checksum, milliseconds])
    }

    func deleteRecord(of migration: Migration, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(quotedTableName) WHERE version = ?", arguments: [migration.version])
    }

    var quotedTableName: String {
        "\"" + tableName.replacingEvery("\"", with: "\"\"") + "\""
    }
}
