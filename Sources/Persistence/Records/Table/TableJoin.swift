/// Two typed records joined on their columns:
/// `Photo.all().join(Album.self) { $0.albumID == $1.id }`, fetched as
/// pairs (``TablePair``) in one `SELECT`.
///
/// The left request's filter applies to the left table, ``where(_:)`` adds
/// conditions on the right one, and the left request's order, limit and
/// offset apply to the pairs:
///
/// ```swift
/// let pairs = try Photo.all()
///     .where { $0.rating >= 4 }
///     .order(by: \.name)
///     .join(Album.self) { $0.albumID == $1.id }
///     .where { $0.title != "Trash" }
///     .fetchAll(db)
/// // SELECT "l"."id", "l"."name", …, "r"."id", "r"."title"
/// // FROM (SELECT "id", "name", … FROM "photo" WHERE ("rating" >= ?)) AS "l"
/// // JOIN (SELECT "id", "title" FROM "album" WHERE ("title" <> ?)) AS "r" ON "l"."albumID" = "r"."id"
/// // ORDER BY "l"."name" ASC
/// ```
public struct TableJoinRequest<Left: TypedTable, Right: TypedTable>: Sendable, Hashable, CustomStringConvertible {
    /// The left request: its filter, order, limit and offset.
    public let left: TableRequest<Left>
    /// The join condition's SQL.
    public let condition: String
    /// The conditions on the right table, joined with `AND`.
    public private(set) var rightPredicates: [TablePredicate] = []

    init(left: TableRequest<Left>, condition: String) {
        self.left = left
        self.condition = condition
    }

    /// The request with one more condition on the right table.
    ///
    /// - Parameter predicate: Builds the condition from the right
    ///   record's typed columns.
    public func `where`(_ predicate: (Right.Columns) -> TablePredicate) -> TableJoinRequest {
        var request = self
        request.rightPredicates.append(predicate(Right.columns))
        return request
    }

    /// The one `SELECT` of both records' columns, left then right.
    public var sql: String { sql(ordering: orderingSQL, extraColumns: "") }

    /// The left request's order, on the left table's columns.
    package var orderingSQL: [String] {
        left.orderings.map { $0.isExpressionOrdering ? $0.sql : "\"l\".\($0.sql)" }
    }

    /// The arguments: the left filter's, then the right one's.
    public var arguments: StatementArguments {
        StatementArguments(positional: left.predicates.flatMap(\.arguments) + rightPredicates.flatMap(\.arguments))
    }

    /// The SQL with other `ORDER BY` terms and, maybe, more columns.
    package func sql(ordering: [String], extraColumns: String) -> String {
        let leftSchema = Left.tableSchema, rightSchema = Right.tableSchema
        let columns = leftSchema.columnNames.map { "\"l\".\(quoteIdentifier($0))" }
            + rightSchema.columnNames.map { "\"r\".\(quoteIdentifier($0))" }
        var leftSelect = leftSchema.selectFrom
        if !extraColumns.isEmpty {
            leftSelect = "SELECT \(leftSchema.selection), rowid AS \"plume_left_rowid\" FROM \(quoteIdentifier(leftSchema.table))"
        }
        if let filter = left.filterSQL { leftSelect += " WHERE \(filter)" }
        var rightSelect = rightSchema.selectFrom
        if !rightPredicates.isEmpty { rightSelect += " WHERE " + rightPredicates.map { "(\($0.sql))" }.joined(separator: " AND ") }
        var sql = "SELECT \(columns.joined(separator: ", "))\(extraColumns) FROM (\(leftSelect)) AS \"l\" JOIN (\(rightSelect)) AS \"r\" ON \(condition)"
        if !ordering.isEmpty { sql += " ORDER BY " + ordering.joined(separator: ", ") }
        if let limit = left.limit { sql += " LIMIT \(limit)" }
        if let offset = left.offset {
            if left.limit == nil { sql += " LIMIT -1" }
            sql += " OFFSET \(offset)"
        }
        return sql
    }

    /// The SQL.
    public var description: String { sql }

