/// A typed SQL expression over a record's columns, for what a request
/// selects, groups by or filters groups with: a column, or an aggregate of
/// one (`$0.rating.sum`, `$0.id.count`).
///
/// ```swift
/// let perAlbum = try Photo.all()
///     .select { ($0.album, $0.id.count, $0.rating.avg) }
///     .group(by: \.album)
///     .having { $0.id.count >= 2 }
///     .fetchAll(db)   // [(String?, Int, Double?)]
/// // SELECT "album", COUNT("id"), AVG("rating") FROM "photo" GROUP BY "album" HAVING (COUNT("id") >= ?)
/// ```
public struct TableExpression<Record, Value>: Sendable, Hashable, TableSelectable {
    /// The expression's SQL.
    public let sql: String

    /// An expression of SQL text; its value must be of type `Value`.
    ///
    /// - Parameter sql: The SQL, without parameters.
    public init(sql: String) {
        self.sql = sql
    }

    /// Itself.
    public var expression: TableExpression<Record, Value> { self }

    /// Ascending order on the expression.
    public var ascending: TableOrdering { TableOrdering(expression: sql, isAscending: true) }
    /// Descending order on the expression.
    public var descending: TableOrdering { TableOrdering(expression: sql, isAscending: false) }
}

/// What a typed selection lists: a column, or an expression.
public protocol TableSelectable {
    /// The record whose columns it reads.
    associatedtype Record
    /// The type of its value.
    associatedtype Value
    /// The expression.
    var expression: TableExpression<Record, Value> { get }
}

extension TableColumn: TableSelectable {
    /// The column as an expression: `"name"`.
    public var expression: TableExpression<Record, Value> { TableExpression(sql: quoted) }

    /// The number of rows whose column is not NULL: `COUNT("name")`.
    public var count: TableExpression<Record, Int> { TableExpression(sql: "COUNT(\(quoted))") }

    /// The number of distinct values that are not NULL:
    /// `COUNT(DISTINCT "name")`.
    public var distinctCount: TableExpression<Record, Int> { TableExpression(sql: "COUNT(DISTINCT \(quoted))") }
}

extension TableColumn where Value: DatabaseValueConvertible {
    /// The smallest value, nil without rows (or only NULLs): `MIN("rating")`.
    @_disfavoredOverload
    public var min: TableExpression<Record, Value?> { TableExpression(sql: "MIN(\(quoted))") }
    /// The largest value, nil without rows (or only NULLs): `MAX("rating")`.
    @_disfavoredOverload
    public var max: TableExpression<Record, Value?> { TableExpression(sql: "MAX(\(quoted))") }
}

extension TableColumn where Value: TableOptionalValue {
    /// The smallest value, nil without rows (or only NULLs): `MIN("rating")`.
    public var min: TableExpression<Record, Value> { TableExpression(sql: "MIN(\(quoted))") }
    /// The largest value, nil without rows (or only NULLs): `MAX("rating")`.
    public var max: TableExpression<Record, Value> { TableExpression(sql: "MAX(\(quoted))") }
}

extension TableColumn where Value: Numeric & DatabaseValueConvertible {
    /// The sum of the values, nil without rows (or only NULLs):
    /// `SUM("rating")`.
    public var sum: TableExpression<Record, Value?> { TableExpression(sql: "SUM(\(quoted))") }
    /// The mean of the values, nil without rows (or only NULLs):
    /// `AVG("rating")`.
    public var avg: TableExpression<Record, Double?> { TableExpression(sql: "AVG(\(quoted))") }
}

extension TableColumn where Value: TableOptionalValue, Value.Wrapped: Numeric {
    /// The sum of the values that are not NULL, nil without any:
    /// `SUM("rating")`.
    public var sum: TableExpression<Record, Value> { TableExpression(sql: "SUM(\(quoted))") }
    /// The mean of the values that are not NULL, nil without any:
    /// `AVG("rating")`.
    public var avg: TableExpression<Record, Double?> { TableExpression(sql: "AVG(\(quoted))") }
}

/// `Optional`, for the aggregates of optional columns.
public protocol TableOptionalValue {
    /// The wrapped type.
    associatedtype Wrapped
}

extension Optional: TableOptionalValue {}

extension TableExpression where Value: DatabaseValueConvertible {
    /// The expression equals the value (`IS NULL` for nil).
    public static func == (lhs: TableExpression, rhs: Value) -> TablePredicate { lhs.compare(rhs, "=", null: "IS NULL") }
    /// The expression differs from the value (`IS NOT NULL` for nil).
    public static func != (lhs: TableExpression, rhs: Value) -> TablePredicate { lhs.compare(rhs, "<>", null: "IS NOT NULL") }
    /// The expression is less than the value.
    public static func < (lhs: TableExpression, rhs: Value) -> TablePredicate { lhs.compare(rhs, "<") }
    /// The expression is less than or equal to the value.
    public static func <= (lhs: TableExpression, rhs: Value) -> TablePredicate { lhs.compare(rhs, "<=") }
    /// The expression is greater than the value.
    public static func > (lhs: TableExpression, rhs: Value) -> TablePredicate { lhs.compare(rhs, ">") }
    /// The expression is greater than or equal to the value.
    public static func >= (lhs: TableExpression, rhs: Value) -> TablePredicate { lhs.compare(rhs, ">=") }

    private func compare(_ value: Value, _ operation: String, null: String? = nil) -> TablePredicate {
        let argument = value.databaseValue
        if let null, argument.isNull { return TablePredicate(sql: "\(sql) \(null)", arguments: []) }
        return TablePredicate(sql: "\(sql) \(operation) ?", arguments: [argument])
    }
}
