import Foundation

/// The columns a ``TypedTable`` declares, in declaration order: what the
/// table's own `SELECT` reads by position, what insert binds, and what
/// ``Database/validate(_:nullableColumns:)`` compares with the table.
///
/// The ``Table(_:primaryKey:)`` macro makes one per record type (``TypedTable/tableSchema``).
public final class TableSchema: Sendable {
    /// One declared column.
    public struct Column: Sendable, Hashable {
        /// The column's name.
        public let name: String
        /// Whether it is the primary key.
        public let isPrimaryKey: Bool
        /// Whether the property is optional (NULL reads as nil).
        public let isOptional: Bool
        /// What the property stores.
        public let kind: Kind
        /// The SQL expression a nil value inserts (`@Column(default:)`),
        /// or nil: nil inserts NULL.
        public let defaultSQL: String?

        /// What a property stores, for schema checks.
        public enum Kind: Sendable, Hashable {
            /// A value of one storage class.
            case value(DatabaseValue.StorageClass)
            /// A `Date`, stored as the record's date strategy says.
            case date
            /// A `UUID`, stored as the record's UUID strategy says.
            case uuid
            /// A nested `Codable` value, stored as JSON text (a
            /// raw-representable one as its raw value, a ``value(_:)``).
            case json
            /// Any value (``DatabaseValue``, or a type that does not say).
            case any
        }

        /// Declares a column of a property of type `type`.
        ///
        /// - Parameters:
        ///   - name: The column's name.
        ///   - type: The property's type.
        ///   - primaryKey: Whether it is the primary key.
        ///   - defaultSQL: The SQL expression a nil value inserts.
        public init<Value>(_ name: String, _ type: Value.Type, primaryKey: Bool = false, defaultSQL: String? = nil) {
            self.name = name
            self.isPrimaryKey = primaryKey
            self.defaultSQL = defaultSQL
            let unwrapped = (type as? any OptionalValue.Type)?.wrappedType ?? type
            self.isOptional = unwrapped != type
            self.kind = Self.kind(of: unwrapped)
        }

        private static func kind(of type: Any.Type) -> Kind {
            if type == Date.self { return .date }
            if type == UUID.self { return .uuid }
            if let convertible = type as? any DatabaseValueConvertible.Type {
                return convertible.databaseStorageClass.map(Kind.value) ?? .any
            }
            if let representable = type as? any RawRepresentable.Type, let kind = rawKind(representable) { return kind }
            return .json
        }

        /// A raw-representable type is stored as its raw value.
        private static func rawKind<R: RawRepresentable>(_ type: R.Type) -> Kind? {
            guard let raw = R.RawValue.self as? any DatabaseValueConvertible.Type else { return nil }
            return raw.databaseStorageClass.map(Kind.value) ?? .any
        }
    }

    /// The table's name.
    public let table: String
    /// The columns, in declaration order.
    public let columns: [Column]
    /// The column names, in declaration order.
    public let columnNames: [String]
    /// The primary key column, when the record's key is one column (nil
    /// for none, and for a composite key: see ``primaryKeyColumns``).
    public let primaryKey: Column?
    /// The primary key's columns, in declaration order: empty when the
    /// record declares no key, several for a composite key.
    public let primaryKeyColumns: [Column]
    /// The key columns' declaration positions.
    let keyPositions: [Int]
    /// `"id", "name", …`
    let selection: String
    /// The layout of a row of the declared columns, in order (for the
    /// record's part of a joined row).
    let layout: RowLayout
    /// `SELECT "id", "name", … FROM "photo"`, made once: quoting names
    /// goes through Foundation, which costs more than a small fetch.
    let selectFrom: String

