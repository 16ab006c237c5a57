import Dispatch
import Persistence

extension FetchRequest {
    /// The request a typed join lowers to: its `SELECT` of both records'
    /// columns, ordered by the left request's terms then by the left
    /// record's key (or rowid), which identifies each pair.
    ///
    /// A join follows commits by refetching, as raw joins do. Each left
    /// record must match at most one right record (a to-one join, such as
    /// a photo's album): the left key identifies the pair.
    ///
    /// ```swift
    /// let request = FetchRequest(Photo.all().order(by: \.name).join(Album.self) { $0.albumID == $1.id })
    /// ```
    ///
    /// - Parameters:
    ///   - request: The typed join.
    ///   - batchSize: Rows loaded per page on access; 0 loads all rows.
    public init<Left: TypedTable, Right: TypedTable>(_ request: TableJoinRequest<Left, Right>, batchSize: Int = 0) {
        let key = Left.tableSchema.primaryKey?.name
        var ordering = request.orderingSQL
        if let key {
            if !request.left.orderings.contains(where: { !$0.isExpressionOrdering && $0.column.sqlNameKey() == key.sqlNameKey() }) {
                ordering.append("\"l\".\(quoteIdentifier(key)) ASC")
            }
        } else {
            ordering.append("\"plume_left_rowid\" ASC")
        }
        let sql = request.sql(ordering: ordering, extraColumns: key == nil ? ", \"l\".\"plume_left_rowid\"" : "")
        self.init(sql: sql, arguments: request.arguments, identityColumn: key ?? "plume_left_rowid",
                  sectionColumn: request.left.sectionColumn, batchSize: batchSize)
    }
}

extension FetchedResultsController {
    /// Creates a controller over a typed join, whose items are pairs (see
    /// `FetchRequest.init(_:batchSize:)` of a join for the SQL it runs).
    ///
    /// ```swift
    /// let controller = FetchedResultsController(
    ///     database: dbQueue,
    ///     request: Photo.all().order(by: \.name).join(Album.self) { $0.albumID == $1.id })
    /// try await controller.performFetch()
    /// ```
    ///
    /// - Parameters:
    ///   - database: The queue or pool to read and observe.
    ///   - request: The typed join.
    ///   - queue: The serial queue for snapshot updates.
    public convenience init<Left: TypedTable, Right: TypedTable>(
        database: any DatabaseWriter, request: TableJoinRequest<Left, Right>, queue: DispatchQueue = .main
    ) where Item == TablePair<Left, Right> {
        self.init(database: database, request: FetchRequest(request), queue: queue)
    }
}
