extension TypedTable {
    /// The record whose key is `key`, or nil: the key the record declares
    /// (`@Column(primaryKey: true)`), or the table's primary key
    /// when the record declares none.
    ///
    /// ```swift
    /// let photo = try Photo.fetchOne(db, key: 42)
    /// ```
    ///
    /// The statement is compiled once per connection and record type,
    /// reading the record's columns by position; a `Date` or `UUID` key
    /// is stored as the record stores them.
    ///
    /// - Parameters:
    ///   - db: The connection.
    ///   - key: The key's value.
    /// - Throws: ``RecordError`` when the key has several columns (use
    ///   `fetchOne(_:key:)` with a dictionary) or does not identify one
    ///   row, ``DatabaseError`` or ``RowDecodingError``.
    /// - Complexity: One indexed lookup.
    public static func fetchOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Self? {
        let keyColumns = tableSchema.primaryKeyColumns
        guard keyColumns.count == 1 else {
            if keyColumns.isEmpty { return try fetchOneByTablePrimaryKey(db, key: key) }
            throw RecordError(code: .noPrimaryKey, table: tableSchema.table, message: """
                \(Self.self) has a key of \(keyColumns.count) columns (\(keyColumns.map(\.name).joined(separator: ", "))): \
                give each a value with fetchOne(_:key:) and a dictionary
                """)
        }
        let statement = try db.tableStatement(Self.self, .fetchByKey) { schema in
            "SELECT \(schema.selection) FROM \(quoteIdentifier(schema.table)) WHERE \(quoteIdentifier(keyColumns[0].name)) = ?"
        }
        try statement.bind(keyValue(key), at: 1)
        return try fetchOne(statement)
    }
}
