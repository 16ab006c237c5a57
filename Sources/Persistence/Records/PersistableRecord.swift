/// A type stored in one table of the database.
public protocol TableRecord {
    /// The name of the table. Default: the type name with a lowercased
    /// first letter (`Photo` → `photo`, `PhotoAlbum` → `photoAlbum`).
    static var databaseTableName: String { get }
}

extension TableRecord {
    public static var databaseTableName: String {
        let name = String(describing: Self.self)
        return name.prefix(1).lowercased() + name.dropFirst()
    }
}

/// A record that inserts itself in its table: the half of
/// ``PersistableRecord`` that needs no primary key (a log line, an event).
///
/// A record writes its columns in ``encode(to:)``. Records made with
/// ``Table(_:primaryKey:)`` get it from the macro (and conform to
/// ``PersistableRecord`` when they declare a primary key); `Encodable`
/// records get it from their coding keys: each coding key names a column,
/// as for decoding (see ``FetchableRecord``); nil optionals store NULL,
/// nested values (structs, arrays, dictionaries) JSON text with sorted
/// keys. Dates are stored as ISO-8601 text and UUIDs as 16-byte blobs
/// unless the record says otherwise (``databaseDateEncodingStrategy``,
/// ``databaseUUIDEncodingStrategy``).
///
/// ```swift
/// struct Event: Encodable, InsertableRecord {
///     var kind: String
///     var at: Date
/// }
/// try Event(kind: "launch", at: Date()).insert(db)
/// ```
public protocol InsertableRecord: TableRecord {
    /// How the record stores its `Date` properties, nested values' dates
    /// included. Default: ``DatabaseDateEncodingStrategy/iso8601``.
    static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { get }
    /// How the record stores its `UUID` properties. Default:
    /// ``DatabaseUUIDEncodingStrategy/bytes``.
    static var databaseUUIDEncodingStrategy: DatabaseUUIDEncodingStrategy { get }

    /// Writes the record's columns and values.
    ///
    /// - Parameter container: Where to write them.
    /// - Throws: What the container throws (a NaN number, a value that
    ///   does not encode), or your own error.
    func encode(to container: inout PersistenceContainer) throws
}

extension InsertableRecord {
    public static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .iso8601 }
    public static var databaseUUIDEncodingStrategy: DatabaseUUIDEncodingStrategy { .bytes }

    /// The strategies the record encodes with.
    @inlinable
    static var encodingStrategies: RecordEncodingStrategies {
        RecordEncodingStrategies(dates: databaseDateEncodingStrategy, uuids: databaseUUIDEncodingStrategy)
    }

    /// The record's columns and values, collected.
    func encodedColumns() throws -> (columns: [String], values: [DatabaseValue]) {
        var container = PersistenceContainer(table: Self.databaseTableName, strategies: Self.encodingStrategies)
        try encode(to: &container)
        return (container.columns, container.values)
    }
}

extension InsertableRecord where Self: Encodable {
    /// Writes each coding key's value into the column of that name.
    ///
    /// - Parameter container: Where to write them.
    /// - Throws: ``RecordError`` when the record does not encode into a
    ///   keyed container, or what its `encode(to:)` throws.
    public func encode(to container: inout PersistenceContainer) throws {
        let (columns, values) = try RecordEncoder.encode(self, table: Self.databaseTableName, strategies: Self.encodingStrategies)
        for (column, value) in zip(columns, values) {
            container.append(value, column)
        }
    }
}

extension InsertableRecord {
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
    ///   ``RecordError``; the database is left as it was.
    @discardableResult
    public func insert(_ db: Database, onConflict conflictResolution: ConflictResolution = .abort) throws -> Int64? {
        let table = Self.databaseTableName
        let (columns, values) = try encodedColumns()
        let verb = conflictResolution == .abort ? "INSERT" : "INSERT OR \(conflictResolution.rawValue)"
        let sql = "\(verb) INTO \(quoteIdentifier(table)) (\(columns.map(quoteIdentifier).joined(separator: ", "))) VALUES (\(placeholders(columns.count)))"
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(positional: values))
        guard db.changesCount > 0, try db.tableIsRowIDTable(table) else { return nil }
        return db.lastInsertedRowID
    }
}

/// A record that inserts, updates, upserts and deletes itself in its
/// table, matched by the table's primary key.
///
/// It writes its columns as an ``InsertableRecord`` does: with
/// ``Table(_:primaryKey:)``, or through `Encodable`.
///
/// ```swift
/// struct Photo: Codable, FetchableRecord, PersistableRecord {
///     var id: Int64
///     var name: String
///     var rating: Int?
/// }
/// try db.inTransaction {
///     var photo = Photo(id: 1, name: "Sunset", rating: nil)
///     try photo.insert(db)
///     photo.rating = 5
///     try photo.update(db)
///     try photo.delete(db)
/// }
/// ```
public protocol PersistableRecord: InsertableRecord {}

