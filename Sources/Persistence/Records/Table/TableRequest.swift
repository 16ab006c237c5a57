/// A compile-checked request over a ``TypedTable``: a filter, an order,
/// a section column and a limit, written with the record's typed columns.
///
/// It lowers to one `SELECT` of the record's columns in declaration order
/// (``sql`` and ``arguments``), which records read by position. A
/// misspelled column, or a comparison with a value of another type, does
/// not compile; ``filter(sql:arguments:)`` takes SQL for the rest.
///
/// ```swift
/// let request = Photo.all()
///     .where { $0.rating >= 4 && $0.album != nil }
///     .order(by: \.album, \.rating.descending)
///     .limit(20)
/// let photos = try request.fetchAll(db)
/// ```
public struct TableRequest<Record: TypedTable>: Sendable, Hashable, CustomStringConvertible {
    /// The conditions, joined with `AND`.
    public private(set) var predicates: [TablePredicate] = []
    /// The `ORDER BY` terms.
    public private(set) var orderings: [TableOrdering] = []
    /// The column naming sections, or nil.
    public private(set) var sectionColumn: String?
    /// The maximum number of rows, or nil.
    public private(set) var limit: Int?
    /// The number of rows skipped first, or nil.
    public private(set) var offset: Int?

    init() {}

    /// The request with one more condition (joined with `AND`).
    ///
    /// ```swift
    /// Photo.all().where { $0.rating >= 4 && $0.album != nil }
    /// ```
    ///
    /// - Parameter predicate: Builds the condition from the typed columns.
    public func `where`(_ predicate: (Record.Columns) -> TablePredicate) -> TableRequest {
        var request = self
        request.predicates.append(predicate(Record.columns))
        return request
    }

    /// The request with one more condition written in SQL (joined with
    /// `AND`): the escape hatch for what typed columns do not say.
    ///
    /// ```swift
    /// Photo.all().filter(sql: "name LIKE ? COLLATE NOCASE", arguments: ["img%"])
    /// ```
    ///
    /// - Parameters:
    ///   - sql: An SQL expression with `?` parameters.
    ///   - arguments: Their values, in order.
    public func filter(sql: String, arguments: [(any DatabaseValueConvertible)?] = []) -> TableRequest {
        var request = self
        request.predicates.append(.sql(sql, arguments))
        return request
    }

    /// The request ordered by columns, replacing any previous order.
    ///
    /// ```swift
    /// Photo.all().order(by: \.album, \.rating.descending)
    /// ```
    ///
    /// - Parameter keyPaths: Columns (ascending) or orderings
    ///   (`\.rating.descending`).
    public func order<each Term: TableOrderingTerm>(by keyPaths: repeat KeyPath<Record.Columns, each Term>) -> TableRequest {
        var orderings: [TableOrdering] = []
        for keyPath in repeat each keyPaths {
            orderings.append(Record.columns[keyPath: keyPath].ordering)
        }
        return ordered(orderings)
    }

    /// The request ordered by the terms a closure lists, replacing any
    /// previous order.
    ///
    /// ```swift
    /// Photo.all().order { [$0.album.ascending, $0.rating.descending] }
    /// ```
    ///
    /// - Parameter terms: Builds the terms from the typed columns.
    public func order(_ terms: (Record.Columns) -> [TableOrdering]) -> TableRequest {
        ordered(terms(Record.columns))
    }

    private func ordered(_ orderings: [TableOrdering]) -> TableRequest {
        var request = self
        request.orderings = orderings
        request.placeSectionColumnFirst()
        return request
    }

    /// The request in sections named by a column's values: it sorts by
    /// that column first (ascending, unless the order already starts with
    /// it), as sections need.
    ///
    /// - Parameter keyPath: The section column.
    public func sectioned<Value>(by keyPath: KeyPath<Record.Columns, TableColumn<Record, Value>>) -> TableRequest {
        var request = self
        request.sectionColumn = Record.columns[keyPath: keyPath].name
        request.placeSectionColumnFirst()
        return request
    }

    /// The request limited to `count` rows.
    ///
    /// - Parameter count: The maximum number of rows.
    public func limit(_ count: Int) -> TableRequest {
        var request = self
        request.limit = count
        return request
    }

    /// The request without its first `count` rows (`OFFSET`), for paging:
    /// `Photo.all().order(by: \.id).limit(20).offset(40)` is the third
    /// page, `… ORDER BY "id" ASC LIMIT 20 OFFSET 40`. Without a limit,
    /// the SQL says `LIMIT -1 OFFSET 40` (SQLite needs a limit before an
    /// offset).
    ///
    /// - Parameter count: The number of rows to skip.
    public func offset(_ count: Int) -> TableRequest {
        var request = self
        request.offset = count
        return request
    }

    private mutating func placeSectionColumnFirst() {
        guard let sectionColumn, orderings.first?.column != sectionColumn else { return }
        orderings.removeAll { $0.column == sectionColumn }
        orderings.insert(TableOrdering(column: sectionColumn, isAscending: true), at: 0)
    }

    /// The `SELECT` of the record's columns, in declaration order.
    public var sql: String { sql(ordering: orderings.map(\.sql)) }

    /// The arguments of the conditions, in order.
    public var arguments: StatementArguments {
        StatementArguments(positional: predicates.flatMap(\.arguments))
    }

    /// The `WHERE` condition, or nil.
    public var filterSQL: String? {
        predicates.isEmpty ? nil : predicates.map { "(\($0.sql))" }.joined(separator: " AND ")
    }

    /// The SQL with other `ORDER BY` terms and, maybe, more columns.
    package func sql(ordering: [String], extraColumns: String = "") -> String {
        let schema = Record.tableSchema
        return sql(selectFrom: extraColumns.isEmpty
                   ? schema.selectFrom
                   : "SELECT \(schema.selection)\(extraColumns) FROM \(quoteIdentifier(schema.table))",
                   ordering: ordering)
    }

    /// `selectFrom` (`SELECT … FROM "photo"`) with the request's filter,
    /// the grouping given, the order and the limit.
    func sql(selectFrom: String, groupBy: [String] = [], having: [TablePredicate] = [], ordering: [String]) -> String {
        var sql = selectFrom
        if let filterSQL { sql += " WHERE \(filterSQL)" }
        if !groupBy.isEmpty { sql += " GROUP BY " + groupBy.joined(separator: ", ") }
        if !having.isEmpty { sql += " HAVING " + having.map { "(\($0.sql))" }.joined(separator: " AND ") }
        if !ordering.isEmpty { sql += " ORDER BY " + ordering.joined(separator: ", ") }
        if let limit { sql += " LIMIT \(limit)" }
        if let offset {
            if limit == nil { sql += " LIMIT -1" }
            sql += " OFFSET \(offset)"
        }
        return sql
    }

    /// The SQL.
    public var description: String { sql }

    public static func == (lhs: TableRequest, rhs: TableRequest) -> Bool {
        lhs.predicates == rhs.predicates && lhs.orderings == rhs.orderings
            && lhs.sectionColumn == rhs.sectionColumn && lhs.limit == rhs.limit && lhs.offset == rhs.offset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(predicates)
        hasher.combine(orderings)
        hasher.combine(sectionColumn)
        hasher.combine(limit)
        hasher.combine(offset)
    }
}
