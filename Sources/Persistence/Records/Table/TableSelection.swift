import Foundation

/// A typed request that selects some columns or aggregates into a tuple,
/// optionally grouped: ``TableRequest/select(_:)``. One `SELECT` whose
/// text ``sql`` shows.
///
/// ```swift
/// let perAlbum = try Photo.all()
///     .where { $0.rating != nil }
///     .select { ($0.album, $0.id.count, $0.rating.max) }
///     .group(by: \.album)
///     .having { $0.id.count >= 2 }
///     .order { [$0.id.count.descending, $0.album.ascending] }
///     .fetchAll(db)   // [(String?, Int, Int?)]
/// ```
///
/// Values are read with their ``DatabaseValueConvertible`` conversion,
/// dates as the record reads them (its
/// ``InsertableRecord/databaseDateEncodingStrategy``: milliseconds when it
/// writes milliseconds).
public struct TableSelection<Record: TypedTable, each Value: DatabaseValueConvertible>: Sendable {
    /// The request whose filter, order and limit apply.
    public private(set) var request: TableRequest<Record>
    /// The selected expressions' SQL, in order.
    public let selection: [String]
    /// The `GROUP BY` expressions' SQL.
    public private(set) var grouping: [String] = []
    /// The conditions on groups, joined with `AND`.
    public private(set) var groupConditions: [TablePredicate] = []

    init(request: TableRequest<Record>, selection: [String]) {
        self.request = request
        self.selection = selection
    }

    /// The selection grouped by columns: one row per distinct value.
    ///
    /// - Parameter keyPaths: The columns.
    public func group<each Column: TableSelectable>(by keyPaths: repeat KeyPath<Record.Columns, each Column>) -> TableSelection {
        var selection = self
        for keyPath in repeat each keyPaths {
            selection.grouping.append(Record.columns[keyPath: keyPath].expression.sql)
        }
        return selection
    }

    /// The selection with one more condition on groups (`HAVING`, joined
    /// with `AND`), written with aggregates: `having { $0.id.count >= 2 }`.
    ///
    /// - Parameter predicate: Builds the condition from the typed columns.
    public func having(_ predicate: (Record.Columns) -> TablePredicate) -> TableSelection {
        var selection = self
        selection.groupConditions.append(predicate(Record.columns))
        return selection
    }

    /// The selection ordered by the terms a closure lists (columns or
    /// aggregates), replacing any previous order.
    ///
    /// - Parameter terms: Builds the terms from the typed columns.
    public func order(_ terms: (Record.Columns) -> [TableOrdering]) -> TableSelection {
        var selection = self
        selection.request = request.order(terms)
        return selection
    }

    /// `SELECT "album", COUNT("id") FROM "photo" WHERE … GROUP BY … HAVING … ORDER BY … LIMIT …`
    public var sql: String {
        request.sql(selectFrom: "SELECT \(selection.joined(separator: ", ")) FROM \(quoteIdentifier(Record.tableSchema.table))",
                    groupBy: grouping, having: groupConditions, ordering: request.orderings.map(\.sql))
    }

    /// The arguments: the filter's, then the group conditions'.
    public var arguments: StatementArguments {
        StatementArguments(positional: request.predicates.flatMap(\.arguments) + groupConditions.flatMap(\.arguments))
    }

    /// The selected values of every row.
    ///
    /// - Throws: ``DatabaseError``, or ``RowDecodingError`` naming the
    ///   column whose value does not convert.
    public func fetchAll(_ db: Database) throws -> [(repeat each Value)] {
        var values: [(repeat each Value)] = []
        for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
            values.append(try Self.values(row))
        }
        return values
    }

    /// The selected values of the first row, or nil without rows.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    public func fetchOne(_ db: Database) throws -> (repeat each Value)? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM (\(sql)) LIMIT 1", arguments: arguments) else { return nil }
        let values: (repeat each Value) = try Self.values(row)
        return Optional.some(values)
    }

    static func values(_ row: Row) throws -> (repeat each Value) {
        var index = 0
        return (repeat try next((each Value).self, row, &index))
    }

    private static func next<T: DatabaseValueConvertible>(_ type: T.Type, _ row: Row, _ index: inout Int) throws -> T {
        defer { index += 1 }
        if let date: T = try recordDate(row, at: index) { return date }
        return try row.decode(T.self, at: index)
    }

    /// A `Date` (or optional one) read as the record reads its dates, so
    /// that a selected date column or its `max` reads what the record
    /// wrote (milliseconds included); nil for every other type and for
    /// the strategies `Date`'s own conversion already reads.
    private static func recordDate<T: DatabaseValueConvertible>(_ row: Row, at index: Int) throws -> T? {
        guard T.self == Date.self || T.self == Date?.self else { return nil }
        let dates = Record.databaseDateEncodingStrategy.decodingStrategy
        guard dates.readsMilliseconds else { return nil }
        let value = row[index]
        if value.isNull, let none = Date?.none as? T { return none }
        if let date = dates.date(from: value), let typed = date as? T { return typed }
        throw row.decodingError(T.self, at: index)
    }
}

extension TableRequest {
    /// The request selecting columns or aggregates into a tuple, in one
    /// `SELECT` with the request's filter, order and limit.
    ///
    /// ```swift
    /// let names = try Photo.all().order(by: \.name).select { ($0.id, $0.name) }.fetchAll(db)   // [(Int64?, String)]
    /// let best = try Photo.all().select { $0.rating.max }.fetchOne(db)   // Int??: one row, its MAX
    /// ```
    ///
    /// - Parameter columns: Lists the columns and aggregates.
    public func select<each Selected: TableSelectable>(
        _ columns: (Record.Columns) -> (repeat each Selected)
    ) -> TableSelection<Record, repeat (each Selected).Value> where repeat (each Selected).Value: DatabaseValueConvertible {
        var selection: [String] = []
        for column in repeat each columns(Record.columns) {
            selection.append(column.expression.sql)
        }
        return TableSelection(request: self, selection: selection)
    }

    /// The request read as another typed record: the other record's
    /// columns, from this request's table, filter, order and limit
    /// (`SELECT "id", "name" FROM "photo" WHERE …`). The other record reads
    /// them by position.
    ///
    /// ```swift
    /// @Table("photo") struct PhotoName { var id: Int64; var name: String }
    /// let names = try Photo.all().where { $0.rating >= 4 }.select(as: PhotoName.self).fetchAll(db)
    /// ```
    ///
    /// - Parameter type: The other record, whose columns the table has.
    public func select<Other: TypedTable>(as type: Other.Type) -> TableProjection<Record, Other> {
        TableProjection(request: self)
    }
}

/// A typed request read as another typed record
/// (``TableRequest/select(as:)``).
public struct TableProjection<Record: TypedTable, Other: TypedTable>: Sendable {
    /// The request whose table, filter, order and limit apply.
    public let request: TableRequest<Record>

    /// `SELECT <Other's columns> FROM <Record's table> WHERE …`
    public var sql: String {
        request.sql(selectFrom: "SELECT \(Other.tableSchema.selection) FROM \(quoteIdentifier(Record.tableSchema.table))",
                    ordering: request.orderings.map(\.sql))
    }

    /// The records.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    public func fetchAll(_ db: Database) throws -> [Other] {
        try Other.fetchAll(db, sql: sql, arguments: request.arguments)
    }

    /// The first record, or nil.
    ///
    /// - Throws: ``DatabaseError`` or ``RowDecodingError``.
    public func fetchOne(_ db: Database) throws -> Other? {
        try Other.fetchOne(db, sql: request.limit(1).select(as: Other.self).sql, arguments: request.arguments)
    }
}
