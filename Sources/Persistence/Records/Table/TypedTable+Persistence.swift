/// Insert, update, upsert and delete for ``Table(_:)`` records: one cached
/// statement per record type and kind, its columns bound in place in
/// declaration order (no SQL built, no array, per call).
///
/// These are the overloads concrete record types call; code generic over
/// ``InsertableRecord`` or ``PersistableRecord`` runs the general ones, with
/// the same effect.
extension TypedTable {
    /// Inserts the record.
    ///
    /// - Parameters:
    ///   - db: The connection.
    ///   - conflictResolution: What to do when the row breaks a
    ///     uniqueness constraint. Default: fail.
    /// - Returns: The rowid of the new row.
    /// - Throws: ``DatabaseError`` (a constraint failure, for example) or
    ///   ``RecordError`` (a NaN number); the database is left as it was.
    @discardableResult @inlinable
    public func insert(_ db: Database, onConflict conflictResolution: ConflictResolution = .abort) throws -> Int64 {
        let statement = try db.tableStatement(Self.self, .insert(conflictResolution)) { $0.insertSQL(conflictResolution) }
        var container = try PersistenceContainer(binding: statement, record: Self.self, keyPosition: -1,
                                                 strategies: Self.encodingStrategies)
        try encode(to: &container)
        try statement.run()
        return statement.lastInsertedRowID
    }
}

extension TypedTable where Self: PersistableRecord {
    /// Updates the row that has the record's primary key with every
    /// column.
    ///
    /// - Parameter db: The connection.
    /// - Throws: ``RecordError`` (``RecordError/Code/recordNotFound``) when
    ///   no row has that key, or a ``DatabaseError``.
    public func update(_ db: Database) throws {
        let key = try Self.primaryKeyPosition()
        guard Self.tableSchema.columns.count > 1 else {
            if try !exists(db) { throw notFound(db, key: key) }
            return
        }
        try runKeyed(db, .update, key: key) { $0.updateSQL(key: key)! }
        if db.changesCount == 0 { throw notFound(db, key: key) }
    }

    /// Inserts the record, or updates the row that already has its primary
    /// key (`INSERT … ON CONFLICT DO UPDATE`).
    ///
    /// - Parameter db: The connection.
    /// - Throws: ``DatabaseError`` or ``RecordError``.
    public func upsert(_ db: Database) throws {
        let key = try Self.primaryKeyPosition()
        try runKeyed(db, .upsert, key: key, keyMayBeNull: true) { $0.upsertSQL(key: key) }
    }

    /// Deletes the row that has the record's primary key.
    ///
    /// - Parameter db: The connection.
    /// - Returns: Whether a row was deleted.
    /// - Throws: ``DatabaseError`` or ``RecordError``.
    @discardableResult
    public func delete(_ db: Database) throws -> Bool {
        let key = try Self.primaryKeyPosition()
        try runKeyed(db, .delete, key: key) { $0.deleteSQL(key: key) }
        return db.changesCount > 0
    }

    /// Whether a row has the record's primary key.
    ///
    /// - Parameter db: The connection.
    /// - Throws: ``DatabaseError`` or ``RecordError``.
    public func exists(_ db: Database) throws -> Bool {
        let key = try Self.primaryKeyPosition()
        let statement = try db.tableStatement(Self.self, .exists) {
            "SELECT 1 FROM \(quoteIdentifier($0.table)) WHERE \(quoteIdentifier($0.columns[key].name)) = ?\(key + 1)"
        }
        var container = try PersistenceContainer(binding: statement, record: Self.self, keyPosition: key,
                                                 strategies: Self.encodingStrategies)
        try encode(to: &container)
        if container.keyIsNull { throw Self.nullKey(key) }
        defer { statement.reset() }
        return try statement.step()
    }

    private func runKeyed(_ db: Database, _ kind: TableStatementKey.Kind, key: Int, keyMayBeNull: Bool = false,
                          sql: (TableSchema) -> String) throws {
        let statement = try db.tableStatement(Self.self, kind, sql: sql)
        var container = try PersistenceContainer(binding: statement, record: Self.self, keyPosition: key,
                                                 strategies: Self.encodingStrategies)
        try encode(to: &container)
        if container.keyIsNull && !keyMayBeNull { throw Self.nullKey(key) }
        try statement.run()
    }

    private func notFound(_ db: Database, key: Int) -> RecordError {
        var container = PersistenceContainer(table: Self.tableSchema.table, strategies: Self.encodingStrategies)
        try? encode(to: &container)
        let name = Self.tableSchema.columns[key].name
        let value = container.values.indices.contains(key) ? "\(container.values[key])" : "?"
        return RecordError(code: .recordNotFound, table: Self.tableSchema.table, message: "no row has \(name) = \(value)")
    }

    /// The primary key's declaration position.
    static func primaryKeyPosition() throws -> Int {
        guard let index = tableSchema.columns.firstIndex(where: \.isPrimaryKey) else {
            throw RecordError(code: .noPrimaryKey, table: tableSchema.table,
                              message: "\(Self.self) declares no primary key: mark its key property @Column(primaryKey: true)")
        }
        return index
    }

    static func nullKey(_ key: Int) -> RecordError {
        RecordError(code: .missingPrimaryKeyValue, table: tableSchema.table,
                    message: "the primary key column \"\(tableSchema.columns[key].name)\" is nil")
    }
}

/// Which cached statement of a record type.
@usableFromInline
struct TableStatementKey: Hashable {
    @usableFromInline
    enum Kind: Hashable {
        case insert(ConflictResolution), update, upsert, delete, exists
    }
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let kind: Kind

    @usableFromInline
    init(type: ObjectIdentifier, kind: Kind) {
        self.type = type
        self.kind = kind
    }
}

extension Database {
    /// The cached statement of a kind for a record type, compiled from
    /// `sql` on first use.
    ///
    /// - Throws: ``DatabaseError`` when the SQL does not compile (a missing
    ///   table or column).
    @usableFromInline
    func tableStatement<Record: TypedTable>(_ type: Record.Type, _ kind: TableStatementKey.Kind,
                                            sql: (TableSchema) -> String) throws -> Statement {
        let key = TableStatementKey(type: ObjectIdentifier(type), kind: kind)
        // A loop of inserts asks for the same statement each time: the
        // last one is compared before the dictionary is hashed.
        if let last = lastTableStatement, last.key == key {
            recordedRegion?.formUnion(last.statement.region)
            return last.statement
        }
        if let statement = tableStatementCache[key] {
            recordedRegion?.formUnion(statement.region)
            lastTableStatement = (key, statement)
            return statement
        }
        let statement = try makeStatement(sql: sql(Record.tableSchema))
        tableStatementCache[key] = statement
        lastTableStatement = (key, statement)
        return statement
    }
}
