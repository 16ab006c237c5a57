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
    public static let SQLITE_OK = ResultCode(rawValue: 0)
    public static let SQLITE_ERROR = ResultCode(rawValue: 1)
    public static let SQLITE_INTERNAL = ResultCode(rawValue: 2)
    public static let SQLITE_PERM = ResultCode(rawValue: 3)
    public static let SQLITE_ABORT = ResultCode(rawValue: 4)
    public static let SQLITE_BUSY = ResultCode(rawValue: 5)
    public static let SQLITE_LOCKED = ResultCode(rawValue: 6)
    public static let SQLITE_NOMEM = ResultCode(rawValue: 7)
    public static let SQLITE_READONLY = ResultCode(rawValue: 8)
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: 9)
    public static let SQLITE_IOERR = ResultCode(rawValue: 10)
    public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
    public static let SQLITE_NOTFOUND = ResultCode(rawValue: 12)
    public static let SQLITE_FULL = ResultCode(rawValue: 13)
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)
    public static let SQLITE_PROTOCOL = ResultCode(rawValue: 15)
    public static let SQLITE_EMPTY = ResultCode(rawValue: 16)
    public static let SQLITE_SCHEMA = ResultCode(rawValue: 17)
    public static let SQLITE_TOOBIG = ResultCode(rawValue: 18)
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)
    public static let SQLITE_MISMATCH = ResultCode(rawValue: 20)
    public static let SQLITE_MISUSE = ResultCode(rawValue: 21)
    public static let SQLITE_NOLFS = ResultCode(rawValue: 22)
    public static let SQLITE_AUTH = ResultCode(rawValue: 23)
    public static let SQLITE_FORMAT = ResultCode(rawValue: 24)
    public static let SQLITE_RANGE = ResultCode(rawValue: 25)
    public static let SQLITE_NOTADB = ResultCode(rawValue: 26)
    public static let SQLITE_NOTICE = ResultCode(rawValue: 27)
    public static let SQLITE_WARNING = ResultCode(rawValue: 28)
    public static let SQLITE_ROW = ResultCode(rawValue: 100)
    public static let SQLITE_DONE = ResultCode(rawValue: 101)

    // Extended codes (the importer drops these macros)
    public static let SQLITE_BUSY_RECOVERY = ResultCode(rawValue: 5 | (1 << 8))
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode(rawValue: 5 | (2 << 8))
    public static let SQLITE_BUSY_TIMEOUT = ResultCode(rawValue: 5 | (3 << 8))
    public static let SQLITE_LOCKED_SHAREDCACHE = ResultCode(rawValue: 6 | (1 << 8))
    public static let SQLITE_READONLY_RECOVERY = ResultCode(rawValue: 8 | (1 << 8))
    public static let SQLITE_READONLY_CANTLOCK = ResultCode(rawValue: 8 | (2 << 8))
    public static let SQLITE_READONLY_ROLLBACK = ResultCode(rawValue: 8 | (3 << 8))
    public static let SQLITE_READONLY_DBMOVED = ResultCode(rawValue: 8 | (4 << 8))
    public static let SQLITE_READONLY_CANTINIT = ResultCode(rawValue: 8 | (5 << 8))
    public static let SQLITE_READONLY_DIRECTORY = ResultCode(rawValue: 8 | (6 << 8))
    public static let SQLITE_IOERR_READ = ResultCode(rawValue: 10 | (1 << 8))
    public static let SQLITE_IOERR_SHORT_READ = ResultCode(rawValue: 10 | (2 << 8))
    public static let SQLITE_IOERR_WRITE = ResultCode(rawValue: 10 | (3 << 8))
    public static let SQLITE_CORRUPT_VTAB = ResultCode(rawValue: 11 | (1 << 8))
    public static let SQLITE_CANTOPEN_NOTEMPDIR = ResultCode(rawValue: 14 | (1 << 8))
    public static let SQLITE_CANTOPEN_ISDIR = ResultCode(rawValue: 14 | (2 << 8))
    public static let SQLITE_CANTOPEN_FULLPATH = ResultCode(rawValue: 14 | (3 << 8))
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode(rawValue: 19 | (1 << 8))
    public static let SQLITE_CONSTRAINT_COMMITHOOK = ResultCode(rawValue: 19 | (2 << 8))
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode(rawValue: 19 | (3 << 8))
    public static let SQLITE_CONSTRAINT_FUNCTION = ResultCode(rawValue: 19 | (4 << 8))
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode(rawValue: 19 | (5 << 8))
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode(rawValue: 19 | (6 << 8))
    public static let SQLITE_CONSTRAINT_TRIGGER = ResultCode(rawValue: 19 | (7 << 8))
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(rawValue: 19 | (8 << 8))
    public static let SQLITE_CONSTRAINT_VTAB = ResultCode(rawValue: 19 | (9 << 8))
    public static let SQLITE_CONSTRAINT_ROWID = ResultCode(rawValue: 19 | (10 << 8))
    public static let SQLITE_CONSTRAINT_PINNED = ResultCode(rawValue: 19 | (11 << 8))
    public static let SQLITE_CONSTRAINT_DATATYPE = ResultCode(rawValue: 19 | (12 << 8))
    public static let SQLITE_NOTICE_RECOVER_WAL = ResultCode(rawValue: 27 | (1 << 8))
    public static let SQLITE_NOTICE_RECOVER_ROLLBACK = ResultCode(rawValue: 27 | (2 << 8))
    public static let SQLITE_AUTH_USER = ResultCode(rawValue: 23 | (1 << 8))
    public static let SQLITE_OK_LOAD_PERMANENTLY = ResultCode(rawValue: 0 | (1 << 8))
}
