import Persistence

extension FetchRequest {
    /// The SQL the controller runs to fetch every row.
    public var sql: String {
        switch source {
        case .sql(let sql):
            return sql
        case .structured(let table, let filter, let sortColumns, let limit):
            var sql = "SELECT *"
            if identityIsRowID { sql += ", rowid AS \(quoteIdentifier(identityColumn))" }
            sql += " FROM \(quoteIdentifier(table))"
            if let filter { sql += " WHERE (\(filter))" }
            sql += " ORDER BY " + orderingTerms(sortColumns).joined(separator: ", ")
            if let limit { sql += " LIMIT \(limit)" }
            return sql
        }
    }

    /// The same request running other SQL.
    func replacingSQL(_ sql: String) -> FetchRequest {
        var request = self
        request.source = .sql(sql)
        return request
    }

    /// Whether the identity column names the rowid itself (`rowid`, `oid`,
    /// `_rowid_`), which `SELECT *` leaves out.
    var identityIsRowID: Bool {
        ["rowid", "oid", "_rowid_"].contains(identityColumn.lowercased())
    }

    /// The sort columns followed by the identity, so the order is total.
    func orderingTerms(_ sortColumns: [SortColumn], qualifier: String? = nil) -> [String] {
        let prefix = qualifier.map { "\($0)." } ?? ""
        var terms = sortColumns.map { prefix + $0.description }
        if !sortColumns.contains(where: { $0.name.lowercased() == identityColumn.lowercased() }) {
            terms.append(prefix + quoteIdentifier(identityColumn) + " ASC")
        }
        return terms
    }

    /// Checks what can be checked without a database: a section column
    /// must be the first sort column of a structured request.
    ///
    /// - Throws: ``FetchedResultsError`` naming the section column.
    func validate() throws(FetchedResultsError) {
        if batchSize < 0 {
            throw FetchedResultsError(.invalidBatchSize(batchSize), sql: sql)
        }
        guard case .structured(_, _, let sortColumns, _) = source, let sectionColumn else { return }
        guard let first = sortColumns.first, first.name.lowercased() == sectionColumn.lowercased() else {
            throw FetchedResultsError(.sectionColumnNotFirstSort(column: sectionColumn, firstSortColumn: sortColumns.first?.name), sql: sql)
        }
    }
}
