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
    @inline(__always)
    public func withUnsafeColumnBytes<T>(
        at index: Int, _ body: (DatabaseValue.StorageClass, UnsafeRawBufferPointer) throws -> T
    ) rethrows -> T {
        guard let handle else { return try body(.null, UnsafeRawBufferPointer(start: nil, count: 0)) }
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            var value = sqlite3_column_int64(handle, column)
            return try withUnsafeBytes(of: &value) { try body(.integer, $0) }
        case SQLITE_FLOAT:
            var value = sqlite3_column_double(handle, column)
            return try withUnsafeBytes(of: &value) { try body(.real, $0) }
        case SQLITE_TEXT:
            let text = sqlite3_column_text(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            return try body(.text, UnsafeRawBufferPointer(start: text, count: text == nil ? 0 : count))
        case SQLITE_BLOB:
            let blob = sqlite3_column_blob(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            return try body(.blob, UnsafeRawBufferPointer(start: blob, count: blob == nil ? 0 : count))
        default:
            return try body(.null, UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }
}
