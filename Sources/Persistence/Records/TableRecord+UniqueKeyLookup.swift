import Foundation

extension FetchableRecord where Self: TableRecord {
    /// The record whose unique key has the given values, or nil: the
    /// columns of the table's primary key (a composite one included) or of
    /// a unique index, each with its value.
    ///
    /// ```swift
    /// let entry = try PlaylistEntry.fetchOne(db, key: ["playlist": 3, "position": 1])
    /// ```
    ///
    /// Column names compare as SQLite compares them (ASCII letters in any
    /// case). A `Date` or `UUID` value is stored as the record stores
    /// them (its ``InsertableRecord/databaseDateEncodingStrategy``), and a
    /// NULL value matches no row.
    ///
    /// - Parameters:
    ///   - db: The connection.
    ///   - key: The value of each column of the key.
    /// - Throws: ``RecordError`` (``RecordError/Code/keyNotUnique``) when
    ///   the columns are not the primary key or a unique index, naming
    ///   them and the table's key; ``DatabaseError`` or
    ///   ``RowDecodingError``.
    /// - Complexity: One indexed lookup, after reading the table's key
    ///   and indexes.
    public static func fetchOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Self? {
        let (condition, arguments) = try uniqueKeyCondition(db, key: key)
        return try fetchOne(db, sql: "SELECT * FROM \(quoteIdentifier(databaseTableName)) WHERE \(condition)",
                            arguments: StatementArguments(positional: arguments))
    }
}

extension TableRecord {
    /// Deletes the row whose unique key (the primary key, a composite one
    /// included, or a unique index) has the given values.
    ///
    /// ```swift
    /// try PlaylistEntry.deleteOne(db, key: ["playlist": 3, "position": 1])
    /// ```
    ///
    /// - Parameters:
    ///   - db: The connection.
    ///   - key: The value of each column of the key.
    /// - Returns: Whether a row was deleted.
    /// - Throws: ``RecordError`` (``RecordError/Code/keyNotUnique``) when
    ///   the columns are not a unique key of the table, or a
    ///   ``DatabaseError``.
    @discardableResult
    public static func deleteOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Bool {
        let (condition, arguments) = try uniqueKeyCondition(db, key: key)
        try db.execute(sql: "DELETE FROM \(quoteIdentifier(databaseTableName)) WHERE \(condition)",
                       arguments: StatementArguments(positional: arguments))
        return db.changesCount > 0
    }

    /// `"a" = ? AND "b" = ?` for a key that identifies one row, with its
    /// arguments in the same order.
    static func uniqueKeyCondition(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws
        -> (condition: String, arguments: [DatabaseValue]) {
        let table = databaseTableName
        let columns = key.keys.sorted()
        guard !columns.isEmpty else {
            throw RecordError(code: .keyNotUnique, table: table, message: "the key names no column")
        }
        let info = try db.columns(in: table)
        let known = Set(info.map { $0.name.sqlNameKey() })
        if let unknown = columns.first(where: { !known.contains($0.sqlNameKey()) }) {
            throw RecordError(code: .keyNotUnique, table: table, message: "the table has no column \(quoteIdentifier(unknown))")
        }
        let wanted = Set(columns.map { $0.sqlNameKey() })
        guard wanted.count == columns.count else {
            throw RecordError(code: .keyNotUnique, table: table,
                              message: "the key names a column twice: \(columns.joined(separator: ", "))")
        }
        let primary = try db.primaryKey(of: table)
        if Set(primary.map { $0.sqlNameKey() }) != wanted, try !db.hasUniqueIndex(on: wanted, of: table, requiringNotNull: nil) {
            let tableKey = primary.isEmpty ? "no primary key" : "the primary key (\(primary.joined(separator: ", ")))"
            throw RecordError(code: .keyNotUnique, table: table, message: """
                (\(columns.joined(separator: ", "))) is not a unique key of the table, which has \(tableKey) \
                and no unique index on those columns
                """)
        }
        let arguments = columns.map { column in keyStrategies.keyValue(key[column] ?? nil) }
        return (columns.map { "\(quoteIdentifier($0)) = ?" }.joined(separator: " AND "), arguments)
    }
}

extension RecordEncodingStrategies {
    /// A value as a record with these strategies stores it: dates and
    /// UUIDs (optional ones too) by the strategies, anything else by its
    /// own conversion. For keys and for the values typed requests bind.
    func keyValue(_ value: (any DatabaseValueConvertible)?) -> DatabaseValue {
        switch value {
        case let date as Date: databaseValue(of: date)
        case let uuid as UUID: databaseValue(of: uuid)
        case let value?: value.databaseValue
        case nil: .null
        }
    }
}
