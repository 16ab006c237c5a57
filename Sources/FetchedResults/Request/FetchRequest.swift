import Persistence

/// The rows a ``FetchedResultsController`` shows: a table or view with a
/// filter, sort columns and a limit, or a raw SQL query.
///
/// Every request names its identity column (default `id`), which must be
/// unique in the result, and optionally a section column, by which the
/// query must be ordered first (Core Data's rule for its first sort
/// descriptor).
///
/// ```swift
/// // Structured: Plume writes the SQL, and can follow single-row commits
/// // without refetching.
/// let photos = FetchRequest(
///     table: "photo", filter: "rating >= ?", arguments: [3],
///     sortedBy: [.ascending("album"), .descending("takenAt")],
///     sectionColumn: "album")
///
/// // Raw SQL: any query. One table read in order is followed incrementally;
/// // joins and aggregates are refetched and diffed on change.
/// let albums = FetchRequest(
///     sql: "SELECT album AS id, COUNT(*) AS count FROM photo GROUP BY album ORDER BY album")
/// ```
public struct FetchRequest: Sendable, Hashable, CustomStringConvertible {
    /// One column of a structured request's `ORDER BY`.
    public struct SortColumn: Sendable, Hashable, CustomStringConvertible {
        /// The column name, as the table or view declares it.
        public var name: String
        /// Whether the order is ascending (`ASC`) or descending (`DESC`).
        public var isAscending: Bool

        /// Creates a sort column.
        public init(_ name: String, ascending: Bool = true) {
            self.name = name
            self.isAscending = ascending
        }

        /// An ascending sort column.
        public static func ascending(_ name: String) -> SortColumn { SortColumn(name, ascending: true) }
        /// A descending sort column.
        public static func descending(_ name: String) -> SortColumn { SortColumn(name, ascending: false) }

        /// `"name" ASC`
        public var description: String { "\(quoteIdentifier(name)) \(isAscending ? "ASC" : "DESC")" }
    }

    /// Where the rows come from.
    public enum Source: Sendable, Hashable {
        /// A table or view, with an optional filter, sort columns and limit.
        case structured(table: String, filter: String?, sortColumns: [SortColumn], limit: Int?)
        /// A raw SQL query.
        case sql(String)
    }

    /// Where the rows come from.
    public var source: Source
    /// The arguments bound to the filter's or query's parameters.
    public var arguments: StatementArguments
    /// The column whose value identifies a row; unique in the result.
    public var identityColumn: String
    /// The column whose value names a row's section, or nil for one section.
    public var sectionColumn: String?
    /// How many rows to load at a time when rows are accessed (Core Data's
    /// `fetchBatchSize`); 0 loads every row up front.
    ///
    /// With a batch size, the controller keeps only identities, content
    /// hashes and section names for all rows, and loads row content in
    /// pages of `batchSize` rows on access, keeping a bounded number of
    /// pages.
    public var batchSize: Int

    /// Creates a structured request over a table or view.
    ///
    /// Plume selects every column (plus `rowid` when it is the identity) and
    /// orders by `sortedBy` then by the identity column, so the order is
    /// total and the same in SQLite and in the controller.
    ///
    /// - Parameters:
    ///   - table: The table or view.
    ///   - filter: An SQL expression for the `WHERE` clause, or nil.
    ///   - arguments: Arguments for the filter's parameters.
    ///   - sortedBy: The sort columns; with a section column, it must come
    ///     first.
    ///   - limit: The maximum number of rows, or nil.
    ///   - identityColumn: The column identifying rows (`rowid` works too).
    ///   - sectionColumn: The column naming sections, or nil.
    ///   - batchSize: Rows loaded per page on access; 0 loads all rows.
    public init(
        table: String, filter: String? = nil, arguments: StatementArguments = StatementArguments(),
        sortedBy: [SortColumn] = [], limit: Int? = nil,
        identityColumn: String = "id", sectionColumn: String? = nil, batchSize: Int = 0
    ) {
        self.source = .structured(table: table, filter: filter, sortColumns: sortedBy, limit: limit)
        self.arguments = arguments
        self.identityColumn = identityColumn
        self.sectionColumn = sectionColumn
        self.batchSize = batchSize
    }

    /// Creates a request from a raw SQL query.
    ///
    /// The query must select the identity column, and the section column
    /// when there is one, and be ordered by the section column first.
    ///
    /// A query of the form `SELECT … FROM table [WHERE …] ORDER BY …` (no
    /// join, subquery, aggregate, `DISTINCT`, `LIMIT`, parameter in
    /// `ORDER BY` or non-deterministic function such as
    /// `julianday('now')`) that selects the table's rowid as its identity
    /// follows commits incrementally, like a structured request; the
    /// controller then appends the identity as the last `ORDER BY` term, so
    /// rows tied on every term are in identity order.
    ///
    /// - Parameters:
    ///   - sql: One `SELECT` statement.
    ///   - arguments: Arguments for its parameters.
    ///   - identityColumn: The result column identifying rows.
    ///   - sectionColumn: The result column naming sections, or nil.
    ///   - batchSize: Rows loaded per page on access; 0 loads all rows.
    public init(
        sql: String, arguments: StatementArguments = StatementArguments(),
        identityColumn: String = "id", sectionColumn: String? = nil, batchSize: Int = 0
    ) {
        self.source = .sql(sql)
        self.arguments = arguments
        self.identityColumn = identityColumn
        self.sectionColumn = sectionColumn
        self.batchSize = batchSize
    }

    /// The SQL the controller runs.
    public var description: String { sql }
}

/// `"name"`, with embedded quotes doubled.
func quoteIdentifier(_ name: String) -> String {
    "\"" + name.replacingEvery("\"", with: "\"\"") + "\""
}
