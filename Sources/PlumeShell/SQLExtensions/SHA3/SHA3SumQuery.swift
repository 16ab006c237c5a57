import CSQLite

/// The SQL `.sha3sum` runs, as `sqlite3` writes it: each table's rows in a
/// fixed order, hashed by ``SHA3Functions``' `sha3_query`.
enum SHA3SumQuery {
    /// The query: a CTE of (query, label) rows, one per table whose name is
    /// LIKE `pattern` (every table without one, `sqlite_schema` too when
    /// `includeSchema`), then the `sha3_query` of each (with a pattern) or
    /// of all of them together, in `size` bits.
    static func sql(on connection: OpaquePointer, pattern: [UInt8]?, includeSchema: Bool, size: Int) -> [UInt8] {
        let tables = RawStatement(connection, includeSchema
            ? "SELECT lower(name) FROM sqlite_schema WHERE type='table' AND coalesce(rootpage,0)>1"
                + " UNION ALL SELECT 'sqlite_schema' ORDER BY 1 collate nocase"
            : "SELECT lower(name) FROM sqlite_schema WHERE type='table' AND coalesce(rootpage,0)>1"
                + " AND name NOT LIKE 'sqlite_%' ORDER BY 1 collate nocase")
        var sql = Array("WITH [sha3sum$query](a,b) AS(".utf8)
        var separator = "VALUES("
        while tables.step() {
            guard let table = tables.text(0) else { continue }
            if let pattern, !Shell.matches(like: pattern, String(decoding: table, as: UTF8.self)) { continue }
            var query: [UInt8] = []
            if !table.starts(with: Array("sqlite_".utf8)) {
                query = Array("SELECT * FROM ".utf8) + SQLiteText.quoted(table, with: UInt8(ascii: "\"")) + Array(" NOT INDEXED;".utf8)
            } else if table == Array("sqlite_schema".utf8) {
                query = Array("SELECT type,name,tbl_name,sql FROM sqlite_schema ORDER BY name;".utf8)
            } else if table == Array("sqlite_sequence".utf8) {
                query = Array("SELECT name,seq FROM sqlite_sequence ORDER BY name;".utf8)
            } else if table == Array("sqlite_stat1".utf8) {
                query = Array("SELECT tbl,idx,stat FROM sqlite_stat1 ORDER BY tbl,idx;".utf8)
            } else if table == Array("sqlite_stat4".utf8) {
                query = Array("SELECT * FROM ".utf8) + table + Array(" ORDER BY tbl, idx, rowid;\n".utf8)
            }
            sql += Array(separator.utf8) + SQLiteText.quoted(query, with: UInt8(ascii: "'")) + [UInt8(ascii: ",")] + SQLiteText.quoted(table, with: UInt8(ascii: "'"))
            separator = "),("
        }
        sql += Array("))".utf8)
        sql += Array((pattern != nil
            ? " SELECT lower(hex(sha3_query(a,\(size)))) AS hash, b AS label   FROM [sha3sum$query]"
            : " SELECT lower(hex(sha3_query(group_concat(a,''),\(size)))) AS hash   FROM [sha3sum$query]").utf8)
        return sql
    }
}
