extension Database {
    /// Throws unless the key a typed record declares identifies one row
    /// of its table: the table's primary key, a rowid table's `rowid`, or
    /// the columns of a unique, non-partial index whose columns are all
    /// `NOT NULL`. Names compare as SQLite compares them (ASCII letters in
    /// any case); the order of the key's columns does not matter.
    ///
    /// - Throws: ``RecordError`` (``RecordError/Code/keyNotUnique``) naming
    ///   the declared key and the table's; ``RecordError/Code/noSuchTable``.
    func checkUniqueKey<Record: TypedTable>(of record: Record.Type) throws {
        let schema = Record.tableSchema
        let declared = schema.primaryKeyColumns.map(\.name)
        guard !declared.isEmpty else { return }
        let table = schema.table
        let info = try columns(in: table)
        let wanted = Set(declared.map { $0.sqlNameKey() })
        let primary = info.filter { $0.primaryKeyIndex > 0 }.sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
        if Set(primary.map { $0.sqlNameKey() }) == wanted { return }
        if wanted.count == 1, let alias = wanted.first, ["rowid", "_rowid_", "oid"].contains(alias),
           !info.contains(where: { $0.name.sqlNameKey() == alias }), try tableIsRowIDTable(table) {
            return
        }
        if try hasUniqueIndex(on: wanted, of: table, requiringNotNull: Set(info.filter(\.isNotNull).map { $0.name.sqlNameKey() })) {
            return
        }
        let tableKey = primary.isEmpty ? "no primary key" : "primary key (\(primary.joined(separator: ", ")))"
        throw RecordError(code: .keyNotUnique, table: table, message: """
            \(Record.self) declares the key (\(declared.joined(separator: ", "))), but the table has \(tableKey) \
            and no unique index of NOT NULL columns on it: a write by that key could change several rows. \
            Declare the table's key with @Column(primaryKey: true) or @Table(primaryKey: [...])
            """)
    }

    /// Whether a unique, non-partial index of a table covers exactly the
    /// columns `wanted` (name keys, in any order), all of them in
    /// `notNull` when that is given.
    ///
    /// - Throws: ``DatabaseError``.
    func hasUniqueIndex(on wanted: Set<String>, of table: String, requiringNotNull notNull: Set<String>?) throws -> Bool {
        if let notNull, !wanted.isSubset(of: notNull) { return false }
        let unique = try Row.fetchAll(self, sql: "SELECT name FROM pragma_index_list(?) WHERE \"unique\" AND NOT partial",
                                      arguments: [table])
        for row in unique {
            let index = try row.decode(String.self, at: 0)
            let indexed = try String?.fetchAll(self, sql: "SELECT name FROM pragma_index_info(?)", arguments: [index])
            let names = indexed.compactMap { $0?.sqlNameKey() }
            if names.count == indexed.count, Set(names) == wanted { return true }
        }
        return false
    }

    /// Whether a table has a rowid (it is not `WITHOUT ROWID`, nor a view),
    /// remembered until the schema changes.
    ///
    /// - Throws: ``DatabaseError``.
    package func tableIsRowIDTable(_ table: String) throws -> Bool {
        let key = table.sqlNameKey()
        if let known = rowIDTableByName[key] { return known }
        let hasRowID = try lookUpRowID(table)
        rowIDTableByName[key] = hasRowID
        return hasRowID
    }

    private func lookUpRowID(_ table: String) throws -> Bool {
        let rows = try Row.fetchAll(self, sql: "SELECT schema, type, wr FROM pragma_table_list WHERE name = ? COLLATE NOCASE",
                                    arguments: [table])
        // The table an unqualified name designates: temp, main, then the
        // attached schemas in order.
        for schema in try schemaSearchOrder(nil) {
            guard let row = rows.first(where: { (try? $0.decode(String.self, at: 0)) == schema }) else { continue }
            return try row.decode(String.self, at: 1) == "table" && !row.decode(Bool.self, at: 2)
        }
        return false
    }
}
