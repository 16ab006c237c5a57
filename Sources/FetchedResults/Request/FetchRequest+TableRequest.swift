import Dispatch
import Persistence

extension FetchRequest {
    /// The request a typed request lowers to: its `SELECT` of the record's
    /// columns in declaration order (which records read by position),
    /// ordered by its terms then by the identity, with its section column.
    ///
    /// The identity is the record's primary key column, or the rowid for
    /// a record without one or with a key of several columns. (A
    /// controller over a typed request identifies the rows of a
    /// `WITHOUT ROWID` table by the table's own key instead.) Without a limit, the query has the shape the
    /// controller follows incrementally
    /// (`SELECT … FROM table WHERE … ORDER BY …`).
    ///
    /// ```swift
    /// let request = FetchRequest(Photo.all().where { $0.rating >= 4 }.sectioned(by: \.album))
    /// print(request.sql) // SELECT "id", "name", … FROM "photo" WHERE … ORDER BY "album" ASC, "id" ASC
    /// ```
    ///
    /// - Parameters:
    ///   - request: The typed request.
    ///   - batchSize: Rows loaded per page on access; 0 loads all rows.
    public init<Record: TypedTable>(_ request: TableRequest<Record>, batchSize: Int = 0) {
        let key = Record.tableSchema.primaryKeyColumns.map(\.name)
        self.init(request, identifiedBy: key.count == 1 ? key : [], batchSize: batchSize)
    }

    /// The request identified by `key`: the rowid when empty, one column
    /// (selected after the record's columns when the record lacks it), or
    /// several, combined into one text column (`"plume_key"`: each value
    /// `quote`d, joined by commas, which tells distinct keys apart). The
    /// key's columns end the order, so that ties sort the same way each
    /// time.
    package init<Record: TypedTable>(_ request: TableRequest<Record>, identifiedBy key: [String], batchSize: Int) {
        let declared = Set(Record.tableSchema.columnNames.map { $0.sqlNameKey() })
        let ordered = Set(request.orderings.map { $0.column.sqlNameKey() })
        let identity: String
        var extraColumns = ""
        switch key.count {
        case 0:
            identity = "rowid"
            extraColumns = ", rowid"
        case 1:
            identity = key[0]
            if !declared.contains(key[0].sqlNameKey()) { extraColumns = ", \(quoteIdentifier(key[0]))" }
        default:
            identity = Self.compositeKeyColumn
            extraColumns = ", " + key.map { sqlLiteralExpression(quoteIdentifier($0)) }.joined(separator: " || ',' || ")
                + " AS \(quoteIdentifier(identity))"
        }
        var ordering = request.orderings.map(\.sql)
        for column in key.isEmpty ? ["rowid"] : key where !ordered.contains(column.sqlNameKey()) {
            ordering.append("\(quoteIdentifier(column)) ASC")
        }
        self.init(sql: request.sql(ordering: ordering, extraColumns: extraColumns), arguments: request.arguments,
                  identityColumn: identity, sectionColumn: request.sectionColumn, batchSize: batchSize)
    }

    /// The result column that identifies the rows of a table whose key has
    /// several columns and no rowid.
    static let compositeKeyColumn = "plume_key"
}

extension FetchedResultsController where Item: TypedTable {
    /// Creates a controller over a typed request (see
    /// `FetchRequest.init(_:batchSize:)` of a typed request for the SQL it runs).
    ///
    /// ```swift
    /// let controller = FetchedResultsController(
    ///     database: dbQueue,
    ///     request: Photo.all().order(by: \.name).sectioned(by: \.album),
    ///     validatesSchema: true)
    /// try await controller.performFetch()
    /// ```
    ///
    /// - Parameters:
    ///   - database: The queue or pool to read and observe.
    ///   - request: The typed request.
    ///   - validatesSchema: Whether ``performFetch()`` first checks the
    ///     table against the record's columns (`Database.validate(_:)`),
    ///     throwing a `TableSchemaError` on a mismatch.
    ///   - queue: The serial queue for snapshot updates.
    public convenience init(database: any DatabaseWriter, request: TableRequest<Item>, validatesSchema: Bool = false,
                            queue: DispatchQueue = .main) {
        self.init(database: database, request: FetchRequest(request), queue: queue, prepare: { @Sendable db in
            if validatesSchema { try db.validate(Item.self) }
            return try FetchRequest.withoutRowID(request, db)
        })
    }
}

extension FetchRequest {
    /// The request identified by the table's own key when the table has no
    /// rowid and the record declares no single-column key (a composite
    /// key, or none): nil when ``init(_:batchSize:)`` of a typed request
    /// already identifies its rows.
    ///
    /// - Throws: `RecordError` when the table does not exist,
    ///   `DatabaseError`.
    static func withoutRowID<Record: TypedTable>(_ request: TableRequest<Record>, _ db: Database) throws -> FetchRequest? {
        let schema = Record.tableSchema
        guard schema.primaryKeyColumns.count != 1, try !db.tableIsRowIDTable(schema.table) else { return nil }
        return FetchRequest(request, identifiedBy: try db.primaryKey(of: schema.table), batchSize: 0)
    }
}
