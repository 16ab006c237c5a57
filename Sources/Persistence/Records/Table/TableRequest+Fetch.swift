extension TableRequest {
    /// The records of the request, read by position.
    ///
    /// - Throws: ``DatabaseError`` (a missing column, bad SQL in a
    ///   filter) or ``RowDecodingError``.
    @inlinable
    public func fetchAll(_ db: Database) throws -> [Record] {
        try Record.fetchAll(db, sql: sql, arguments: arguments)
    }

    /// The first record of the request, or nil.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    public func fetchOne(_ db: Database) throws -> Record? {
        try Record.fetchOne(db, sql: limit(1).sql, arguments: arguments)
    }

    /// A cursor over the records of the request.
    ///
    /// - Throws: ``DatabaseError`` when the SQL does not compile.
    public func fetchCursor(_ db: Database) throws -> RecordCursor<Record> {
        try Record.fetchCursor(db, sql: sql, arguments: arguments)
    }

    /// The number of records of the request.
    ///
    /// - Throws: ``DatabaseError``.
    public func fetchCount(_ db: Database) throws -> Int {
        let inner = limit == nil && offset == nil ? "SELECT 1 FROM \(quoteIdentifier(Record.tableSchema.table))\(filterSQL.map { " WHERE \($0)" } ?? "")" : sql
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(inner))", arguments: arguments) ?? 0
    }
}
