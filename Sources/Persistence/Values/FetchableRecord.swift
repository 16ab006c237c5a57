/// A type built from a row by code the caller writes.
///
/// This is the fastest way to read records: Plume hands each row to
/// `init(row:)` as it steps the statement, as a ``RowView`` that reads the
/// statement's columns in place (and cannot leave the fetch's thread).
///
/// ```swift
/// struct Photo: FetchableRecord {
///     var id: Int64
///     var name: String
///     init(row: RowView) throws {
///         id = try row.decode(at: 0)
///         name = try row.decode(column: "name")
///     }
/// }
/// let photos = try Photo.fetchAll(db, sql: "SELECT id, name FROM photo")
/// ```
public protocol FetchableRecord {
    /// Creates a record from a row.
    ///
    /// The row is borrowed: a fetch lends the same view to each call
    /// without reference counting it. An implementation may declare its
    /// parameter `borrowing RowView` too (as the ``Table(_:primaryKey:)`` macro's
    /// does) or plain `RowView`, which Swift accepts at the cost of one
    /// copy of the view per row.
    ///
    /// - Parameter row: The row, read in place; keep values decoded from
    ///   it, or a ``Row`` copy (``RowView/copy()``), not the view itself.
    /// - Throws: ``RowDecodingError`` (or your own error) when the row does
    ///   not hold what the record needs.
    init(row: borrowing RowView) throws

    /// How a `Decodable` record reads its `Date` properties (nested
    /// values' dates included): what a number means; text always reads as
    /// date text. Default: for a record that also writes
    /// (``InsertableRecord``), the pair of its
    /// ``InsertableRecord/databaseDateEncodingStrategy``, so that it reads
    /// what it writes; else ``DatabaseDateDecodingStrategy/iso8601``.
    static var databaseDateDecodingStrategy: DatabaseDateDecodingStrategy { get }
}

extension FetchableRecord {
    /// ``DatabaseDateDecodingStrategy/iso8601``, for a record that only
    /// reads.
    @inlinable
    public static var databaseDateDecodingStrategy: DatabaseDateDecodingStrategy { .iso8601 }
}

extension FetchableRecord where Self: InsertableRecord {
    /// The pair of the record's encoding strategy: one setting, and the
    /// record reads back the dates it writes.
    @inlinable
    public static var databaseDateDecodingStrategy: DatabaseDateDecodingStrategy {
        databaseDateEncodingStrategy.decodingStrategy
    }
}

extension Row: FetchableRecord {
    /// A copy of the row.
    public init(row: RowView) { self = row.copy() }
}

extension FetchableRecord {
    /// A cursor over the records of a query: rows are decoded one at a time.
    ///
    /// - Throws: ``DatabaseError`` when the SQL does not compile.
    @inlinable
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> RecordCursor<Self> {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        return RecordCursor(statement: statement)
    }

    /// All records of a query.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    @inlinable
    public static func fetchAll(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> [Self] {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        return try fetchAll(statement)
    }

    /// The first record of a query, or nil.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    @inlinable
    public static func fetchOne(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> Self? {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        return try fetchOne(statement)
    }

    /// All records of a prepared statement (its arguments already set).
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    @inlinable
    public static func fetchAll(_ statement: Statement) throws -> [Self] {
        let stepper = RowStepper(statement: statement)
        var result: [Self] = []
        var lent = stepper.makeLentView()
        while try stepper.step() {
            result.append(try stepper.decodeRecord(Self.self, lending: &lent))
        }
        return result
    }

    /// The first record of a prepared statement, or nil.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    @inlinable
    public static func fetchOne(_ statement: Statement) throws -> Self? {
        let stepper = RowStepper(statement: statement)
        defer { stepper.finish() }
        guard try stepper.step() else { return nil }
        return try stepper.decodeCurrentRecord(Self.self)
    }
}

extension DatabaseValueConvertible {
    /// The first column of every row of a query.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    @inlinable
    public static func fetchAll(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> [Self] {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        let stepper = RowStepper(statement: statement)
        var result: [Self] = []
        while try stepper.step() {
            result.append(try stepper.decodeCurrentRow { try $0.decode(Self.self, at: 0) })
        }
        return result
    }

    /// The first column of the first row of a query, or nil when there is no
    /// row (or, for an optional type, when the value is NULL).
    public static func fetchOne(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> Self? {
        guard let row = try Row.fetchOne(db, sql: sql, arguments: arguments) else { return nil }
        if row[0].isNull { return nil }
        return try row.decode(at: 0)
    }
}
