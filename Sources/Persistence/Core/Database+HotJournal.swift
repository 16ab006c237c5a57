import CSQLite

extension Database {
    /// Whether an error is SQLite saying that a read-only connection found
    /// an interrupted write it may not undo: a hot rollback journal, or a
    /// WAL index that needs recovery.
    static func needsWritableRecovery(_ error: DatabaseError) -> Bool {
        error.extendedResultCode == .SQLITE_READONLY_ROLLBACK || error.extendedResultCode == .SQLITE_READONLY_RECOVERY
    }

    /// Undoes the write a stopped process left behind (its hot journal, or
    /// its WAL index), as any read-write connection does on its first
    /// read, so that a read-only connection can read the database.
    ///
    /// - Throws: ``DatabaseError`` saying what is wrong and how to fix it,
    ///   when the file or its directory cannot be written.
    func recoverInterruptedWrite(after error: DatabaseError) throws {
        guard let handle = sqliteConnection, let name = sqlite3_db_filename(handle, "main"), name.pointee != 0 else {
            throw error
        }
        let path = String(cString: name)
        var writer: OpaquePointer?
        defer { sqlite3_close(writer) }
        var code = sqlite3_open_v2(path, &writer, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        if code == SQLITE_OK {
            sqlite3_extended_result_codes(writer, 1)
            sqlite3_busy_timeout(writer, Int32(clamping: configuration.busyTimeout.components.seconds * 1000))
            code = sqlite3_exec(writer, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
        }
        guard code == SQLITE_OK else {
            let reason = writer.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open it for writing"
            throw DatabaseError(resultCode: error.extendedResultCode, message: Self.interruptedWriteMessage(path: path, reason: reason))
        }
    }

    /// What a read-only connection says when it cannot undo an interrupted
    /// write itself.
    static func interruptedWriteMessage(path: String, reason: String) -> String {
        "cannot read \(path): a process stopped in the middle of a write to it (its \(path)-journal or -wal is left to undo), "
            + "and undoing that needs write access to the file and its directory, which this process lacks (\(reason)). "
            + "Open the database once with write access, for example `sqlite3 \(path) 'PRAGMA quick_check;'`, then try again."
    }
}
