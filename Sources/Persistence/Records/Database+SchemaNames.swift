extension Database {
    /// The schemas to look for an object named without a schema, in the
    /// order SQLite resolves such a name in SQL: `temp`, then `main`, then
    /// the attached databases in the order they were attached. With a
    /// schema name, that schema alone, as the connection spells it.
    ///
    /// - Throws: ``DatabaseError`` (`no such schema: NAME`) when no schema
    ///   has the given name.
    func schemaSearchOrder(_ schemaName: String?) throws -> [String] {
        guard let schemaName else {
            // `pragma_database_list` lists `main` (seq 0), `temp` (seq 1,
            // once the connection has a temp schema), then the attached
            // databases in order.
            let names = try String.fetchAll(self, sql: "SELECT name FROM pragma_database_list ORDER BY seq")
            return names.filter { $0 == "temp" } + names.filter { $0 != "temp" }
        }
        return [try canonicalSchemaName(schemaName)]
    }

    /// The name of the schema `schemaName` designates, compared as SQLite
    /// compares schema names (case-insensitive for ASCII letters only).
    /// `temp` always designates the temporary schema, even before the
    /// connection creates it.
    ///
    /// - Throws: ``DatabaseError`` (`no such schema: NAME`) when no schema
    ///   has that name.
    func canonicalSchemaName(_ schemaName: String) throws -> String {
        if schemaName.sqlNameKey() == "temp" { return "temp" }
        guard let name = try String.fetchOne(self, sql: "SELECT name FROM pragma_database_list WHERE name = ? COLLATE NOCASE",
                                             arguments: [schemaName]) else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such schema: \(schemaName)")
        }
        return name
    }
}
