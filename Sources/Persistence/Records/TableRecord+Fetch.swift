import Foundation

extension FetchableRecord where Self: TableRecord {
    /// Every record of the table.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    public static func fetchAll(_ db: Database) throws -> [Self] {
        try fetchAll(db, sql: "SELECT * FROM \(quoteIdentifier(databaseTableName))")
    }

    /// The record whose single-column primary key is `key`, or nil (a
    /// `Date` or `UUID` key as the record stores them).
    ///
    /// ```swift
    /// let photo = try Photo.fetchOne(db, key: 42)
    /// ```
    ///
    /// - Throws: ``RecordError`` when the table's primary key is not one
    ///   column, ``DatabaseError`` or ``RowDecodingError``.
    public static func fetchOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Self? {
        try fetchOneByTablePrimaryKey(db, key: key)
    }

    /// The record whose single-column primary key, as the table declares
    /// it, is `key`.
    static func fetchOneByTablePrimaryKey(_ db: Database, key: some DatabaseValueConvertible) throws -> Self? {
        let column = try singleColumnPrimaryKey(db)
        return try fetchOne(db, sql: "SELECT * FROM \(quoteIdentifier(databaseTableName)) WHERE \(quoteIdentifier(column)) = ?",
                            arguments: StatementArguments(positional: [keyValue(key)]))
    }

    /// The number of rows of the table.
    ///
    /// - Throws: ``DatabaseError``.
    public static func fetchCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(quoteIdentifier(databaseTableName))") ?? 0
    }
}

extension TableRecord {
    /// Deletes the row whose single-column primary key is `key`.
    ///
    /// - Returns: Whether a row was deleted.
    /// - Throws: ``RecordError`` when the table's primary key is not one
    ///   column, or a ``DatabaseError``.
    @discardableResult
    public static func deleteOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        let column = try singleColumnPrimaryKey(db)
        try db.execute(sql: "DELETE FROM \(quoteIdentifier(databaseTableName)) WHERE \(quoteIdentifier(column)) = ?",
                       arguments: StatementArguments(positional: [keyValue(key)]))
        return db.changesCount > 0
    }

    /// Deletes every row of the table.
    ///
    /// - Returns: The number of deleted rows.
    /// - Throws: ``DatabaseError``.
    @discardableResult
    public static func deleteAll(_ db: Database) throws -> Int {
        try db.execute(sql: "DELETE FROM \(quoteIdentifier(databaseTableName))")
        return db.changesCount
    }

    /// How the record stores key values: its strategies when it is
    /// insertable (a `Date` key as it writes dates), the defaults otherwise.
    static var keyStrategies: RecordEncodingStrategies {
        (Self.self as? any InsertableRecord.Type)?.encodingStrategies ?? RecordEncodingStrategies()
    }

    /// A key as the record stores it; only dates and UUIDs depend on the
    /// record's strategies (a type known when the call is specialized).
    @inline(__always)
    static func keyValue<Key: DatabaseValueConvertible>(_ key: Key) -> DatabaseValue {
        if Key.self == Date.self || Key.self == UUID.self || Key.self == Date?.self || Key.self == UUID?.self {
            return keyStrategies.keyValue(key)
        }
        return key.databaseValue
    }

    static func singleColumnPrimaryKey(_ db: Database) throws -> String {
        let columns = try db.primaryKey(of: databaseTableName)
        guard columns.count == 1 else {
            throw RecordError(code: .noPrimaryKey, table: databaseTableName,
                              message: columns.isEmpty ? "the table has no primary key" : "the primary key has \(columns.count) columns, not one")
        }
        return columns[0]
    }
}
