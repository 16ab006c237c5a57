import Persistence

/// A raw SQL request that reads one table row by row, in an order SQLite
/// can be asked about: it follows commits incrementally like a structured
/// request (``IncrementalUpdater``).
///
/// The query must have a ``SelectOutline`` (one table, a filter, an
/// `ORDER BY`, no limit), read a table with a rowid (``RowIDTable``: not a
/// view, a virtual or a `WITHOUT ROWID` table), aggregate nothing, and
/// select the rowid as its identity column, as SQLite's column metadata
/// tells. Then:
/// - the changed rows are the query restricted to their rowids
///   (``rowSQL``);
/// - two rows are placed by running the query restricted to both, in its
///   own order (``comparisonSQL``);
/// - the order is made total by the identity as a last ordering term, in
///   the refetch (``orderedSQL``) as in the comparisons, so both agree on
///   rows whose other terms tie.
///
/// The three queries are the outline's parts, comments blanked, joined
/// with Plume's additions: they read what the user's query reads.
struct SingleTableQuery {
    /// The query with the identity as its last ordering term.
    let orderedSQL: String
    /// The query restricted to one rowid, `:plume_rowid`.
    let rowSQL: String
    /// The query restricted to two rowids, `:plume_a` and `:plume_b`, first
    /// row only.
    let comparisonSQL: String
    /// The table name's key (`sqlNameKey()`: ASCII lowercased), as
    /// changes name it.
    let table: String

    /// The query of a raw SQL request, or why it keeps the refetch path.
    ///
    /// - Parameter statement: The request's SQL, compiled.
    /// - Throws: ``DatabaseError`` only for errors of the request's own SQL.
    static func analyze(_ request: FetchRequest, statement: Statement, _ db: Database) throws -> Result<SingleTableQuery, RefetchReason> {
        guard case .sql(let sql) = request.source, let outline = SelectOutline(sql) else { return .failure(.notSingleTableSelect) }
        guard statement.region.tables == [outline.table.sqlNameKey()] else { return .failure(.readsOtherTables) }
        guard let table = try RowIDTable(outline.table, db) else { return .failure(.noRowID(table: outline.table)) }
        guard identityIsRowID(statement, request: request, outline: outline, table: table) else {
            return .failure(.identityIsNotRowID(column: request.identityColumn))
        }
        guard try !aggregates(sql, arguments: request.arguments, db) else { return .failure(.aggregates) }
        return .success(SingleTableQuery(outline, identityColumn: request.identityColumn, rowIDName: table.rowIDName))
    }

    private init(_ outline: SelectOutline, identityColumn: String, rowIDName: String) {
        let identity = quoteIdentifier(identityColumn)
        let select = "SELECT \(outline.columns) FROM \(outline.from)"
        let filter = outline.filter.map { "(\($0)) AND " } ?? ""
        let order = "ORDER BY \(outline.orderingTerms), \(identity)"
        table = outline.table.sqlNameKey()
        orderedSQL = "\(select)\(outline.filter.map { " WHERE \($0)" } ?? "") \(order)"
        rowSQL = "\(select) WHERE \(filter)\(rowIDName) = :plume_rowid"
        comparisonSQL = "\(select) WHERE \(filter)\(rowIDName) IN (:plume_a, :plume_b) \(order) LIMIT 1"
    }

    /// Whether the identity result column reads the table's rowid: one
    /// result column of that name, whose origin (`sqlite3_column_table_name`,
    /// `sqlite3_column_origin_name`) is the table's rowid or its alias. An
    /// expression has no origin; a column merely named `rowid` is not it.
    private static func identityIsRowID(_ statement: Statement, request: FetchRequest, outline: SelectOutline, table: RowIDTable) -> Bool {
        let matches = statement.columnNames.indices.filter {
            statement.columnNames[$0].sqlNameKey() == request.identityColumn.sqlNameKey()
        }
        guard matches.count == 1, let origin = statement.columnOrigin(at: matches[0]),
              origin.table.sqlNameKey() == outline.table.sqlNameKey()
        else { return false }
        return table.readsRowID(origin.column)
    }

    /// Whether the query aggregates (an aggregate or window function): its
    /// program steps an aggregate.
    private static func aggregates(_ sql: String, arguments: StatementArguments, _ db: Database) throws -> Bool {
        let program = try Row.fetchAll(db, sql: "EXPLAIN \(sql)", arguments: arguments)
        return program.contains { row in
            guard case .text(let opcode)? = row["opcode"] else { return false }
            return opcode.hasPrefix("Agg")
        }
    }
}
