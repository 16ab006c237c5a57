/// Insert, update, upsert and delete for ``Table(_:primaryKey:)`` records: one cached
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
    /// - Returns: The rowid of the new row; nil when the table has no
    ///   rowid (`WITHOUT ROWID`: the record's own key values name the row)
    ///   or no row was inserted (a conflict ignored). Never the rowid of an
    ///   earlier insert.
    /// - Throws: ``DatabaseError`` (a constraint failure, for example) or
    ///   ``RecordError`` (a NaN number); the database is left as it was.
    @discardableResult @inlinable
    public func insert(_ db: Database, onConflict conflictResolution: ConflictResolution = .abort) throws -> Int64? {
        let statement = try db.tableStatement(Self.self, .insert(conflictResolution)) { $0.insertSQL(conflictResolution) }
        var container = try PersistenceContainer(binding: statement, record: Self.self, keyMask: 0,
                                                 strategies: Self.encodingStrategies)
        try encode(to: &container)
        try statement.run()
        guard statement.insertsIntoRowIDTable, statement.connectionChanges > 0 else { return nil }
        return statement.lastInsertedRowID
    }
}

extension TypedTable where Self: PersistableRecord {
    /// Updates the row that has the record's primary key with every
    /// column.
    ///
    /// - Parameter db: The connection.
    /// - Throws: ``RecordError``: ``RecordError/Code/recordNotFound`` when
    ///   no row has that key; ``RecordError/Code/keyNotUnique``, before any
    ///   row changes, when the declared key is neither the table's primary
    ///   key nor a unique index of NOT NULL columns; or a ``DatabaseError``.
    public func update(_ db: Database) throws {
        try Self.checkDeclaresKey()
        guard Self.tableSchema.updateSQL() != nil else {
            if try !exists(db) { throw notFound() }
            return
        }
        try runKeyed(db, .update) { $0.updateSQL()! }
        if db.changesCount == 0 { throw notFound() }
    }

    /// Inserts the record, or updates the row that already has its primary
    /// key (`INSERT … ON CONFLICT DO UPDATE`).
    ///
    /// - Parameter db: The connection.
    /// - Throws: ``DatabaseError`` or ``RecordError`` (as ``update(_:)``).
    public func upsert(_ db: Database) throws {
        try Self.checkDeclaresKey()
        try runKeyed(db, .upsert, keyMayBeNull: true) { $0.upsertSQL() }
    }

    /// Deletes the row that has the record's primary key.
    ///
    /// - Parameter db: The connection.
    /// - Returns: Whether a row was deleted.
    /// - Throws: ``DatabaseError`` or ``RecordError`` (as ``update(_:)``).
    @discardableResult
    public func delete(_ db: Database) throws -> Bool {
        try Self.checkDeclaresKey()
        try runKeyed(db, .delete) { $0.deleteSQL() }
        return db.changesCount > 0
    }

    /// Whether a row has the record's primary key.
    ///
    /// - Parameter db: The connection.
    /// - Throws: ``DatabaseError`` or ``RecordError`` (as ``update(_:)``).
    public func exists(_ db: Database) throws -> Bool {
        try Self.checkDeclaresKey()
        let statement = try bindKeyed(db, .exists) { $0.existsSQL() }
        defer { statement.reset() }
        return try statement.step()
    }

    private func runKeyed(_ db: Database, _ kind: TableStatementKey.Kind, keyMayBeNull: Bool = false,
                          sql: (TableSchema) -> String) throws {
        try bindKeyed(db, kind, keyMayBeNull: keyMayBeNull, sql: sql).run()
    }

    /// The statement of a keyed write, its columns bound; an error for a
    /// nil key column (unless `keyMayBeNull`).
    private func bindKeyed(_ db: Database, _ kind: TableStatementKey.Kind, keyMayBeNull: Bool = false,
                           sql: (TableSchema) -> String) throws -> Statement {
        let schema = Self.tableSchema
        let statement = try db.tableStatement(Self.self, kind, sql: sql)
        var container = try PersistenceContainer(binding: statement, record: Self.self, keyMask: schema.keyMask,
                                                 strategies: Self.encodingStrategies)
        try encode(to: &container)
        if keyMayBeNull { return statement }
        if container.keyIsNull { throw Self.nullKey(keyValues().first { $0.value.isNull }?.column) }
        // Key columns past the 64th position are not in the mask.
        if schema.keyPositions.last.map({ $0 >= 64 }) == true, let null = keyValues().first(where: { $0.value.isNull }) {
            throw Self.nullKey(null.column)
        }
        return statement
    }

    /// The key columns and their values, as the record encodes them.
    private func keyValues() -> [(column: String, value: DatabaseValue)] {
        var container = PersistenceContainer(table: Self.tableSchema.table, strategies: Self.encodingStrategies)
        try? encode(to: &container)
        let values = container.values
        return Self.tableSchema.keyPositions.map { position in
            (Self.tableSchema.columns[position].name, values.indices.contains(position) ? values[position] : .null)
        }
    }

    private func notFound() -> RecordError {
        let key = keyValues().map { "\($0.column) = \($0.value)" }.joined(separator: ", ")
        return RecordError(code: .recordNotFound, table: Self.tableSchema.table, message: "no row has \(key)")
    }

    /// Throws unless the record declares a primary key.
    static func checkDeclaresKey() throws {
        guard tableSchema.keyPositions.isEmpty else { return }
        throw RecordError(code: .noPrimaryKey, table: tableSchema.table,
                          message: "\(Self.self) declares no primary key: mark its key property @Column(primaryKey: true)")
    }

    static func nullKey(_ column: String?) -> RecordError {
        RecordError(code: .missingPrimaryKeyValue, table: tableSchema.table,
                    message: "the primary key column \"\(column ?? tableSchema.primaryKeyColumns.first?.name ?? "")\" is nil")
    }
}

/// Which cached statement of a record type.
@usableFromInline
struct TableStatementKey: Hashable {
    @usableFromInline
    enum Kind: Hashable {
        case insert(ConflictResolution), update, upsert, delete, exists, fetchByKey
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
        // A keyed write matches rows by the record's key: before it first
        // runs, the key must be one that matches a single row.
        if case .insert = kind {} else { try checkUniqueKey(of: Record.self) }
        let statement = try makeStatement(sql: sql(Record.tableSchema))
        if case .insert = kind { statement.insertsIntoRowIDTable = try tableIsRowIDTable(Record.tableSchema.table) }
        tableStatementCache[key] = statement
        lastTableStatement = (key, statement)
        return statement
    }
}
