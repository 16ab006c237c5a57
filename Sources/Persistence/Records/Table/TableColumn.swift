import Foundation

/// A column of a ``TypedTable``, typed by its property: what requests
/// filter and sort by (`$0.rating >= 4`, `\.rating.descending`).
///
/// The ``Table(_:primaryKey:)`` macro declares one per stored property, in the
/// record's `Columns` type. Comparing a column with a value of another
/// type does not compile.
///
/// ```swift
/// let good = try Photo.all().where { $0.rating >= 4 && $0.album != nil }.fetchAll(db)
/// ```
public struct TableColumn<Record, Value>: Sendable, TableOrderingTerm {
    /// The column's name.
    public let name: String
    /// The column's position among the record's columns.
    public let position: Int

    /// Declares a column.
    ///
    /// - Parameters:
    ///   - name: The column's name.
    ///   - position: Its position in declaration order.
    public init(_ name: String, at position: Int) {
        self.name = name
        self.position = position
    }

    /// Ascending order on the column.
    public var ascending: TableOrdering { TableOrdering(column: name, isAscending: true) }
    /// Descending order on the column.
    public var descending: TableOrdering { TableOrdering(column: name, isAscending: false) }
    /// Ascending order (a column alone sorts ascending).
    public var ordering: TableOrdering { ascending }

    /// `"name"`
    var quoted: String { quoteIdentifier(name) }
}

/// One term of a typed request's `ORDER BY`.
///
/// NULL sorts first in ascending order and last in descending order, as
/// SQLite sorts it; ``nullsFirst`` and ``nullsLast`` say otherwise:
///
/// ```swift
/// Photo.all().order { [$0.album.ascending.nullsLast, $0.name.ascending] }
/// // ORDER BY "album" ASC NULLS LAST, "name" ASC
/// ```
public struct TableOrdering: Sendable, Hashable, TableOrderingTerm {
    /// Where NULL sorts.
    public enum NullsOrder: String, Sendable, Hashable {
        /// Before every value (`NULLS FIRST`).
        case first = "NULLS FIRST"
        /// After every value (`NULLS LAST`).
        case last = "NULLS LAST"
    }

    /// The column's name.
    public var column: String
    /// Whether the order is ascending.
    public var isAscending: Bool
    /// Where NULL sorts, when said; nil for SQLite's default (first when
    /// ascending, last when descending).
    public var nulls: NullsOrder?
    /// The SQL of an expression ordered by (`COUNT("id")`), or nil for
    /// the column.
    var expression: String?

    /// Creates an ordering term.
    ///
    /// - Parameters:
    ///   - column: The column's name.
    ///   - isAscending: Whether the order is ascending.
    ///   - nulls: Where NULL sorts; nil for SQLite's default.
    public init(column: String, isAscending: Bool, nulls: NullsOrder? = nil) {
        self.column = column
        self.isAscending = isAscending
        self.nulls = nulls
    }

    /// An ordering on an expression's SQL.
    init(expression: String, isAscending: Bool) {
        self.column = expression
        self.isAscending = isAscending
        self.expression = expression
    }

    /// Itself.
    public var ordering: TableOrdering { self }

    /// Whether it orders by an expression rather than a column.
    package var isExpressionOrdering: Bool { expression != nil }

    /// The same order, NULL before every value (`NULLS FIRST`).
    public var nullsFirst: TableOrdering { with(nulls: .first) }
    /// The same order, NULL after every value (`NULLS LAST`).
    public var nullsLast: TableOrdering { with(nulls: .last) }

    private func with(nulls: NullsOrder) -> TableOrdering {
        var ordering = self
        ordering.nulls = nulls
        return ordering
    }

    /// `"name" ASC`, `"album" DESC NULLS FIRST`
    package var sql: String {
        "\(expression ?? quoteIdentifier(column)) \(isAscending ? "ASC" : "DESC")" + (nulls.map { " \($0.rawValue)" } ?? "")
    }
}

/// What ``TableRequest/order(by:)`` takes: a column (ascending) or an
/// ordering (`\.rating.descending`).
public protocol TableOrderingTerm {
    /// The ordering term.
    var ordering: TableOrdering { get }
}

extension TableColumn where Record: InsertableRecord {
    /// A value as the record stores it (dates and UUIDs by its strategies).
    func sqlValue(_ value: some DatabaseValueConvertible) -> DatabaseValue {
        Record.encodingStrategies.keyValue(value)
    }
}
