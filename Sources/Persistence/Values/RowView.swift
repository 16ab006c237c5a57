/// The row a fetch hands to ``FetchableRecord/init(row:)``: the current row
/// of a statement, read in place, without copying its values.
///
/// A view is not `Sendable`: it cannot leave the thread (the isolation) of
/// the fetch that lent it, so nothing can read it while the statement
/// moves on. Keep a ``Row`` instead (``copy()``, or `Row(view)`): rows are
/// values that can be kept, compared and sent anywhere. A view kept past
/// `init(row:)` on the fetch's own thread gets its own copy of the values
/// before the statement moves on.
///
/// ```swift
/// struct PhotoSummary: FetchableRecord {
///     var id: Int64
///     var name: String
///     init(row: RowView) throws {
///         id = try row.decode(at: 0)
///         name = try row.decode(column: "name")
///     }
/// }
/// ```
public struct RowView: RandomAccessCollection, CustomStringConvertible {
    /// The row, whose storage may be lent by a fetch.
    // A `var` for the same reason as `Row.storage`; never reassigned.
    @usableFromInline var row: Row

    /// A view of a row (to call `init(row:)` with a row you hold).
    @inlinable
    public init(_ row: Row) {
        self.row = row
    }

    /// The names of the columns.
    @inlinable
    public var layout: RowLayout { row.layout }

    /// The column names.
    public var columnNames: [String] { row.columnNames }

    /// The values, in column order (copied out).
    public var values: ContiguousArray<DatabaseValue> { row.values }

    public var startIndex: Int { 0 }
    public var endIndex: Int { row.endIndex }

    /// The value at a column index.
    @inlinable
    public subscript(index: Int) -> DatabaseValue { row[index] }

    /// The value of a column by name (case-insensitive), or nil if the row
    /// has no such column.
    public subscript(column: String) -> DatabaseValue? { row[column] }

    /// Whether the row has a column of that name.
    public func hasColumn(_ name: String) -> Bool { row.hasColumn(name) }

    /// Decodes the value at a column index, read in place.
    ///
    /// - Throws: ``RowDecodingError`` when the index is out of range or the
    ///   value does not convert to `T`.
    @inlinable @inline(__always)
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws -> T {
        try row.decode(type, at: index)
    }

    /// Decodes the value of a column by name (case-insensitive), read in
    /// place.
    ///
    /// - Throws: ``RowDecodingError`` when the column does not exist or its
    ///   value does not convert to `T`.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, column: String) throws -> T {
        try row.decode(type, column: column)
    }

    /// The row itself, still lent, for Plume's own decoders: moved out of
    /// the view without one more reference.
    @inlinable
    consuming func lentRow() -> Row {
        row
    }

    /// A row with a copy of the values, to keep or send.
    ///
    /// - Complexity: O(n) for n columns.
    public func copy() -> Row {
        row.storage.isLent ? Row(layout: layout, values: row.values) : row
    }

    /// `[id:1 name:'Sunset']`
    public var description: String { row.description }
}

/// A view reads a statement another thread may step: it stays where it
/// was lent.
@available(*, unavailable)
extension RowView: Sendable {}

extension Row {
    /// A row with a copy of a view's values, to keep or send.
    ///
    /// - Complexity: O(n) for n columns.
    public init(_ view: RowView) {
        self = view.copy()
    }
}
