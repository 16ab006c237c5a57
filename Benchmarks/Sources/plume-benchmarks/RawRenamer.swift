import GRDBSQLite

/// The observe workloads' write, through the C API with no observer.
final class RawRenamer {
    private let db: OpaquePointer
    private let update: OpaquePointer
    private let rows: Int
    private let closesConnection: Bool

    convenience init(path: String, rows: Int) throws {
        try self.init(db: RawSQLite.open(path), rows: rows, closesConnection: true)
    }

    /// Writes through a connection the caller may share with other work.
    init(db: OpaquePointer, rows: Int, closesConnection: Bool = false) throws {
        self.db = db
        update = try RawSQLite.prepare(db, "UPDATE photo SET name = ? WHERE id = ?")
        self.rows = rows
        self.closesConnection = closesConnection
    }

    deinit {
        sqlite3_finalize(update)
        if closesConnection { RawSQLite.close(db) }
    }

    /// Renames one photo in its own immediate transaction. Returns the
    /// table's row count when exactly one row changed (the checksum the
    /// observers return), -1 otherwise.
    func rename(id: Int64, to name: String) throws -> Int {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        try RawSQLite.execute(db, "BEGIN IMMEDIATE")
        _ = name.withCString { sqlite3_bind_text(update, 1, $0, -1, transient) }
        sqlite3_bind_int64(update, 2, id)
        guard sqlite3_step(update) == SQLITE_DONE else {
            throw RawSQLite.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        sqlite3_reset(update)
        let changed = sqlite3_changes(db)
        try RawSQLite.execute(db, "COMMIT")
        return changed == 1 ? rows : -1
    }
}
