import CSQLite
import Foundation

/// How far an online backup is (``Database/backup(to:sourceSchema:destinationSchema:pagesPerStep:busyTimeout:progress:)``).
public struct BackupProgress: Sendable, Hashable {
    /// Pages copied so far.
    public var completedPageCount: Int
    /// Pages of the source database.
    public var totalPageCount: Int
    /// Whether the copy is complete.
    public var isCompleted: Bool { completedPageCount >= totalPageCount }
}

extension Database {
    /// Copies this database into `destination` with SQLite's online backup
    /// API (`sqlite3_backup_*`), replacing its content; others may keep
    /// writing this database meanwhile (the copy then starts over from the
    /// changed pages, as SQLite does).
    ///
    /// ```swift
    /// let copy = try Database(path: "photos-backup.sqlite")
    /// try db.backup(to: copy) { progress in print(progress.completedPageCount, "/", progress.totalPageCount) }
    /// ```
    ///
    /// - Parameters:
    ///   - destination: Another connection (not this one).
    ///   - sourceSchema: The database of this connection to copy: `main`
    ///     (the default), `temp`, or an attached database's name.
    ///   - destinationSchema: The database of `destination` to replace.
    ///   - pagesPerStep: Pages copied between progress reports; -1 copies
    ///     all at once.
    ///   - busyTimeout: How long a step retries while a database is locked
    ///     by another connection before the copy fails with `SQLITE_BUSY`;
    ///     the destination is then left as it was.
    ///   - progress: Called after each step; throw from it to cancel: the
    ///     destination is then left as it was.
    /// - Throws: ``DatabaseError`` (an unknown schema, a locked or
    ///   read-only database, a file that is not a database), or what
    ///   `progress` throws.
    public func backup(to destination: Database, sourceSchema: String = "main", destinationSchema: String = "main",
                       pagesPerStep: Int = -1, busyTimeout: Duration = .seconds(5),
                       progress: ((BackupProgress) throws -> Void)? = nil) throws {
        let source = try checkOpen(sql: nil)
        let target = try destination.checkOpen(sql: nil)
        guard source != target else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "a database cannot be backed up into its own connection")
        }
        guard let backup = sqlite3_backup_init(target, destinationSchema, source, sourceSchema) else {
            throw DatabaseError.lastError(of: target, code: sqlite3_errcode(target))
        }
        var finished = false
        defer { if !finished { sqlite3_backup_finish(backup) } }
        let clock = ContinuousClock()
        var busySince: ContinuousClock.Instant?
        while true {
            let code = sqlite3_backup_step(backup, Int32(pagesPerStep))
            let total = Int(sqlite3_backup_pagecount(backup))
            let state = BackupProgress(completedPageCount: total - Int(sqlite3_backup_remaining(backup)), totalPageCount: total)
            switch code {
            case SQLITE_DONE:
                try progress?(state)
                finished = true
                let result = sqlite3_backup_finish(backup)
                guard result == SQLITE_OK else { throw DatabaseError.lastError(of: target, code: result) }
                destination.schemaDidChange()
                return
            case SQLITE_OK:
                busySince = nil
                try progress?(state)
            case SQLITE_BUSY, SQLITE_LOCKED:
                let since = busySince ?? clock.now
                busySince = since
                guard clock.now - since < busyTimeout else {
                    finished = true
                    sqlite3_backup_finish(backup)
                    throw DatabaseError(resultCode: .SQLITE_BUSY, message: "the database is locked: the backup gave up after \(busyTimeout)")
                }
                sqlite3_sleep(5)
            default:
                finished = true
                sqlite3_backup_finish(backup)
                throw DatabaseError.lastError(of: target, code: code)
            }
        }
    }

    /// Writes a compacted copy of this database to a new file
    /// (`VACUUM INTO`), consistent even while others write.
    ///
    /// - Parameter path: The file to create; it must not exist.
    /// - Throws: ``DatabaseError``: the file exists, or this connection is
    ///   inside a transaction.
    public func vacuum(into path: String) throws {
        try execute(sql: "VACUUM INTO ?", arguments: [path])
    }
}

extension DatabaseWriter {
    /// Copies this database into `destination` with SQLite's online backup
    /// API: see ``Database/backup(to:sourceSchema:destinationSchema:pagesPerStep:busyTimeout:progress:)``.
    ///
    /// ```swift
    /// let copy = try DatabaseQueue(path: "photos-backup.sqlite")
    /// try dbQueue.backup(to: copy)
    /// ```
    ///
    /// - Parameters:
    ///   - destination: The queue or pool whose content is replaced.
    ///   - pagesPerStep: Pages copied between progress reports; -1 copies
    ///     all at once.
    ///   - busyTimeout: How long a step retries while a database is locked.
    ///   - progress: Called after each step; throw from it to cancel.
    /// - Throws: ``DatabaseError``, or what `progress` throws.
    public func backup(to destination: any DatabaseWriter, pagesPerStep: Int = -1, busyTimeout: Duration = .seconds(5),
                       progress: ((BackupProgress) throws -> Void)? = nil) throws {
        try writeWithoutTransactionAndWait { source in
            try destination.writeWithoutTransactionAndWait { target in
                try source.backup(to: target, pagesPerStep: pagesPerStep, busyTimeout: busyTimeout, progress: progress)
            }
        }
    }
}
