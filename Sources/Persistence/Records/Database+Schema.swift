extension Database {
    /// The primary key columns of a table, in key order.
    ///
    /// The result is cached until the schema changes through this
    /// connection.
    ///
    /// - Returns: The column names; empty when the table has no explicit
    ///   primary key (it only has a rowid).
    /// - Throws: ``RecordError`` (``RecordError/Code/noSuchTable``) when the
    ///   table does not exist, or a ``DatabaseError``.
    public func primaryKey(of table: String) throws -> [String] {
        let key = table.sqlNameKey()
        if let known = primaryKeyByTable[key] { return known }
        let rows = try Row.fetchAll(self, sql: "SELECT name, pk FROM pragma_table_info(?) ORDER BY pk", arguments: [table])
        guard !rows.isEmpty else {
            throw RecordError(code: .noSuchTable, table: table, message: "the database has no table named \"\(table)\"")
        }
        let columns: [String] = try rows.compactMap { row in
            try row.decode(Int.self, at: 1) > 0 ? row.decode(String.self, at: 0) : nil
        }
        primaryKeyByTable[key] = columns
        return columns
    }

    /// Forgets what was learned of the schema, after it changed.
    func schemaDidChange() {
        rowIDTrackingByTable.removeAll()
        primaryKeyByTable.removeAll()
        rowIDTableByName.removeAll()
        clearStatementCache()
    }
}

/// Quotes an identifier for SQL: `"name"`, with inner quotes doubled.
func quoteIdentifier(_ name: String) -> String {
    guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
    // Every double quote doubled, scalar by scalar: a quote followed by a
    // combining mark is still a quote to SQLite.
    var quoted = String.UnicodeScalarView()
    quoted.append("\"")
    for scalar in name.unicodeScalars {
        quoted.append(scalar)
        if scalar == "\"" { quoted.append(scalar) }
    }
    quoted.append("\"")
    return String(quoted)
}
