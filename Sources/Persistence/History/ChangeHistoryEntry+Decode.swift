extension ChangeHistoryEntry {
    /// The row before the change (``oldRow``) as a record, or nil when the
    /// entry has no old row.
    ///
    /// ```swift
    /// for entry in history.entries where entry.operation == .delete {
    ///     if let photo = try entry.decodeOld(Photo.self) { print("deleted", photo.name) }
    /// }
    /// ```
    ///
    /// - Parameter type: The record type, read from the row as a fetch
    ///   would; a ``TypedTable`` reads its columns by name, in its own
    ///   order.
    /// - Throws: ``RowDecodingError`` when the row lacks a column the
    ///   record needs (an update's rows hold only the columns it changed)
    ///   or a value does not fit.
    public func decodeOld<Record: FetchableRecord>(_ type: Record.Type) throws -> Record? {
        try oldRow.map { try Self.decode(type, from: $0) }
    }

    /// The row after the change (``newRow``) as a record, or nil when the
    /// entry has no new row.
    ///
    /// - Parameter type: The record type; a ``TypedTable`` reads its
    ///   columns by name, in its own order.
    /// - Throws: ``RowDecodingError`` when the row lacks a column the
    ///   record needs or a value does not fit.
    public func decodeNew<Record: FetchableRecord>(_ type: Record.Type) throws -> Record? {
        try newRow.map { try Self.decode(type, from: $0) }
    }

    private static func decode<Record: FetchableRecord>(_ type: Record.Type, from row: Row) throws -> Record {
        guard let table = type as? any TypedTable.Type else { return try Record(row: RowView(row)) }
        // A `@Table` record reads its columns by position, in declaration
        // order: the row is put in that order first.
        let names = table.tableSchema.columns.map(\.name)
        var values = ContiguousArray<DatabaseValue>()
        for name in names {
            guard let value = row[name] else {
                throw RowDecodingError(kind: .columnNotFound, column: name, index: nil, type: type, value: nil, layout: row.layout)
            }
            values.append(value)
        }
        return try Record(row: RowView(Row(layout: RowLayout(columns: names), values: values)))
    }
}
