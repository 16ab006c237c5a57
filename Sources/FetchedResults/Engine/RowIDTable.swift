import Persistence

/// What SQLite's schema says about a table's rowid: whether a query can
/// name it, by which name, and which column names read it.
///
/// Names are not enough. A table may declare a column named `rowid`, `oid`
/// or `_rowid_`, of any type: that name then reads the column, not the
/// rowid. And only some `INTEGER PRIMARY KEY` columns alias the rowid:
/// `id INTEGER PRIMARY KEY DESC` does not, `PRIMARY KEY (id DESC)` on an
/// `INTEGER` column does, `INT PRIMARY KEY` does not
/// (https://www.sqlite.org/lang_createtable.html#rowid). Rather than parse
/// the declaration, ask SQLite: a primary key that is not the rowid gets
/// an automatic index (origin `pk` in `pragma_index_list`); an alias needs
/// none.
struct RowIDTable {
    /// A name of the rowid that no column shadows: `rowid`, `_rowid_` or
    /// `oid`.
    let rowIDName: String
    /// The keys of the table's column names (ASCII lowercased, as
    /// SQLite's `lower()` and name comparisons fold), hidden and generated
    /// columns included.
    private let columns: Set<String>
    /// The key of the name of the column that aliases the rowid, if any.
    private let alias: String?

    /// The table's rowid, or nil unless `table` is an ordinary table of the
    /// main schema with a rowid that some name still reads: nil for a view,
    /// a virtual table, a `WITHOUT ROWID` table, a table a temporary table
    /// of the same name hides, and a table with columns named `rowid`,
    /// `oid` and `_rowid_`.
    ///
    /// - Throws: ``DatabaseError``.
    init?(_ table: String, _ db: Database) throws {
        guard try Self.isOrdinaryMainTable(table, db) else { return nil }
        let info = try Row.fetchAll(db, sql: "SELECT lower(name) AS name, pk FROM pragma_table_xinfo(?, 'main')", arguments: [table])
        let columns = Set(info.compactMap { row -> String? in
            guard case .text(let name)? = row["name"] else { return nil }
            return name
        })
        guard let name = ["rowid", "_rowid_", "oid"].first(where: { !columns.contains($0) }),
              // With a name no column shadows, only a WITHOUT ROWID table fails.
              (try? db.makeStatement(sql: "SELECT \(name) FROM main.\(quoteIdentifier(table)) LIMIT 0")) != nil
        else { return nil }
        rowIDName = name
        self.columns = columns
        let keys = info.filter { ($0["pk"] ?? .integer(0)) != .integer(0) }
        let keyIndexes = try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_index_list(?, 'main') WHERE origin = 'pk'",
                                          arguments: [table]) ?? 0
        if keys.count == 1, keyIndexes == 0, case .text(let key)? = keys[0]["name"] {
            alias = key
        } else {
            alias = nil
        }
    }

    /// Whether a column name reads the rowid: the name of the column that
    /// aliases it, or `rowid`, `oid` or `_rowid_` when no column has that
    /// name. `sqlite3_column_origin_name` reports the rowid as `rowid`, or
    /// as its alias: the same test applies to it.
    func readsRowID(_ column: String) -> Bool {
        let name = column.sqlNameKey()
        if columns.contains(name) { return name == alias }
        return ["rowid", "oid", "_rowid_"].contains(name)
    }

    /// Whether `table` names a table of the main schema that is not
    /// virtual, and no temporary table or view hides it.
    private static func isOrdinaryMainTable(_ table: String, _ db: Database) throws -> Bool {
        let objects = try Row.fetchAll(db, sql: "SELECT type, sql FROM sqlite_master WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')",
                                       arguments: [table])
        guard objects.count == 1, objects[0]["type"] == .text("table") else { return false }
        // SQLite stores a virtual table's SQL as `CREATE VIRTUAL TABLE …`.
        if case .text(let sql)? = objects[0]["sql"], sql.sqlNameKey().hasPrefix("create virtual") { return false }
        let hidden = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_temp_master WHERE name = ? COLLATE NOCASE AND type IN ('table', 'view')",
                                      arguments: [table]) ?? 0
        return hidden == 0
    }
}
