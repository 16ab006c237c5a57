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
    // One reference, which holds the layout too: a fetch hands a row to
    // every `init(row:)`, and each reference costs a retain and a release.
    // A `var` only so that a fetch loop can check, in place, whether the
    // row it lent was kept (`isKnownUniquelyReferenced`); never reassigned.
    @usableFromInline var storage: RowStorage

    /// The names of the columns.
    @inlinable
    public var layout: RowLayout { storage.layout }

    /// Creates a row from column names and values of the same count.
    public init(layout: RowLayout, values: ContiguousArray<DatabaseValue>) {
        precondition(layout.columns.count == values.count, "a row needs one value per column")
        self.storage = RowStorage(layout: layout, values: values)
    }

    /// Creates a row from pairs of column names and values.
    public init(_ pairs: KeyValuePairs<String, DatabaseValue>) {
        self.init(layout: RowLayout(columns: pairs.map(\.key)), values: ContiguousArray(pairs.map(\.value)))
    }

    @usableFromInline
    init(storage: RowStorage) {
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
    @inlinable @inline(__always)
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws -> T {
        // The failure is made out of line: a `init(row:)` that decodes
        // every column inlines only the reads.
        if index >= 0, index < layout.columns.count, let decoded = storage.decode(T.self, at: index) {
            return decoded
        }
        throw decodingError(T.self, at: index)
    }

    /// Why the value at `index` does not decode as `type`.
    @usableFromInline @inline(never)
    func decodingError(_ type: Any.Type, at index: Int) -> any Error {
        guard index >= 0, index < layout.columns.count else {
            return RowDecodingError.indexOutOfRange(index, type: type, layout: layout)
        }
        return RowDecodingError.typeMismatch(at: index, type: type, row: self)
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
        if let decoded = storage.decode(T.self, at: index) { return decoded }
        throw decodingError(T.self, at: index)
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
