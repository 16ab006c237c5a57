import Dispatch
import Persistence

extension FetchRequest {
    /// The request a typed request lowers to: its `SELECT` of the record's
    /// columns in declaration order (which records read by position),
    /// ordered by its terms then by the identity, with its section column.
    ///
    /// The identity is the record's primary key column, or the rowid for
    /// a record without one. Without a limit, the query has the shape the
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
        let identity = Record.tableSchema.primaryKey?.name ?? "rowid"
        var ordering = request.orderings.map(\.sql)
        if !request.orderings.contains(where: { $0.column.sqlNameKey() == identity.sqlNameKey() }) {
            ordering.append("\(quoteIdentifier(identity)) ASC")
        }
        let sql = request.sql(ordering: ordering, extraColumns: Record.tableSchema.primaryKey == nil ? ", rowid" : "")
        self.init(sql: sql, arguments: request.arguments, identityColumn: identity,
                  sectionColumn: request.sectionColumn, batchSize: batchSize)
    }
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
        var schemaCheck: (@Sendable (Database) throws -> Void)?
        if validatesSchema {
            schemaCheck = { @Sendable db in try db.validate(Item.self) }
        }
        self.init(database: database, request: FetchRequest(request), queue: queue, schemaCheck: schemaCheck)
    }
}
