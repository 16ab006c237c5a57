import GRDBSQLite

/// The floor of `observe.refetch.*`: the observed write, then the query run
/// again through the C API, every column of every row read as bytes, with
/// no diff and no values made. Like Plume's `DatabaseQueue`, one
/// connection writes and reads (so its page cache survives the write), and
/// it gets the sort memory Plume's controllers give theirs (64 MiB of page
/// cache): the figure is what SQLite itself needs.
final class RawRefetcher {
    private let renamer: RawRenamer
    private let reader: RawQueryReader

    init(path: String, rows: Int, sql: String) throws {
        reader = try RawQueryReader(path: path, sql: sql)
        renamer = try RawRenamer(db: reader.db, rows: rows)
    }

    /// Renames one photo, then steps the whole query. Returns the number
    /// of rows read when the write changed one row, -1 otherwise.
    func rename(id: Int64, to name: String) throws -> Int {
        guard try renamer.rename(id: id, to: name) >= 0 else { return -1 }
        return try reader.readAll()
    }
}

/// A query stepped through the C API, every column of every row read as
/// bytes, with no values made: the floor of a refetch. The connection gets
/// the sort memory Plume's controllers give theirs (64 MiB of page cache).
final class RawQueryReader {
    let db: OpaquePointer
    private let query: OpaquePointer

    init(path: String, sql: String) throws {
        db = try RawSQLite.open(path)
        try RawSQLite.execute(db, "PRAGMA cache_size = -65536")
        query = try RawSQLite.prepare(db, sql)
    }

    deinit {
        sqlite3_finalize(query)
        // A statement of another owner (a renamer's) may be finalized
        // after this body: close_v2 closes once it is.
        sqlite3_close_v2(db)
    }

    /// Steps the whole query; returns the number of rows, -1 when they
    /// held no bytes at all.
    func readAll() throws -> Int {
        defer { sqlite3_reset(query) }
        var count = 0
        var bytes = 0
        let columns = sqlite3_column_count(query)
        while true {
            let code = sqlite3_step(query)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw RawSQLite.Failure(description: String(cString: sqlite3_errmsg(db))) }
            for column in 0..<columns {
                // One sqlite3_column_value, then the value accessors: the
                // cheapest way through the API to every column's bytes.
                let value = sqlite3_column_value(query, column)
                // (sqlite3_value_bytes would turn a number into text.)
                switch sqlite3_value_type(value) {
                case SQLITE_TEXT:
                    _ = sqlite3_value_text(value)
                    bytes &+= Int(sqlite3_value_bytes(value))
                case SQLITE_BLOB:
                    _ = sqlite3_value_blob(value)
                    bytes &+= Int(sqlite3_value_bytes(value))
                case SQLITE_INTEGER:
                    bytes &+= Int(truncatingIfNeeded: sqlite3_value_int64(value)) & 1 &+ 8
                case SQLITE_FLOAT:
                    bytes &+= sqlite3_value_double(value) < 0 ? 9 : 8
                default:
                    break
                }
            }
            count += 1
        }
        return bytes > 0 ? count : -1
    }
}
