import Persistence

/// A raw SQL request that reads one table row by row, in an order SQLite
/// can be asked about: it follows commits incrementally like a structured
/// request (``IncrementalUpdater``).
///
/// The query must have a ``SelectOutline`` (one table, a filter, an
/// `ORDER BY`, no limit), read a rowid table (not a view), aggregate
/// nothing, and select the rowid as its identity column. Then:
/// - the changed rows are the query restricted to their rowids
///   (``rowSQL``);
/// - two rows are placed by running the query restricted to both, in its
///   own order (``comparisonSQL``);
/// - the order is made total by the identity as a last ordering term, in
///   the refetch (``orderedSQL``) as in the comparisons, so both agree on
///   rows whose other terms tie.
struct SingleTableQuery {
    /// The query with the identity as its last ordering term.
    let orderedSQL: String
    /// The query restricted to one rowid, `:plume_rowid`.
    let rowSQL: String
    /// The query restricted to two rowids, `:plume_a` and `:plume_b`, first
    /// row only.
    let comparisonSQL: String
    /// The lowercased table name.
    let table: String

    /// The analysis, or nil when the request keeps the refetch path.
    ///
    /// - Throws: ``DatabaseError`` only for errors of the request's own SQL.
    init?(request: FetchRequest, region: DatabaseRegion, _ db: Database) throws {
        guard case .sql(let sql) = request.source,
              let outline = SelectOutline(sql), region.tables == [outline.table.lowercased()],
              let rowid = try Self.rowIDName(of: outline.table, db),
              try Self.identityIsRowID(sql: sql, request: request, table: outline.table, db),
              try !Self.aggregates(sql, arguments: request.arguments, db)
        else { return nil }
        let identity = quoteIdentifier(request.identityColumn)
        let select = "SELECT \(outline.columns) FROM \(outline.from)"
        let filter = outline.filter.map { "(\($0)) AND " } ?? ""
        let order = "ORDER BY \(outline.orderingTerms), \(identity)"
        table = outline.table.lowercased()
        orderedSQL = "\(select)\(outline.filter.map { " WHERE \($0)" } ?? "") \(order)"
        rowSQL = "\(select) WHERE \(filter)\(rowid) = :plume_rowid"
        comparisonSQL = "\(select) WHERE \(filter)\(rowid) IN (:plume_a, :plume_b) \(order) LIMIT 1"
    }

    /// A name of the rowid that no column of the table shadows; nil for a
    /// view, a `WITHOUT ROWID` table, or a table with all three names.
    private static func rowIDName(of table: String, _ db: Database) throws -> String? {
        let type = try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE", arguments: [table])
        guard type == "table",
              (try? db.makeStatement(sql: "SELECT rowid FROM \(quoteIdentifier(table)) LIMIT 0")) != nil
        else { return nil }
        let columns = Set(try String.fetchAll(db, sql: "SELECT lower(name) FROM pragma_table_info(?)", arguments: [table]))
        return ["rowid", "_rowid_", "oid"].first { !columns.contains($0) }
    }

    /// Whether the identity result column reads the table's rowid.
    private static func identityIsRowID(sql: String, request: FetchRequest, table: String, _ db: Database) throws -> Bool {
        let statement = try db.makeStatement(sql: sql)
        let matches = statement.columnNames.indices.filter {
            statement.columnNames[$0].lowercased() == request.identityColumn.lowercased()
        }
        guard matches.count == 1, let origin = statement.columnOrigin(at: matches[0]),
              origin.table.lowercased() == table.lowercased()
        else { return false }
        if ["rowid", "oid", "_rowid_"].contains(origin.column.lowercased()) { return true }
        let keys = try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?) WHERE pk > 0", arguments: [table])
        guard keys.count == 1, case .text(let name)? = keys[0]["name"], case .text(let type)? = keys[0]["type"] else { return false }
        return name.lowercased() == origin.column.lowercased() && type.uppercased() == "INTEGER"
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
