/// The values of a ``Row``: either copied, or read on demand from the
/// statement a fetch is stepping.
///
/// A fetch lends one storage in "statement" mode to each call to
/// `init(row:)`, so that hand-written records read columns straight from
/// SQLite. When `init(row:)` returns, the fetch checks whether the record
/// kept the row; if it did, the storage copies the current values
/// (``materialize()``) before the statement moves on, and the fetch takes a
/// new storage for the next row.
@usableFromInline
final class RowStorage: @unchecked Sendable {
    // Safe: a storage in statement mode is only reachable from the fetch
    // that lent it and from the `init(row:)` call running on the
    // connection's thread (documented on `Row`); `materialize()` runs on
    // that thread before anything can keep the row past the call. Once
    // copied, `values` never changes again and `statement` stays nil.
    @usableFromInline @exclusivity(unchecked) private(set) var values: ContiguousArray<DatabaseValue>
    @usableFromInline @exclusivity(unchecked) private(set) var statement: OpaquePointer?
    /// Where the Decodable row decoder expects the next key; only used
    /// while the storage is lent (so by one thread).
    @exclusivity(unchecked) var keyHint = 0

    /// The Decodable keyed container made for the lent rows, and the type
    /// of its keys (see ``RowDecoder``). Dropped when the row is copied.
    @exclusivity(unchecked) var cachedContainer: AnyObject?
    @exclusivity(unchecked) var cachedContainerKey: ObjectIdentifier?
    /// The typed table schema whose columns the lent rows were found to
    /// hold first, in declaration order (see ``TableRowReader``): the
    /// check runs once per fetch, not once per row. Dropped when the row
    /// is copied.
    @usableFromInline @exclusivity(unchecked) var positionalSchema: ObjectIdentifier?

    /// The names of the columns.
    @usableFromInline let layout: RowLayout

    /// Whether the storage reads from a statement, lent by a fetch.
    @inlinable
    var isLent: Bool { statement != nil }

    init(layout: RowLayout, values: ContiguousArray<DatabaseValue>) {
        self.layout = layout
        self.values = values
        self.statement = nil
    }

    /// A storage that reads the current row of a statement.
    init(layout: RowLayout, statement: OpaquePointer) {
        self.layout = layout
        self.values = []
        self.statement = statement
    }

    @inlinable @inline(__always)
    func value(at index: Int) -> DatabaseValue {
        if let statement { return Statement.columnValue(statement, Int32(index)) }
        return values[index]
    }

    /// Converts the value at an index: read in place from the statement
    /// (see ``DatabaseValueConvertible/fromColumn(_:)``) while lent.
    @inlinable @inline(__always)
    func decode<T: DatabaseValueConvertible>(_ type: T.Type, at index: Int) -> T? {
        if let statement { return T.fromColumn(StatementColumn(statement: statement, index: index)) }
        return T.fromDatabaseValue(values[index])
    }

    /// Whether the value at an index is `NULL`, without copying it.
    @inlinable @inline(__always)
    func isNull(at index: Int) -> Bool {
        if let statement { return StatementColumn(statement: statement, index: index).isNull }
        return values[index].isNull
    }

    /// Copies the statement's current values, and stops reading from it.
    func materialize() {
        guard let statement else { return }
        let columnCount = layout.columns.count
        var copied = ContiguousArray<DatabaseValue>()
        copied.reserveCapacity(columnCount)
        for index in 0..<columnCount {
            copied.append(Statement.columnValue(statement, Int32(index)))
        }
        values = copied
        self.statement = nil
        cachedContainer = nil
        cachedContainerKey = nil
        positionalSchema = nil
    }
}
