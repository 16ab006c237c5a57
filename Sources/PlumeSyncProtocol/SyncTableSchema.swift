/// A synced table's shape: the columns both sides must share.
public struct SyncTableSchema: Codable, Hashable, Sendable {
    /// One column.
    public struct Column: Codable, Hashable, Sendable {
        /// The name, ASCII letters lowercased.
        public var name: String
        /// The column's type affinity: `INTEGER`, `REAL`, `NUMERIC`,
        /// `TEXT` or `BLOB` (SQLite's rules on the declared type), which
        /// decides how a value is stored.
        public var affinity: String
        /// The column's position in the primary key (1-based), 0 when it is
        /// not part of it.
        public var primaryKey: Int

        /// Creates a column.
        public init(name: String, affinity: String, primaryKey: Int) {
            self.name = name
            self.affinity = affinity
            self.primaryKey = primaryKey
        }
    }

    /// The table's name, ASCII letters lowercased.
    public var name: String
    /// The columns, in table order (generated columns excluded).
    public var columns: [Column]

    /// Creates a schema.
    public init(name: String, columns: [Column]) {
        self.name = name
        self.columns = columns
    }

    /// The primary key's columns, in key order.
    public var keyColumns: [String] {
        columns.filter { $0.primaryKey > 0 }.sorted { $0.primaryKey < $1.primaryKey }.map(\.name)
    }

    /// Why the table cannot be synced because two of its columns' names
    /// are one name to the protocol, which keys values by column name and
    /// compares names as Swift compares strings: the same, or canonically
    /// equivalent Unicode (`é` composed and `e` with a combining accent,
    /// which SQLite keeps apart). Nil when every name is distinct.
    public var indistinguishableColumns: String? {
        var seen: [String: String] = [:]
        for column in columns {
            if let earlier = seen[column.name] {
                return "table \(name) has columns \(Self.spelled(earlier)) and \(Self.spelled(column.name)), one name to sync (equal as Unicode text): rename one of them"
            }
            seen[column.name] = column.name
        }
        return nil
    }

    /// A name with every non-ASCII scalar written as `\u{…}`, in quotes.
    private static func spelled(_ name: String) -> String {
        "\"" + name.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }

    /// Why `self` (a client's) differs from `server`, naming the table and
    /// the first column that differs; nil when they match.
    public func mismatch(with server: SyncTableSchema) -> String? {
        let serverColumns = Dictionary(server.columns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let clientColumns = Set(columns.map(\.name))
        for column in columns {
            guard let other = serverColumns[column.name] else {
                return "table \(name): column \(column.name) is not on the server (the server has \(server.columns.map(\.name).joined(separator: ", ")))"
            }
            if other.affinity != column.affinity {
                return "table \(name): column \(column.name) has \(column.affinity) affinity here and \(other.affinity) on the server"
            }
            if other.primaryKey != column.primaryKey {
                return "table \(name): column \(column.name) is \(Self.keyDescription(column.primaryKey)) here and \(Self.keyDescription(other.primaryKey)) on the server"
            }
        }
        if let missing = server.columns.first(where: { !clientColumns.contains($0.name) }) {
            return "table \(name): column \(missing.name) is on the server but not here"
        }
        if columns.map(\.name) != server.columns.map(\.name) {
            return "table \(name): columns are in another order here (\(columns.map(\.name).joined(separator: ", "))) than on the server (\(server.columns.map(\.name).joined(separator: ", ")))"
        }
        return nil
    }

    private static func keyDescription(_ position: Int) -> String {
        position == 0 ? "not in the primary key" : "primary key column \(position)"
    }
}
