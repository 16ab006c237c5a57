import Persistence

/// Compares two rows of a table in a structured request's order by asking
/// SQLite, so collations, mixed storage classes and `NULL`s order exactly
/// as the request's `ORDER BY` does.
struct SortOrderComparator {
    /// `SELECT <a sorts before b> FROM t AS a, t AS b WHERE a.rowid = ? AND b.rowid = ?`
    let sql: String

    /// - Parameter rowIDName: A name of the rowid no column shadows
    ///   (``RowIDTable/rowIDName``).
    init(table: String, rowIDName: String, orderingTerms: [(column: String, ascending: Bool)]) {
        var expression = ""
        for (index, term) in orderingTerms.enumerated().reversed() {
            let a = "a." + quoteIdentifier(term.column), b = "b." + quoteIdentifier(term.column)
            // SQLite orders NULL first ascending, last descending.
            let before = term.ascending
                ? "(CASE WHEN \(a) IS NULL THEN \(b) IS NOT NULL WHEN \(b) IS NULL THEN 0 ELSE \(a) < \(b) END)"
                : "(CASE WHEN \(b) IS NULL THEN \(a) IS NOT NULL WHEN \(a) IS NULL THEN 0 ELSE \(a) > \(b) END)"
            expression = index == orderingTerms.count - 1 ? before : "(\(before) OR (\(a) IS \(b) AND \(expression)))"
        }
        let quoted = quoteIdentifier(table)
        sql = "SELECT \(expression) FROM \(quoted) AS a, \(quoted) AS b WHERE a.\(rowIDName) = ? AND b.\(rowIDName) = ?"
    }

    /// The comparison's statement on a connection: look it up once for a
    /// series of comparisons (each lookup hashes the whole SQL).
    func statement(_ db: Database) throws -> Statement {
        try db.cachedStatement(sql: sql)
    }

    /// Whether row `a` sorts before row `b`; both must exist.
    ///
    /// - Parameter statement: This comparator's ``statement(_:)``.
    func isBefore(_ a: Int64, _ b: Int64, _ statement: Statement) throws -> Bool {
        try statement.bind(a, at: 1)
        try statement.bind(b, at: 2)
        defer { statement.reset() }
        guard try statement.step() else { throw RowVanished() }
        return statement.columnValue(at: 0) == .integer(1)
    }
}

/// Whether one row sorts before another in a request's order, asked of
/// SQLite: by the columns of a structured request, or by running a raw
/// query on the two rows.
enum RowOrderComparator {
    case columns(SortOrderComparator)
    case query(QueryOrderComparator)

    /// The comparison's statement on a connection.
    func statement(_ db: Database) throws -> Statement {
        switch self {
        case .columns(let comparator): try comparator.statement(db)
        case .query(let comparator): try comparator.statement(db)
        }
    }

    /// Whether row `a` sorts before row `b`; both must exist.
    func isBefore(_ a: Int64, _ b: Int64, _ statement: Statement) throws -> Bool {
        switch self {
        case .columns(let comparator): try comparator.isBefore(a, b, statement)
        case .query(let comparator): try comparator.isBefore(a, b, statement)
        }
    }
}

/// Compares two rows of a raw single-table query by running the query
/// restricted to both (``SingleTableQuery/comparisonSQL``): the first row
/// it returns sorts first, by the query's own `ORDER BY`, collations,
/// expressions and all.
struct QueryOrderComparator {
    let sql: String
    let arguments: StatementArguments
    let identityColumn: String

    func statement(_ db: Database) throws -> Statement {
        try db.cachedStatement(sql: sql)
    }

    /// Whether row `a` sorts before row `b`; both must match the query.
    func isBefore(_ a: Int64, _ b: Int64, _ statement: Statement) throws -> Bool {
        var arguments = self.arguments
        arguments.named["plume_a"] = .integer(a)
        arguments.named["plume_b"] = .integer(b)
        try statement.setArguments(arguments)
        defer { statement.reset() }
        guard try statement.step(), let index = statement.layout.index(ofColumn: identityColumn) else { throw RowVanished() }
        return statement.columnValue(at: index) == .integer(a)
    }
}

/// A row the incremental update expected is gone: refetch instead.
struct RowVanished: Error {}
