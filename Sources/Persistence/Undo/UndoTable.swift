/// One table recorded with values, as undo replays its rows: its name, how
/// its rows are keyed, and the columns its history entries hold.
struct UndoTable {
    /// The table's name as the schema spells it.
    let name: String
    /// Its name in the history (ASCII letters lowercased).
    let recorded: String
    let key: ChangeHistoryKey
    /// The columns values record (generated columns excluded), in order.
    let columns: [String]

    /// - Throws: ``DatabaseUndoError`` when the table is gone
    ///   (``DatabaseUndoError/Code/schemaChanged``) or is not recorded
    ///   with values (``DatabaseUndoError/Code/notUndoable``).
    init(recorded: String, _ db: Database) throws {
        self.recorded = recorded
        do {
            name = try db.recordableTableName(recorded)
        } catch let error as ChangeHistoryError where error.code == .noSuchTable {
            throw DatabaseUndoError(.schemaChanged, "table \"\(recorded)\" no longer exists: \(error.message)")
        }
        guard let stored = try db.storedHistoryValues(of: recorded) else {
            throw DatabaseUndoError(.notUndoable, "table \"\(name)\" is recorded without values: enable its history with values: true to undo its changes")
        }
        let current = try db.historyValueColumns(of: name).map(\.name)
        guard current == stored.columns else {
            throw DatabaseUndoError(.schemaChanged, "the columns of table \"\(name)\" changed since its values were recorded (\(stored.columns.joined(separator: ", ")) then, \(current.joined(separator: ", ")) now)")
        }
        columns = current
        let visible = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_xinfo(?, 'main') WHERE hidden <> 1 ORDER BY cid", arguments: [name])
        key = try db.historyKey(of: name, columns: visible)
    }

    var quotedName: String { "main.\(quoteIdentifier(name))" }

    /// The columns an insert restores: the recorded ones, and the rowid of
    /// a rowid table unless a column (its `INTEGER PRIMARY KEY`) holds it.
    var insertedColumns: (names: [String], rowID: Bool) {
        let restoresRowID = key.columns == nil && !columns.contains { $0.sqlNameKey() == key.rowIDName.sqlNameKey() }
        return (columns + (restoresRowID ? [key.rowIDName] : []), restoresRowID)
    }

    /// The `WHERE` condition that finds the row of `key`, and its
    /// arguments, for an entry that holds the whole row (an insert, delete
    /// or conflict): the rowid, or a `WITHOUT ROWID` key's columns equal
    /// to the values the entry `sequence` recorded for them, read in SQL
    /// (so a text key is matched byte for byte, `NUL`s included), and the
    /// history's text of the key, so that a row whose key SQLite calls
    /// equal but the history spells otherwise (`'a'` and `'A'` under
    /// `NOCASE`) is never taken for it.
    func condition(_ key: UndoRowKey, rowOf sequence: Int64) -> (sql: String, arguments: [DatabaseValue]) {
        if let rowID = key.rowID {
            return ("\(quoteIdentifier(self.key.rowIDName)) = ?", [.integer(rowID)])
        }
        let exact = "\(self.key.expression("")) = CAST(? AS TEXT)"
        let keyColumns = self.key.columns ?? []
        let slots = keyColumns.compactMap { name in columns.firstIndex { $0.sqlNameKey() == name.sqlNameKey() }.map { "v\($0 + 1)" } }
        guard slots.count == keyColumns.count, !slots.isEmpty else { return (exact, [.blob(key.bytes)]) }
        let tuple = "(\(keyColumns.map(quoteIdentifier).joined(separator: ", "))) = (SELECT \(slots.joined(separator: ", ")) FROM main.plume_history WHERE seq = ?)"
        return ("\(tuple) AND \(exact)", [.integer(sequence), .blob(key.bytes)])
    }

    /// The `WHERE` condition that finds the row of `key` for an update
    /// entry, which holds only the columns it changed: the rowid, or a
    /// `WITHOUT ROWID` key's values read back from the history's text of
    /// the key (which uses the key's index) and that text, byte for byte.
    func condition(_ key: UndoRowKey) -> (sql: String, arguments: [DatabaseValue]) {
        if let rowID = key.rowID {
            return ("\(quoteIdentifier(self.key.rowIDName)) = ?", [.integer(rowID)])
        }
        let exact = "\(self.key.expression("")) = CAST(? AS TEXT)"
        guard let columns = self.key.columns, let literals = key.literals(count: columns.count) else {
            return (exact, [.blob(key.bytes)])
        }
        let equalities = zip(columns, literals).map { "\(quoteIdentifier($0)) = \($1.placeholder)" }
        return ((equalities + [exact]).joined(separator: " AND "), literals.compactMap(\.argument) + [.blob(key.bytes)])
    }
}
