import CSQLite

extension Statement {
    /// Calls `body` with the storage class and the bytes of a column of the
    /// current row, without making a value of them: UTF-8 bytes for text,
    /// the bytes of a blob, the 8 bytes of an integer or real (its bit
    /// pattern, native byte order), no bytes for `NULL`.
    ///
    /// The bytes are only valid inside `body`. This is for code that
    /// hashes or compares every row of a large result (a live query
    /// checking which rows changed) and only needs values for a few.
    ///
    /// - Parameters:
    ///   - index: The 0-based column index.
    ///   - body: Reads the bytes.
    /// - Complexity: O(1), plus whatever `body` does.
    @inlinable @inline(__always)
    public func withUnsafeColumnBytes<T>(
        at index: Int, _ body: (DatabaseValue.StorageClass, UnsafeRawBufferPointer) throws -> T
    ) rethrows -> T {
        // One sqlite3_column_value call, then the value accessors, which
        // skip the per-call connection checks of sqlite3_column_* (as
        // `columnValue(at:)` does); inlinable so that hashing every column
        // of every row makes no generic call.
        guard let handle else { return try body(.null, UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try Self.withUnsafeBytes(of: sqlite3_column_value(handle, Int32(index)), body)
    }

    /// Calls `body` with the index, storage class and bytes of each of the
    /// first `count` columns of the current row in turn, as
    /// ``withUnsafeColumnBytes(at:_:)`` gives them: for a scan that reads
    /// every column of every row, with the statement's handle read once
    /// per row rather than once per column.
    ///
    /// - Parameters:
    ///   - count: The number of columns, at most ``columnCount``.
    ///   - body: Reads the bytes, valid only during the call.
    @inlinable @inline(__always)
    package func forEachColumnBytes(count: Int, _ body: (Int, DatabaseValue.StorageClass, UnsafeRawBufferPointer) -> Void) {
        guard let handle else {
            for index in 0..<count { body(index, .null, UnsafeRawBufferPointer(start: nil, count: 0)) }
            return
        }
        var column: Int32 = 0
        let end = Int32(truncatingIfNeeded: count)
        while column < end {
            Self.withUnsafeBytes(of: sqlite3_column_value(handle, column)) { body(Int(column), $0, $1) }
            column &+= 1
        }
    }

    /// The storage class and bytes of a protected value of the current row.
    @inlinable @inline(__always)
    static func withUnsafeBytes<T>(
        of value: OpaquePointer?, _ body: (DatabaseValue.StorageClass, UnsafeRawBufferPointer) throws -> T
    ) rethrows -> T {
        guard let value else { return try body(.null, UnsafeRawBufferPointer(start: nil, count: 0)) }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            var integer = sqlite3_value_int64(value)
            return try Swift.withUnsafeBytes(of: &integer) { try body(.integer, $0) }
        case SQLITE_FLOAT:
            var real = sqlite3_value_double(value)
            return try Swift.withUnsafeBytes(of: &real) { try body(.real, $0) }
        case SQLITE_TEXT:
            let text = sqlite3_value_text(value)
            let count = Int(sqlite3_value_bytes(value))
            return try body(.text, UnsafeRawBufferPointer(start: text, count: text == nil ? 0 : count))
        case SQLITE_BLOB:
            let blob = sqlite3_value_blob(value)
            let count = Int(sqlite3_value_bytes(value))
            return try body(.blob, UnsafeRawBufferPointer(start: blob, count: blob == nil ? 0 : count))
        default:
            return try body(.null, UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    /// Steps to the next row, as ``step()`` does, with the common case (a
    /// row) inline: a scan calls it once per row.
    ///
    /// - Returns: Whether a row is available.
    /// - Throws: ``DatabaseError`` as ``step()`` does.
    @inlinable @inline(__always)
    package func stepRow() throws -> Bool {
        guard let handle else { return try step() }
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        return try finishStep(handle, code: code)
    }
}
