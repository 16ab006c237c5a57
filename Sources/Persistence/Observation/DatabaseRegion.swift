/// The tables, and columns where SQLite tells, that a query reads.
///
/// Plume learns a statement's region from SQLite's authorizer when it
/// compiles the statement (``Statement/region``). Live queries compare it
/// with each transaction's ``DatabaseChanges`` to skip commits that cannot
/// change their result.
public struct DatabaseRegion: Hashable, Sendable, CustomStringConvertible {
    /// Columns read per table (lowercased names); nil means the whole table
    /// (for example `COUNT(*)`).
    public private(set) var columnsByTable: [String: Set<String>?] = [:]

    /// An empty region.
    public init() {}

    /// A region made of whole tables.
    public init(tables: some Sequence<String>) {
        for table in tables { insert(table: table) }
    }

    /// The lowercased names of the tables read.
    public var tables: Set<String> { Set(columnsByTable.keys) }

    /// Whether the region reads nothing.
    public var isEmpty: Bool { columnsByTable.isEmpty }

    /// Adds a whole table.
    public mutating func insert(table: String) {
        columnsByTable[table.sqlNameKey()] = .some(nil)
    }

    /// Adds one column of a table.
    public mutating func insert(table: String, column: String) {
        let key = table.sqlNameKey()
        switch columnsByTable[key] {
        case .none:
            columnsByTable[key] = [column.sqlNameKey()]
        case .some(.none):
            break // already the whole table
        case .some(.some(var columns)):
            columns.insert(column.sqlNameKey())
            columnsByTable[key] = columns
        }
    }

    /// Adds everything another region reads.
    public mutating func formUnion(_ other: DatabaseRegion) {
        for (table, columns) in other.columnsByTable {
            if let columns {
                for column in columns { insert(table: table, column: column) }
            } else {
                insert(table: table)
            }
        }
    }

    /// Whether the region reads the table.
    public func contains(table: String) -> Bool {
        columnsByTable[table.sqlNameKey()] != nil
    }

    public var description: String {
        columnsByTable.keys.sorted().map { table in
            if case .some(.some(let columns)) = columnsByTable[table] {
                return "\(table)(\(columns.sorted().joined(separator: ",")))"
            }
            return "\(table)(*)"
        }.joined(separator: ", ")
    }
}
