import CSQLite

extension Statement {
    /// The table and column a result column reads as is, as SQLite's column
    /// metadata reports them (`sqlite3_column_table_name` and
    /// `sqlite3_column_origin_name`); nil for an expression.
    ///
    /// A column that reads the rowid reports the table's `INTEGER PRIMARY
    /// KEY` column, or `rowid` when the table has none.
    package func columnOrigin(at index: Int) -> (table: String, column: String)? {
        guard let handle, index >= 0, index < columnCount,
              let table = sqlite3_column_table_name(handle, Int32(index)),
              let column = sqlite3_column_origin_name(handle, Int32(index))
        else { return nil }
        return (String(cString: table), String(cString: column))
    }
}

extension Statement {
    /// The collation a result column that reads a table column as is
    /// declares (`COLLATE NOCASE` in its table's definition), as
    /// `sqlite3_table_column_metadata` reports it: "BINARY" when it declares
    /// none; nil for an expression.
    package func declaredCollation(ofColumnAt index: Int) -> String? {
        guard let handle, index >= 0, index < columnCount,
              let database = sqlite3_column_database_name(handle, Int32(index)),
              let table = sqlite3_column_table_name(handle, Int32(index)),
              let column = sqlite3_column_origin_name(handle, Int32(index))
        else { return nil }
        var collation: UnsafePointer<CChar>?
        let code = sqlite3_table_column_metadata(sqlite3_db_handle(handle), database, table, column,
                                                 nil, &collation, nil, nil, nil)
        guard code == SQLITE_OK else { return nil }
        return collation.map { String(cString: $0) } ?? "BINARY"
    }
}
