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
