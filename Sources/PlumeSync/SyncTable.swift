import Persistence
import PlumeSyncProtocol

/// A local table the engine syncs: its columns, its primary key, and how
/// the change history keys its rows.
final class SyncTable: Sendable {
    /// The name, ASCII letters lowercased (as the history records it).
    let name: String
    /// The columns (lowercased), in table order, generated ones excluded.
    let columns: [String]
    /// The columns, for reading rows straight into table order.
    let layout: SyncColumnLayout
    /// The primary key's columns, in key order.
    let keyColumns: [String]
    /// What the server compares.
    let schema: SyncTableSchema
    /// Whether the table is `WITHOUT ROWID` (the history keys rows by the
    /// primary key's quoted values) rather than by rowid.
    let isWithoutRowID: Bool
    /// A name of the rowid no column shadows, for a rowid table.
    let rowIDName: String
    /// Whether the primary key is the rowid (an `INTEGER PRIMARY KEY`), so
    /// that the history's key of a row is its primary key.
    let keyIsRowID: Bool
    /// The statement that makes a row every column's values (positional
    /// arguments in ``columns`` order), whether it existed or not.
    let upsertSQL: String
    /// The statement that deletes the row of a key (arguments in key
    /// order).
    let deleteSQL: String
    /// The query of a row's columns by primary key.
    let selectByKeySQL: String
    /// The query of a row's columns by rowid (``rowIDName``).
    let selectByRowIDSQL: String

    /// Reads the table's shape.
    ///
    /// - Throws: ``SyncError`` (``SyncError/Code/tableNotSyncable``) when
    ///   the table does not exist, has no explicit primary key, or has two
    ///   columns whose names are one name to sync
    ///   (``SyncTableSchema/indistinguishableColumns``).
    init(_ table: String, _ db: Database) throws {
        guard let listed = try Row.fetchOne(db, sql: "SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name = ? COLLATE NOCASE", arguments: [table]),
              case .text(let realName) = listed[0] else {
            throw SyncError(.tableNotSyncable, "no table named \(table)")
        }
        name = realName.syncNameKey
        isWithoutRowID = listed[1] == .integer(1)
        let info = try Row.fetchAll(db, sql: "SELECT name, type, pk FROM pragma_table_xinfo(?, 'main') WHERE hidden = 0 ORDER BY cid", arguments: [realName])
        var columns: [SyncTableSchema.Column] = []
        for row in info {
            let column = try row.decode(String.self, at: 0)
            let type = (try? row.decode(String.self, at: 1)) ?? ""
            let position = try row.decode(Int.self, at: 2)
            columns.append(SyncTableSchema.Column(name: column.syncNameKey, affinity: Self.affinity(declaredType: type), primaryKey: position))
        }
        self.columns = columns.map(\.name)
        layout = SyncColumnLayout(columns: self.columns)
        schema = SyncTableSchema(name: name, columns: columns)
        if let reason = schema.indistinguishableColumns { throw SyncError(.tableNotSyncable, reason) }
        keyColumns = schema.keyColumns
        guard !keyColumns.isEmpty else {
            throw SyncError(.tableNotSyncable, "table \(name) has no primary key: rows are matched across machines by their primary key, and a rowid is local to one file (declare a PRIMARY KEY, preferably a UUID text)")
        }
        let names = Set(self.columns)
        rowIDName = ["rowid", "oid", "_rowid_"].first { !names.contains($0) } ?? keyColumns[0]
        keyIsRowID = try !isWithoutRowID && db.rowIDAlias(of: realName) != nil
        let quotedColumns = self.columns.map(Self.quote)
        let quotedTable = Self.quote(name)
        upsertSQL = """
            INSERT INTO main.\(quotedTable) (\(quotedColumns.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: quotedColumns.count).joined(separator: ", ")))
            ON CONFLICT (\(keyColumns.map(Self.quote).joined(separator: ", "))) DO UPDATE SET \(quotedColumns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """
        let keyCondition = keyColumns.map { "\(Self.quote($0)) = ?" }.joined(separator: " AND ")
        deleteSQL = "DELETE FROM main.\(quotedTable) WHERE \(keyCondition)"
        selectByKeySQL = "SELECT \(quotedColumns.joined(separator: ", ")) FROM main.\(quotedTable) WHERE \(keyCondition)"
        selectByRowIDSQL = "SELECT \(quotedColumns.joined(separator: ", ")) FROM main.\(quotedTable) WHERE \(Self.quote(rowIDName)) = ?"
    }

    /// SQLite's affinity of a declared type (section 3.1 of "Datatypes In
    /// SQLite").
    static func affinity(declaredType type: String) -> String {
        let upper = type.uppercased()
        if upper.contains("INT") { return "INTEGER" }
        if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") { return "TEXT" }
        if upper.isEmpty || upper.contains("BLOB") { return "BLOB" }
        if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") { return "REAL" }
        return "NUMERIC"
    }

    /// The primary key of a whole row.
    func key(of row: [String: DatabaseValue]) -> [DatabaseValue] {
        keyColumns.map { row[$0] ?? .null }
    }

    /// `"name"` quoted for SQL.
    static func quote(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    var quotedName: String { Self.quote(name) }

    /// `"k1" = ? AND "k2" = ?`.
    var keyCondition: String {
        keyColumns.map { "\(Self.quote($0)) = ?" }.joined(separator: " AND ")
    }
}

extension String {
    /// The name with ASCII letters lowercased, as SQLite folds names.
    var syncNameKey: String {
        guard utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }
}