    /// Declares a table's columns.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - columns: The columns, in declaration order.
    public init(table: String, columns: [Column]) {
        self.table = table
        self.columns = columns
        self.columnNames = columns.map(\.name)
        self.keyPositions = columns.indices.filter { columns[$0].isPrimaryKey }
        self.primaryKeyColumns = keyPositions.map { columns[$0] }
        self.primaryKey = primaryKeyColumns.count == 1 ? primaryKeyColumns[0] : nil
        self.selection = columns.map { quoteIdentifier($0.name) }.joined(separator: ", ")
        self.selectFrom = "SELECT \(selection) FROM \(quoteIdentifier(table))"
        self.layout = RowLayout(columns: columnNames)
    }

    /// Whether a row has the declared columns first, in declaration order
    /// (as the table's own `SELECT` returns them): then the record reads
    /// them by position.
    ///
    /// - Complexity: O(n) for n columns, with no hashing.
    @inlinable
    public func isReadByPosition(_ layout: RowLayout) -> Bool {
        let names = layout.columns
        guard names.count >= columnNames.count else { return false }
        for index in columnNames.indices where names[index] != columnNames[index] {
            return false
        }
        return true
    }

    /// `INSERT [OR …] INTO "photo" ("id", …) VALUES (?1, ?2, …)`; a
    /// column with a default inserts `COALESCE(?3, CURRENT_TIMESTAMP)`.
    @usableFromInline
    func insertSQL(_ conflict: ConflictResolution) -> String {
        let verb = conflict == .abort ? "INSERT" : "INSERT OR \(conflict.rawValue)"
        let values = columns.indices.map { index in
            columns[index].defaultSQL.map { "COALESCE(?\(index + 1), \($0))" } ?? "?\(index + 1)"
        }
        return "\(verb) INTO \(quoteIdentifier(table)) (\(selection)) VALUES (\(values.joined(separator: ", ")))"
    }

    /// `"albumID" = ?1 AND "position" = ?3`: each key column bound at its
    /// declaration position.
    var keyCondition: String {
        keyPositions.map { "\(quoteIdentifier(columns[$0].name)) = ?\($0 + 1)" }.joined(separator: " AND ")
    }

    /// `UPDATE "photo" SET "name" = ?2, … WHERE "id" = ?1`: each column
    /// bound at its declaration position; nil when every column is in the
    /// key.
    func updateSQL() -> String? {
        let assignments = columns.indices.filter { !keyPositions.contains($0) }
            .map { "\(quoteIdentifier(columns[$0].name)) = ?\($0 + 1)" }
        guard !assignments.isEmpty else { return nil }
        return "UPDATE \(quoteIdentifier(table)) SET \(assignments.joined(separator: ", ")) WHERE \(keyCondition)"
    }

    /// `INSERT … ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", …`
    func upsertSQL() -> String {
        let updates = columns.indices.filter { !keyPositions.contains($0) }.map { columns[$0].name }
        let action = updates.isEmpty
            ? "NOTHING"
            : "UPDATE SET " + updates.map { "\(quoteIdentifier($0)) = excluded.\(quoteIdentifier($0))" }.joined(separator: ", ")
        let target = keyPositions.map { quoteIdentifier(columns[$0].name) }.joined(separator: ", ")
        return "\(insertSQL(.abort)) ON CONFLICT (\(target)) DO \(action)"
    }

    /// `DELETE FROM "photo" WHERE "id" = ?1`
    func deleteSQL() -> String {
        "DELETE FROM \(quoteIdentifier(table)) WHERE \(keyCondition)"
    }

    /// `SELECT 1 FROM "photo" WHERE "id" = ?1`
    func existsSQL() -> String {
        "SELECT 1 FROM \(quoteIdentifier(table)) WHERE \(keyCondition)"
    }

    /// The key columns' positions as bits (position `i` is bit `i`), for
    /// the container to notice a NULL key; positions from 64 on are
    /// checked apart.
    var keyMask: UInt64 {
        keyPositions.reduce(0) { $1 < 64 ? $0 | (1 << UInt64($1)) : $0 }
    }
}

/// `Optional`, seen without its generic argument.
protocol OptionalValue {
    /// The wrapped type.
    static var wrappedType: Any.Type { get }
    /// Whether the value is nil.
    var isNil: Bool { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    var isNil: Bool { self == nil }
}
