import Foundation

/// A column of a table or view, as `PRAGMA table_xinfo` describes it.
public struct ColumnInfo: Sendable, Hashable, CustomStringConvertible {
    /// The column's name.
    public var name: String
    /// The declared type (`TEXT`, `INTEGER`, …), empty when none.
    public var declaredType: String
    /// Whether the column is `NOT NULL`.
    public var isNotNull: Bool
    /// The default value's SQL text, or nil.
    public var defaultValueSQL: String?
    /// The column's position in the primary key, from 1; 0 when it is not
    /// part of it.
    public var primaryKeyIndex: Int
    /// Whether the column is hidden (of a virtual table) or generated.
    public var isHiddenOrGenerated: Bool

    /// `name TYPE`, as a schema would show it.
    public var description: String { declaredType.isEmpty ? name : "\(name) \(declaredType)" }
}

/// An index of a table, as `PRAGMA index_list` and `index_info` describe it.
public struct IndexInfo: Sendable, Hashable {
    /// The index's name.
    public var name: String
    /// The indexed columns, in order (nil for an expression).
    public var columns: [String?]
    /// Whether the index is `UNIQUE`.
    public var isUnique: Bool
    /// How it was made: `c` (`CREATE INDEX`), `u` (a `UNIQUE` constraint),
    /// `pk` (the primary key).
    public var origin: String
}

/// A foreign key of a table, as `PRAGMA foreign_key_list` describes it.
public struct ForeignKeyInfo: Sendable, Hashable {
    /// The referenced table.
    public var destinationTable: String
    /// Pairs of (column of this table, referenced column; nil when the
    /// reference names no column: the destination's primary key).
    public var mapping: [(origin: String, destination: String?)]

    public static func == (lhs: ForeignKeyInfo, rhs: ForeignKeyInfo) -> Bool {
        lhs.destinationTable == rhs.destinationTable
            && lhs.mapping.map(\.origin) == rhs.mapping.map(\.origin)
            && lhs.mapping.map(\.destination) == rhs.mapping.map(\.destination)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(destinationTable)
        hasher.combine(mapping.map(\.origin))
    }
}

extension Database {
    /// Whether a table or view of this name exists.
    ///
    /// Names compare as SQLite compares them: ASCII letters in any case.
    /// Without a schema name, the table is looked for where an unqualified
    /// name in SQL would find it: in `temp`, then `main`, then the
    /// attached databases in the order they were attached (as
    /// ``columns(in:in:)`` does).
    ///
    /// ```swift
    /// if try !db.tableExists("photo") { try db.execute(sql: "CREATE TABLE photo (id INTEGER PRIMARY KEY)") }
    /// try db.tableExists("photo", in: "archive")   // in the database attached as archive
    /// ```
    ///
    /// - Parameters:
    ///   - name: The table or view name.
    ///   - schemaName: `main`, `temp` or the name of an attached database,
    ///     to look in that schema alone; nil (the default) for every schema.
    /// - Throws: ``DatabaseError``, among others when no schema is named
    ///   `schemaName` (`no such schema: NAME`).
    /// - Complexity: One query per schema searched.
    public func tableExists(_ name: String, in schemaName: String? = nil) throws -> Bool {
        for schema in try schemaSearchOrder(schemaName) {
            let sql = "SELECT 1 FROM \(quoteIdentifier(schema)).sqlite_master WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE LIMIT 1"
            if try Int.fetchOne(self, sql: sql, arguments: [name]) != nil { return true }
        }
        return false
    }

    /// The columns of a table or view, in order, hidden and generated ones
    /// included.
    ///
    /// Without a schema name, the table is the one an unqualified name in
    /// SQL designates: in `temp`, else `main`, else the first attached
    /// database that has it (as ``tableExists(_:in:)`` looks for it).
    ///
    /// - Parameters:
    ///   - table: The table or view name, in any case of its ASCII letters.
    ///   - schemaName: `main`, `temp` or the name of an attached database,
    ///     to look in that schema alone; nil (the default) for every schema.
    /// - Throws: ``RecordError`` (``RecordError/Code/noSuchTable``) when
    ///   there is no such table or view, or a ``DatabaseError``, among
    ///   others when no schema is named `schemaName`
    ///   (`no such schema: NAME`).
    public func columns(in table: String, in schemaName: String? = nil) throws -> [ColumnInfo] {
        let columns = "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM "
        let rows: [Row]
        if let schemaName {
            let schema = try canonicalSchemaName(schemaName)
            rows = try Row.fetchAll(self, sql: columns + "pragma_table_xinfo(?, ?)", arguments: [table, schema])
            guard !rows.isEmpty else {
                throw RecordError(code: .noSuchTable, table: table,
                                  message: "the schema \"\(schema)\" has no table named \"\(table)\"")
            }
        } else {
            rows = try Row.fetchAll(self, sql: columns + "pragma_table_xinfo(?)", arguments: [table])
            guard !rows.isEmpty else {
                throw RecordError(code: .noSuchTable, table: table, message: "the database has no table named \"\(table)\"")
            }
        }
        return try rows.map { row in
            ColumnInfo(name: try row.decode(String.self, at: 0), declaredType: try row.decode(String.self, at: 1),
                       isNotNull: try row.decode(Bool.self, at: 2), defaultValueSQL: try row.decode(String?.self, at: 3),
                       primaryKeyIndex: try row.decode(Int.self, at: 4), isHiddenOrGenerated: try row.decode(Int.self, at: 5) != 0)
        }
    }

    /// The indexes of a table.
    ///
    /// - Throws: ``RecordError`` when there is no such table, or a
    ///   ``DatabaseError``.
    public func indexes(on table: String) throws -> [IndexInfo] {
        _ = try columns(in: table)
        let list = try Row.fetchAll(self, sql: "SELECT name, \"unique\", origin FROM pragma_index_list(?) ORDER BY seq", arguments: [table])
        return try list.map { row in
            let name = try row.decode(String.self, at: 0)
            let columns = try String?.fetchAll(self, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [name])
            return IndexInfo(name: name, columns: columns, isUnique: try row.decode(Bool.self, at: 1), origin: try row.decode(String.self, at: 2))
        }
    }

    /// The foreign keys of a table.
    ///
    /// - Throws: ``RecordError`` when there is no such table, or a
    ///   ``DatabaseError``.
    public func foreignKeys(on table: String) throws -> [ForeignKeyInfo] {
        _ = try columns(in: table)
        let rows = try Row.fetchAll(self, sql: "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq",
                                    arguments: [table])
        var keys: [(id: Int, info: ForeignKeyInfo)] = []
        for row in rows {
            let id = try row.decode(Int.self, at: 0)
            let pair = (origin: try row.decode(String.self, at: 2), destination: try row.decode(String?.self, at: 3))
            if keys.last?.id == id {
                keys[keys.count - 1].info.mapping.append(pair)
            } else {
                keys.append((id, ForeignKeyInfo(destinationTable: try row.decode(String.self, at: 1), mapping: [pair])))
            }
        }
        return keys.map(\.info)
    }
}