    /// The pairs.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    public func fetchAll(_ db: Database) throws -> [TablePair<Left, Right>] {
        try TablePair<Left, Right>.fetchAll(db, sql: sql, arguments: arguments)
    }

    /// The first pair, or nil.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    public func fetchOne(_ db: Database) throws -> TablePair<Left, Right>? {
        try TablePair<Left, Right>.fetchOne(db, sql: "SELECT * FROM (\(sql)) LIMIT 1", arguments: arguments)
    }
}

/// A left record and the right record it joins (``TableJoinRequest``).
public struct TablePair<Left: TypedTable, Right: TypedTable>: FetchableRecord {
    /// The left record.
    public var left: Left
    /// The right record.
    public var right: Right

    /// Reads the left record from the row's first columns and the right
    /// record from the next ones, each by position.
    ///
    /// - Throws: ``RowDecodingError``.
    public init(row: borrowing RowView) throws {
        let copied = row.copy()
        let leftCount = Left.tableSchema.columns.count, rightCount = Right.tableSchema.columns.count
        let values = copied.values
        guard values.count >= leftCount + rightCount else {
            throw RowDecodingError.columnNotFound(Right.tableSchema.columnNames.last ?? "", type: Right.self, layout: copied.layout)
        }
        left = try Left(row: RowView(Row(layout: Left.tableSchema.layout, values: ContiguousArray(values[0..<leftCount]))))
        right = try Right(row: RowView(Row(layout: Right.tableSchema.layout,
                                           values: ContiguousArray(values[leftCount..<(leftCount + rightCount)]))))
    }
}

extension TablePair: Sendable where Left: Sendable, Right: Sendable {}
extension TablePair: Equatable where Left: Equatable, Right: Equatable {}

/// The condition of a join (``TableRequest/join(_:on:)``): columns of the
/// left record compared with columns of the right one.
public struct TableJoinCondition<Left, Right>: Sendable {
    /// `"l"."albumID" = "r"."id"`
    public let sql: String

    /// Both conditions.
    public static func && (lhs: TableJoinCondition, rhs: TableJoinCondition) -> TableJoinCondition {
        TableJoinCondition(sql: "(\(lhs.sql)) AND (\(rhs.sql))")
    }
}

extension TableColumn where Record: TypedTable, Value: DatabaseValueConvertible {
    /// The left column equals the right one, in a join.
    public static func == <Other: TypedTable>(lhs: TableColumn, rhs: TableColumn<Other, Value>) -> TableJoinCondition<Record, Other> {
        TableJoinCondition(sql: "\"l\".\(lhs.quoted) = \"r\".\(rhs.quoted)")
    }

    /// The left column equals the right optional one, in a join.
    public static func == <Other: TypedTable>(lhs: TableColumn, rhs: TableColumn<Other, Value?>) -> TableJoinCondition<Record, Other> {
        TableJoinCondition(sql: "\"l\".\(lhs.quoted) = \"r\".\(rhs.quoted)")
    }
}

extension TableColumn where Record: TypedTable, Value: TableOptionalValue, Value.Wrapped: DatabaseValueConvertible {
    /// The left optional column equals the right one, in a join.
    public static func == <Other: TypedTable>(lhs: TableColumn, rhs: TableColumn<Other, Value.Wrapped>) -> TableJoinCondition<Record, Other> {
        TableJoinCondition(sql: "\"l\".\(lhs.quoted) = \"r\".\(rhs.quoted)")
    }
}

extension TableRequest {
    /// The request joined with another typed table on a condition between
    /// their columns, fetched as pairs (`JOIN … ON`: rows without a match
    /// are left out).
    ///
    /// ```swift
    /// let pairs = try Photo.all().join(Album.self) { $0.albumID == $1.id }.fetchAll(db)
    /// for pair in pairs { print(pair.left.name, pair.right.title) }
    /// ```
    ///
    /// - Parameters:
    ///   - right: The other record type.
    ///   - condition: Compares the left record's columns with the right
    ///     one's.
    public func join<Right: TypedTable>(
        _ right: Right.Type, on condition: (Record.Columns, Right.Columns) -> TableJoinCondition<Record, Right>
    ) -> TableJoinRequest<Record, Right> {
        TableJoinRequest(left: self, condition: condition(Record.columns, Right.columns).sql)
    }
}