extension PersistableRecord {
    /// Updates the row that has the record's primary key with every column
    /// the record encodes.
    ///
    /// - Parameter db: The connection.
    /// - Throws: ``RecordError`` (``RecordError/Code/recordNotFound``) when
    ///   no row has that key, or a ``DatabaseError``; the database is left
    ///   as it was.
    public func update(_ db: Database) throws {
        let table = Self.databaseTableName
        let (columns, values, key) = try encodeWithKey(db)
        let assignments = columns.indices.filter { !key.columns.contains(columns[$0]) }
        guard !assignments.isEmpty else { return try checkExists(db, key: key) }
        let sql = "UPDATE \(quoteIdentifier(table)) SET \(assignments.map { quoteIdentifier(columns[$0]) + " = ?" }.joined(separator: ", ")) WHERE \(key.condition)"
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(positional: assignments.map { values[$0] } + key.values))
        if db.changesCount == 0 {
            throw RecordError(code: .recordNotFound, table: table, message: "no row has \(key.description)")
        }
    }

    /// Inserts the record, or updates the row that already has its primary
    /// key (`INSERT … ON CONFLICT DO UPDATE`).
    ///
    /// - Parameter db: The connection.
    /// - Throws: ``DatabaseError`` or ``RecordError``; the database is left
    ///   as it was.
    public func upsert(_ db: Database) throws {
        let table = Self.databaseTableName
        let (columns, values, key) = try encodeWithKey(db)
        let updates = columns.filter { !key.columns.contains($0) }
        let action = updates.isEmpty
            ? "NOTHING"
            : "UPDATE SET " + updates.map { "\(quoteIdentifier($0)) = excluded.\(quoteIdentifier($0))" }.joined(separator: ", ")
        let sql = "INSERT INTO \(quoteIdentifier(table)) (\(columns.map(quoteIdentifier).joined(separator: ", "))) VALUES (\(placeholders(columns.count))) ON CONFLICT (\(key.columns.map(quoteIdentifier).joined(separator: ", "))) DO \(action)"
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(positional: values))
    }

    /// Deletes the row that has the record's primary key.
    ///
    /// - Parameter db: The connection.
    /// - Returns: Whether a row was deleted.
    /// - Throws: ``DatabaseError`` or ``RecordError``.
    @discardableResult
    public func delete(_ db: Database) throws -> Bool {
        let key = try encodeWithKey(db).key
        try db.cachedStatement(sql: "DELETE FROM \(quoteIdentifier(Self.databaseTableName)) WHERE \(key.condition)")
            .execute(arguments: StatementArguments(positional: key.values))
        return db.changesCount > 0
    }

    /// Whether a row has the record's primary key.
    ///
    /// - Parameter db: The connection.
    /// - Throws: ``DatabaseError`` or ``RecordError``.
    public func exists(_ db: Database) throws -> Bool {
        let key = try encodeWithKey(db).key
        return try rowExists(db, key: key)
    }

    private func rowExists(_ db: Database, key: PrimaryKeyValue) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM \(quoteIdentifier(Self.databaseTableName)) WHERE \(key.condition)",
                         arguments: StatementArguments(positional: key.values)) != nil
    }

    private func checkExists(_ db: Database, key: PrimaryKeyValue) throws {
        if try !rowExists(db, key: key) {
            throw RecordError(code: .recordNotFound, table: Self.databaseTableName, message: "no row has \(key.description)")
        }
    }

    private func encodeWithKey(_ db: Database) throws -> (columns: [String], values: [DatabaseValue], key: PrimaryKeyValue) {
        let table = Self.databaseTableName
        let (columns, values) = try encodedColumns()
        let keyColumns = try db.primaryKey(of: table)
        guard !keyColumns.isEmpty else {
            throw RecordError(code: .noPrimaryKey, table: table, message: "declare a PRIMARY KEY to update, upsert or delete records")
        }
        let keyValues = try keyColumns.map { keyColumn in
            guard let index = columns.firstIndex(where: { $0.equalsIgnoringCase(keyColumn) }) else {
                throw RecordError(code: .missingPrimaryKeyValue, table: table, message: "the record does not encode the primary key column \"\(keyColumn)\"")
            }
            return values[index]
        }
        return (columns, values, PrimaryKeyValue(columns: keyColumns, values: keyValues))
    }
}

/// What to do when an insert breaks a uniqueness constraint.
public enum ConflictResolution: String, Sendable {
    /// Fail, undoing the statement (SQLite's default).
    case abort = "ABORT"
    /// Fail, keeping what the statement did before the conflict.
    case fail = "FAIL"
    /// Skip the row.
    case ignore = "IGNORE"
    /// Delete the conflicting rows first. The update hook does not report
    /// those deletions: observers see the table as changed without rowids.
    case replace = "REPLACE"
    /// Fail and roll back the whole transaction.
    case rollback = "ROLLBACK"
}

/// The primary key columns of a record and its values for them.
struct PrimaryKeyValue {
    var columns: [String]
    var values: [DatabaseValue]

    /// `"a" = ? AND "b" = ?`
    var condition: String {
        columns.map { quoteIdentifier($0) + " = ?" }.joined(separator: " AND ")
    }

    /// `id = 42`
    var description: String {
        zip(columns, values).map { "\($0) = \($1)" }.joined(separator: ", ")
    }
}

private func placeholders(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
}

extension String {
    fileprivate func equalsIgnoringCase(_ other: String) -> Bool {
        self == other || sqlNameKey() == other.sqlNameKey()
    }
}
