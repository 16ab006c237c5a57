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
///
/// While a fetch hands a row to ``FetchableRecord/init(row:)``, the row
/// reads its values straight from the statement, without copying them; a
/// record that keeps the row gets a copy of its values when `init(row:)`
/// returns. Do not read such a row from another thread before `init(row:)`
/// returns.
public struct Row: Sendable, Hashable, RandomAccessCollection, CustomStringConvertible {
    /// The names of the columns.
    public let layout: RowLayout
    @usableFromInline let storage: RowStorage

    /// Creates a row from column names and values of the same count.
    public init(layout: RowLayout, values: ContiguousArray<DatabaseValue>) {
        precondition(layout.columns.count == values.count, "a row needs one value per column")
        self.layout = layout
        self.storage = RowStorage(values: values)
    }

    /// Creates a row from pairs of column names and values.
    public init(_ pairs: KeyValuePairs<String, DatabaseValue>) {
        self.init(layout: RowLayout(columns: pairs.map(\.key)), values: ContiguousArray(pairs.map(\.value)))
    }

    @usableFromInline
    init(layout: RowLayout, storage: RowStorage) {
        self.layout = layout
        self.storage = storage
    }

    /// The values, in column order.
    public var values: ContiguousArray<DatabaseValue> {
        if let statement = storage.statement {
            return ContiguousArray((0..<layout.columns.count).map { Statement.columnValue(statement, Int32($0)) })
        }
        return storage.values
    }

    /// The column names.
    public var columnNames: [String] { layout.columns }

    public var startIndex: Int { 0 }
    public var endIndex: Int { layout.columns.count }

    /// The value at a column index.
    @inlinable
    public subscript(index: Int) -> DatabaseValue {
        precondition(index >= 0 && index < layout.columns.count, "column index out of range")
        return storage.value(at: index)
    }

    /// The value of a column by name (case-insensitive), or nil if the row
    /// has no such column.
    public subscript(column: String) -> DatabaseValue? {
        layout.index(ofColumn: column).map { storage.value(at: $0) }
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
        guard index >= 0, index < layout.columns.count else {
            throw RowDecodingError.indexOutOfRange(index, type: T.self, layout: layout)
        }
        if let decoded = T.fromDatabaseValue(storage.value(at: index)) { return decoded }
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
        if let decoded = T.fromDatabaseValue(storage.value(at: index)) { return decoded }
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

    public static func == (lhs: Row, rhs: Row) -> Bool {
        lhs.layout == rhs.layout && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(layout)
        hasher.combine(values)
    }
}
