import CSQLite

/// A SQLite result code, primary or extended, that never loses its raw value.
///
/// Extended codes match their primary code in a `switch`, so a caller can
/// handle every constraint failure at once or one precisely:
///
/// ```swift
/// do {
///     try db.execute(sql: "INSERT INTO player (id) VALUES (1)")
/// } catch let error as DatabaseError {
///     switch error.extendedResultCode {
///     case .SQLITE_CONSTRAINT_PRIMARYKEY: print("duplicate id")
///     case .SQLITE_CONSTRAINT: print("another constraint failed")
///     default: throw error
///     }
/// }
/// ```
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw SQLite code.
    public let rawValue: Int32

    /// Creates a result code from its raw SQLite value.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary result code: the low eight bits of an extended code.
    public var primaryResultCode: ResultCode {
        ResultCode(rawValue: rawValue & 0xFF)
    }

    /// Whether this is an extended code (not a primary one).
    public var isExtended: Bool {
        rawValue & 0xFF != rawValue
    }

    /// SQLite's English description of the code (`sqlite3_errstr`).
    public var description: String {
        "\(rawValue) (\(String(cString: sqlite3_errstr(rawValue))))"
    }

    /// Matches an extended code against a primary code, or two codes exactly.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        if pattern.isExtended {
            return pattern == code
        }
        return pattern == code.primaryResultCode
    }

    // Primary codes
    /// `SQLITE_OK`: Success.
    public static let SQLITE_OK = ResultCode(rawValue: 0)
    /// `SQLITE_ERROR`: A generic error, such as an SQL syntax error.
    public static let SQLITE_ERROR = ResultCode(rawValue: 1)
    /// `SQLITE_INTERNAL`: An internal malfunction of SQLite.
    public static let SQLITE_INTERNAL = ResultCode(rawValue: 2)
    /// `SQLITE_PERM`: The access mode asked for a new database cannot be provided.
    public static let SQLITE_PERM = ResultCode(rawValue: 3)
    /// `SQLITE_ABORT`: An operation was aborted, often by a callback.
    public static let SQLITE_ABORT = ResultCode(rawValue: 4)
    /// `SQLITE_BUSY`: The database file is locked by another connection.
    public static let SQLITE_BUSY = ResultCode(rawValue: 5)
    /// `SQLITE_LOCKED`: A table is locked by another statement of the same connection.
    public static let SQLITE_LOCKED = ResultCode(rawValue: 6)
    /// `SQLITE_NOMEM`: A memory allocation failed.
    public static let SQLITE_NOMEM = ResultCode(rawValue: 7)
    /// `SQLITE_READONLY`: An attempt to write a database opened read-only.
    public static let SQLITE_READONLY = ResultCode(rawValue: 8)
    /// `SQLITE_INTERRUPT`: The operation was interrupted (`sqlite3_interrupt`).
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: 9)
    /// `SQLITE_IOERR`: The operating system reported an I/O error.
    public static let SQLITE_IOERR = ResultCode(rawValue: 10)
    /// `SQLITE_CORRUPT`: The database file is malformed.
    public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
    /// `SQLITE_NOTFOUND`: An unknown file-control operation.
    public static let SQLITE_NOTFOUND = ResultCode(rawValue: 12)
    /// `SQLITE_FULL`: The disk is full (or a size limit was reached).
    public static let SQLITE_FULL = ResultCode(rawValue: 13)
    /// `SQLITE_CANTOPEN`: The database or a journal file could not be opened.
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)
    /// `SQLITE_PROTOCOL`: A problem with the file locking protocol.
    public static let SQLITE_PROTOCOL = ResultCode(rawValue: 15)
    /// `SQLITE_EMPTY`: Not used by SQLite.
    public static let SQLITE_EMPTY = ResultCode(rawValue: 16)
    /// `SQLITE_SCHEMA`: The schema changed while a statement ran.
    public static let SQLITE_SCHEMA = ResultCode(rawValue: 17)
    /// `SQLITE_TOOBIG`: A string or blob exceeds the size limit.
    public static let SQLITE_TOOBIG = ResultCode(rawValue: 18)
    /// `SQLITE_CONSTRAINT`: A constraint was violated.
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)
    /// `SQLITE_MISMATCH`: A datatype mismatch, such as a non-integer rowid.
    public static let SQLITE_MISMATCH = ResultCode(rawValue: 20)
    /// `SQLITE_MISUSE`: The library was used incorrectly.
    public static let SQLITE_MISUSE = ResultCode(rawValue: 21)
    /// `SQLITE_NOLFS`: Large files are not supported by the host.
    public static let SQLITE_NOLFS = ResultCode(rawValue: 22)
    /// `SQLITE_AUTH`: The authorizer denied the statement.
    public static let SQLITE_AUTH = ResultCode(rawValue: 23)
    /// `SQLITE_FORMAT`: Not used by SQLite.
    public static let SQLITE_FORMAT = ResultCode(rawValue: 24)
    /// `SQLITE_RANGE`: A parameter index out of range.
    public static let SQLITE_RANGE = ResultCode(rawValue: 25)
    /// `SQLITE_NOTADB`: The file is not a database.
    public static let SQLITE_NOTADB = ResultCode(rawValue: 26)
    /// `SQLITE_NOTICE`: A notice of an unusual operation (logging only).
    public static let SQLITE_NOTICE = ResultCode(rawValue: 27)
    /// `SQLITE_WARNING`: A warning (logging only).
    public static let SQLITE_WARNING = ResultCode(rawValue: 28)
    /// `SQLITE_ROW`: `sqlite3_step` produced a row.
    public static let SQLITE_ROW = ResultCode(rawValue: 100)
    /// `SQLITE_DONE`: `sqlite3_step` finished the statement.
    public static let SQLITE_DONE = ResultCode(rawValue: 101)

    // Extended codes (the importer drops these macros)
    /// `SQLITE_BUSY_RECOVERY`: Another connection is recovering the write-ahead log.
    public static let SQLITE_BUSY_RECOVERY = ResultCode(rawValue: 5 | (1 << 8))
    /// `SQLITE_BUSY_SNAPSHOT`: The read snapshot is stale, so this transaction cannot write.
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode(rawValue: 5 | (2 << 8))
    /// `SQLITE_BUSY_TIMEOUT`: A blocking lock wait timed out.
    public static let SQLITE_BUSY_TIMEOUT = ResultCode(rawValue: 5 | (3 << 8))
    /// `SQLITE_LOCKED_SHAREDCACHE`: A table lock conflict in shared-cache mode.
    public static let SQLITE_LOCKED_SHAREDCACHE = ResultCode(rawValue: 6 | (1 << 8))
    /// `SQLITE_READONLY_RECOVERY`: A WAL database needs a recovery that a read-only connection cannot run.
    public static let SQLITE_READONLY_RECOVERY = ResultCode(rawValue: 8 | (1 << 8))
    /// `SQLITE_READONLY_CANTLOCK`: A read-only WAL connection could not take the shared-memory lock.
    public static let SQLITE_READONLY_CANTLOCK = ResultCode(rawValue: 8 | (2 << 8))
    /// `SQLITE_READONLY_ROLLBACK`: A hot journal must be rolled back but the file is read-only.
    public static let SQLITE_READONLY_ROLLBACK = ResultCode(rawValue: 8 | (3 << 8))
    /// `SQLITE_READONLY_DBMOVED`: The database file was moved or deleted while open.
    public static let SQLITE_READONLY_DBMOVED = ResultCode(rawValue: 8 | (4 << 8))
    /// `SQLITE_READONLY_CANTINIT`: The WAL shared memory could not be initialized.
    public static let SQLITE_READONLY_CANTINIT = ResultCode(rawValue: 8 | (5 << 8))
    /// `SQLITE_READONLY_DIRECTORY`: The directory of the database is read-only.
    public static let SQLITE_READONLY_DIRECTORY = ResultCode(rawValue: 8 | (6 << 8))
    /// `SQLITE_IOERR_READ`: A read from the file failed.
    public static let SQLITE_IOERR_READ = ResultCode(rawValue: 10 | (1 << 8))
    /// `SQLITE_IOERR_SHORT_READ`: A read returned fewer bytes than asked.
    public static let SQLITE_IOERR_SHORT_READ = ResultCode(rawValue: 10 | (2 << 8))
    /// `SQLITE_IOERR_WRITE`: A write to the file failed.
    public static let SQLITE_IOERR_WRITE = ResultCode(rawValue: 10 | (3 << 8))
    /// `SQLITE_CORRUPT_VTAB`: A virtual table's content is corrupt.
    public static let SQLITE_CORRUPT_VTAB = ResultCode(rawValue: 11 | (1 << 8))
    /// `SQLITE_CANTOPEN_NOTEMPDIR`: No temporary directory could be found.
    public static let SQLITE_CANTOPEN_NOTEMPDIR = ResultCode(rawValue: 14 | (1 << 8))
    /// `SQLITE_CANTOPEN_ISDIR`: The path names a directory.
    public static let SQLITE_CANTOPEN_ISDIR = ResultCode(rawValue: 14 | (2 << 8))
    /// `SQLITE_CANTOPEN_FULLPATH`: The full path of the file could not be formed.
    public static let SQLITE_CANTOPEN_FULLPATH = ResultCode(rawValue: 14 | (3 << 8))
    /// `SQLITE_CONSTRAINT_CHECK`: A `CHECK` constraint failed.
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode(rawValue: 19 | (1 << 8))
    /// `SQLITE_CONSTRAINT_COMMITHOOK`: A commit hook turned the commit into a rollback.
    public static let SQLITE_CONSTRAINT_COMMITHOOK = ResultCode(rawValue: 19 | (2 << 8))
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: A foreign key constraint failed.
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode(rawValue: 19 | (3 << 8))
    /// `SQLITE_CONSTRAINT_FUNCTION`: An extension function reported a constraint failure.
    public static let SQLITE_CONSTRAINT_FUNCTION = ResultCode(rawValue: 19 | (4 << 8))
    /// `SQLITE_CONSTRAINT_NOTNULL`: A `NOT NULL` constraint failed.
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode(rawValue: 19 | (5 << 8))
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: A `PRIMARY KEY` constraint failed.
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode(rawValue: 19 | (6 << 8))
    /// `SQLITE_CONSTRAINT_TRIGGER`: A trigger raised an error (`RAISE`).
    public static let SQLITE_CONSTRAINT_TRIGGER = ResultCode(rawValue: 19 | (7 << 8))
    /// `SQLITE_CONSTRAINT_UNIQUE`: A `UNIQUE` constraint failed.
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(rawValue: 19 | (8 << 8))
    /// `SQLITE_CONSTRAINT_VTAB`: A virtual table reported a constraint failure.
    public static let SQLITE_CONSTRAINT_VTAB = ResultCode(rawValue: 19 | (9 << 8))
    /// `SQLITE_CONSTRAINT_ROWID`: A rowid is not unique.
    public static let SQLITE_CONSTRAINT_ROWID = ResultCode(rawValue: 19 | (10 << 8))
    /// `SQLITE_CONSTRAINT_PINNED`: A trigger deleted the row an `UPDATE` was changing.
    public static let SQLITE_CONSTRAINT_PINNED = ResultCode(rawValue: 19 | (11 << 8))
    /// `SQLITE_CONSTRAINT_DATATYPE`: A value does not fit a `STRICT` table's column type.
    public static let SQLITE_CONSTRAINT_DATATYPE = ResultCode(rawValue: 19 | (12 << 8))
    /// `SQLITE_NOTICE_RECOVER_WAL`: A write-ahead log was recovered.
    public static let SQLITE_NOTICE_RECOVER_WAL = ResultCode(rawValue: 27 | (1 << 8))
    /// `SQLITE_NOTICE_RECOVER_ROLLBACK`: A hot journal was rolled back.
    public static let SQLITE_NOTICE_RECOVER_ROLLBACK = ResultCode(rawValue: 27 | (2 << 8))
    /// `SQLITE_AUTH_USER`: User authentication failed.
    public static let SQLITE_AUTH_USER = ResultCode(rawValue: 23 | (1 << 8))
    /// `SQLITE_OK_LOAD_PERMANENTLY`: An extension asked to stay loaded.
    public static let SQLITE_OK_LOAD_PERMANENTLY = ResultCode(rawValue: 0 | (1 << 8))
}
