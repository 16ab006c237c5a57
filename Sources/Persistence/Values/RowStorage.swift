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

    /// Whether the storage reads from a statement, lent by a fetch.
    var isLent: Bool { statement != nil }

    init(values: ContiguousArray<DatabaseValue>) {
        self.values = values
        self.statement = nil
    }

    /// A storage that reads the current row of a statement.
    init(statement: OpaquePointer) {
        self.values = []
        self.statement = statement
    }

    @inlinable @inline(__always)
    func value(at index: Int) -> DatabaseValue {
        if let statement { return Statement.columnValue(statement, Int32(index)) }
        return values[index]
    }

    /// Copies the statement's current values, and stops reading from it.
    func materialize(columnCount: Int) {
        guard let statement else { return }
        var copied = ContiguousArray<DatabaseValue>()
        copied.reserveCapacity(columnCount)
        for index in 0..<columnCount {
            copied.append(Statement.columnValue(statement, Int32(index)))
        }
        values = copied
        self.statement = nil
    }
}
