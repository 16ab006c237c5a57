import Persistence

extension FetchRequest {
    /// The SQL the controller runs to fetch every row.
    public var sql: String {
        switch source {
        case .sql(let sql):
            return sql
        case .structured(let table, let filter, let sortColumns, let limit):
            var sql = "SELECT \(structuredSelection) FROM \(quoteIdentifier(table))"
            if let filter { sql += " WHERE \(Self.parenthesized(filter))" }
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

    /// Whether the identity column is named like the rowid (`rowid`, `oid`,
    /// `_rowid_`), which `SELECT *` leaves out. Whether that name reads the
    /// rowid or a column of that name is the table's business
    /// (``RowIDTable``): the SQL selects it by the same name either way.
    var identityIsRowID: Bool {
        ["rowid", "oid", "_rowid_"].contains(identityColumn.sqlNameKey())
    }

    /// What a structured request selects: every column, and the identity
    /// by its own name when `*` leaves it out (`*, oid AS "oid"`), which
    /// reads the rowid, or the column of that name if the table has one.
    var structuredSelection: String {
        identityIsRowID ? "*, \(identityExpression) AS \(quoteIdentifier(identityColumn))" : "*"
    }

    /// The identity in a structured request's SQL: a rowid name bare (the
    /// same name, so it reads what `SELECT *` would), another name quoted.
    var identityExpression: String {
        identityIsRowID ? identityColumn.sqlNameKey() : quoteIdentifier(identityColumn)
    }

    /// Raw SQL to put in parentheses as a subquery: the text up to its last
    /// token, byte for byte, without what may follow (a `--` comment, which
    /// would swallow the closing parenthesis, and a `;`).
    static func subquery(_ sql: String) -> String {
        guard let tokens = SQLTokens(sql)?.tokens, let last = tokens.lastIndex(where: { $0.text != ";" }) else { return sql + "\n" }
        return String(decoding: sql.utf8.prefix(tokens[last].range.upperBound), as: UTF8.self)
    }

    /// A filter in parentheses; on its own line's end when it may hold a
    /// `--` comment, which would otherwise swallow the parenthesis.
    static func parenthesized(_ filter: String) -> String {
        filter.containsScalars("--") ? "(\(filter)\n)" : "(\(filter))"
    }

    /// The sort columns followed by the identity, so the order is total.
    func orderingTerms(_ sortColumns: [SortColumn], qualifier: String? = nil) -> [String] {
        let prefix = qualifier.map { "\($0)." } ?? ""
        var terms = sortColumns.map { prefix + $0.description }
        if !sortColumns.contains(where: { $0.name.sqlNameKey() == identityColumn.sqlNameKey() }) {
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
        guard let first = sortColumns.first, first.name.sqlNameKey() == sectionColumn.sqlNameKey() else {
            throw FetchedResultsError(.sectionColumnNotFirstSort(column: sectionColumn, firstSortColumn: sortColumns.first?.name), sql: sql)
        }
    }
}
