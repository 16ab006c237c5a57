/// The column names of a result, shared by every row of it.
///
/// Looking up a column by name is case-insensitive, as in SQL, and the first
/// column of that name wins (as in `SELECT a.id, b.id`).
public final class RowLayout: Sendable, Hashable {
    /// The column names, in result order.
    public let columns: [String]
    private let indexByLowercasedName: [String: Int]

    /// Creates a layout from column names.
    public init(columns: [String]) {
        self.columns = columns
        var index: [String: Int] = [:]
        index.reserveCapacity(columns.count)
        for (position, name) in columns.enumerated() {
            let key = name.lowercased()
            if index[key] == nil { index[key] = position }
        }
        self.indexByLowercasedName = index
    }

    /// The index of a column, or nil.
    ///
    /// - Complexity: O(1) on average; the exact-case name is tried first.
    @inline(__always)
    public func index(ofColumn name: String) -> Int? {
        if let exact = indexByLowercasedName[name] { return exact }
        return indexByLowercasedName[name.lowercased()]
    }

    public static func == (lhs: RowLayout, rhs: RowLayout) -> Bool {
        lhs === rhs || lhs.columns == rhs.columns
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns)
    }
}

/// One row of a result: its values and the names of its columns.
///
/// Rows are values: they can be kept, compared and sent across threads.
///
/// ```swift
/// let row = try Row.fetchOne(db, sql: "SELECT id, name FROM photo")!
/// let id: Int64 = try row.decode(at: 0)
/// let name: String = try row.decode(column: "name")
/// row["rating"] // DatabaseValue? (nil: no such column)
/// ```
public struct Row: Sendable, Hashable, RandomAccessCollection, CustomStringConvertible {
    /// The names of the columns.
    public let layout: RowLayout
    /// The values, in column order.
    public internal(set) var values: ContiguousArray<DatabaseValue>

    /// Creates a row from column names and values of the same count.
    public init(layout: RowLayout, values: ContiguousArray<DatabaseValue>) {
        precondition(layout.columns.count == values.count, "a row needs one value per column")
        self.layout = layout
        self.values = values
    }

    /// Creates a row from pairs of column names and values.
    public init(_ pairs: KeyValuePairs<String, DatabaseValue>) {
        self.layout = RowLayout(columns: pairs.map(\.key))
        self.values = ContiguousArray(pairs.map(\.value))
    }

    /// The column names.
    public var columnNames: [String] { layout.columns }

    public var startIndex: Int { 0 }
    public var endIndex: Int { values.count }

    /// The value at a column index.
    public subscript(index: Int) -> DatabaseValue { values[index] }

    /// The value of a column by name (case-insensitive), or nil if the row
    /// has no such column.
    public subscript(column: String) -> DatabaseValue? {
        layout.index(ofColumn: column).map { values[$0] }
    }

    /// Whether the row has a column of that name.
    public func hasColumn(_ name: String) -> Bool {
        layout.index(ofColumn: name) != nil
    }

    /// Decodes the value at a column index.
    ///
    /// - Throws: ``RowDecodingError`` when the index is out of range or the
    ///   value does not convert to `T` (for example `NULL` into a non-optional).
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws -> T {
        guard index >= 0, index < values.count else {
            throw RowDecodingError.indexOutOfRange(index, type: T.self, layout: layout)
        }
        if let decoded = T.fromDatabaseValue(values[index]) { return decoded }
        throw RowDecodingError.typeMismatch(at: index, type: T.self, row: self)
    }

    /// Decodes the value of a column by name (case-insensitive).
    ///
    /// - Throws: ``RowDecodingError`` when the column does not exist or its
    ///   value does not convert to `T`.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, column: String) throws -> T {
        guard let index = layout.index(ofColumn: column) else {
            throw RowDecodingError.columnNotFound(column, type: T.self, layout: layout)
        }
        if let decoded = T.fromDatabaseValue(values[index]) { return decoded }
        throw RowDecodingError.typeMismatch(at: index, type: T.self, row: self)
    }

    /// The row as a dictionary from column name to value (the first column
    /// of each name wins).
    public var dictionary: [String: DatabaseValue] {
        var result: [String: DatabaseValue] = [:]
        for (name, value) in zip(layout.columns, values) where result[name] == nil {
            result[name] = value
        }
        return result
    }

    /// `[id:1 name:'Sunset']`
    public var description: String {
        "[" + zip(layout.columns, values).map { "\($0):\($1)" }.joined(separator: " ") + "]"
    }
}

/// A row could not be decoded: the column is missing, the index out of
/// range, or the value of another type.
public struct RowDecodingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable { case columnNotFound, indexOutOfRange, typeMismatch, keyNotFound }
        private let base: Base
        /// No column has that name.
        public static let columnNotFound = Kind(base: .columnNotFound)
        /// No column has that index.
        public static let indexOutOfRange = Kind(base: .indexOutOfRange)
        /// The value does not convert to the requested type.
        public static let typeMismatch = Kind(base: .typeMismatch)
        /// A nested decodable key is missing.
        public static let keyNotFound = Kind(base: .keyNotFound)
        public var description: String {
            switch base {
            case .columnNotFound: "column not found"
            case .indexOutOfRange: "column index out of range"
            case .typeMismatch: "type mismatch"
            case .keyNotFound: "key not found"
            }
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// The column name, when known.
    public let column: String?
    /// The column index, when known.
    public let index: Int?
    /// The requested Swift type.
    public let typeName: String
    /// The stored value, for type mismatches.
    public let value: DatabaseValue?
    /// The columns of the row.
    public let availableColumns: [String]
    /// The SQL of the query, when known.
    public var sql: String?
    /// More about what went wrong, when Plume knows (invalid JSON in a
    /// nested value, for example).
    public var reason: String?

    init(kind: Kind, column: String?, index: Int?, type: Any.Type, value: DatabaseValue?, layout: RowLayout, sql: String? = nil) {
        self.kind = kind
        self.column = column
        self.index = index
        self.typeName = String(describing: type)
        self.value = value
        self.availableColumns = layout.columns
        self.sql = sql
    }

    @usableFromInline
    static func indexOutOfRange(_ index: Int, type: Any.Type, layout: RowLayout) -> RowDecodingError {
        RowDecodingError(kind: .indexOutOfRange, column: nil, index: index, type: type, value: nil, layout: layout)
    }

    @usableFromInline
    static func columnNotFound(_ column: String, type: Any.Type, layout: RowLayout) -> RowDecodingError {
        RowDecodingError(kind: .columnNotFound, column: column, index: nil, type: type, value: nil, layout: layout)
    }

    @usableFromInline
    static func typeMismatch(at index: Int, type: Any.Type, row: Row) -> RowDecodingError {
        RowDecodingError(kind: .typeMismatch, column: row.layout.columns[index], index: index, type: type,
                         value: row.values[index], layout: row.layout)
    }

    public var description: String {
        var text: String
        switch kind {
        case .columnNotFound, .keyNotFound:
            text = "no column named \"\(column ?? "?")\" (the row has: \(availableColumns.joined(separator: ", ")))"
        case .indexOutOfRange:
            text = "no column at index \(index ?? -1) (the row has \(availableColumns.count) columns)"
        default:
            let name = column.map { "column \"\($0)\"" } ?? "column \(index ?? -1)"
            let stored = value.map { "\($0.storageClass.rawValue) \($0)" } ?? "?"
            text = "cannot decode \(typeName) from \(name): it holds \(stored)"
        }
        if let reason {
            text += " (\(reason))"
        }
        if let sql {
            text += " - in `\(sql)`"
        }
        return text
    }
}
