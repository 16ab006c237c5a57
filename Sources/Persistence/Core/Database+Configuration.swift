import Foundation

extension Database {
    /// Where a connection's data lives.
    public enum Location: Sendable, Hashable, CustomStringConvertible {
        /// A private in-memory database, gone when the connection closes.
        case inMemory
        /// A database file.
        case file(String)
        /// A SQLite URI (`file:data.db?mode=ro`).
        case uri(String)

        public var description: String {
            switch self {
            case .inMemory: ":memory:"
            case .file(let path): path
            case .uri(let uri): uri
            }
        }
    }

    /// The journal mode a file connection sets when it opens.
    public enum JournalMode: String, Sendable {
        /// Keep whatever the file has.
        case `default`
        /// Write-ahead logging: readers never block the writer.
        case wal
        /// Rollback journal, deleted after each transaction.
        case delete
    }

    /// How a connection opens and behaves.
    public struct Configuration: Sendable {
        /// Open read-only. Default false.
        public var readOnly = false
        /// Create the file when it does not exist. Default true.
        public var createIfMissing = true
        /// The journal mode of a writable file connection. Default WAL.
        public var journalMode: JournalMode = .wal
        /// Enforce foreign keys. Default true.
        public var foreignKeysEnabled = true
        /// How long a statement waits for a lock held by another connection
        /// before it fails with `SQLITE_BUSY`. Default 5 seconds.
        public var busyTimeout: Duration = .seconds(5)
        /// Statements kept prepared by ``Database/cachedStatement(sql:)``.
        public var statementCacheCapacity = 64
        /// A name for the connection, shown in thread and queue labels.
        public var label: String?
        /// How often an observed connection checks for commits by other
        /// processes (`PRAGMA data_version`) where file events are
        /// unavailable (inotify or `DispatchSource` cannot watch the
        /// database's directory). Where they are, commits are noticed from
        /// file events and nothing polls. Default 50 ms.
        public var externalChangePollInterval: Duration = .milliseconds(50)
        /// The longest a replaced or deleted database file goes unnoticed
        /// while anyone observes (see ``DatabaseFileReplacedError``): the
        /// path is compared with the file the queue or pool opened at each
        /// file event and at least this often. A path that names nothing is
        /// reported deleted once it stayed missing for a quarter of this (at
        /// most 250 ms), so that a file deleted and created again counts as
        /// replaced. Default 1 s; the check is one `stat` call.
        public var fileReplacementCheckInterval: Duration = .seconds(1)
        /// How much change history (``Database/enableChangeHistory(for:values:)``)
        /// to keep when it is pruned: by an observing writer as the history
        /// grows, and by ``Database/pruneChangeHistory(_:)``.
        public var changeHistoryRetention = ChangeHistoryRetention()
        /// Runs on every connection a ``DatabaseQueue`` or ``DatabasePool``
        /// (or a ``Database``) opens, once it is set up and before any
        /// other use: pragmas, attached databases, SQL functions. An error
        /// it throws fails the open.
        ///
        /// Assigning replaces whatever was set before; the method
        /// ``prepareDatabase(_:)`` adds a step after it instead, as GRDB's
        /// `config.prepareDatabase { db in … }` does.
        ///
        /// ```swift
        /// var configuration = Database.Configuration()
        /// configuration.prepareDatabase = { db in
        ///     try db.execute(sql: "PRAGMA cache_size = -8000")
        /// }
        /// let pool = try DatabasePool(path: "photos.sqlite", configuration: configuration)
        /// ```
        public var prepareDatabase: (@Sendable (Database) throws -> Void)?
        /// Whether SQL may use double quotes for a string literal where no
        /// column has that name (`"abc"` read as `'abc'`). Default false, as
        /// SQLite recommends: a misspelled column name in double quotes is
        /// then an error ("no such column"), not a constant that sorts or
        /// compares silently. Turn it on only for SQL written for SQLite's
        /// old behaviour (the `sqlite3` shell keeps it on, and so does
        /// `plume repl`).
        public var allowsDoubleQuotedStringLiterals = false
        /// Whether opening fails when the database file is a symbolic link
        /// (`SQLITE_OPEN_NOFOLLOW`). Default false.
        public var refusesSymbolicLinks = false
        /// The name of the SQLite VFS to open the file with (`"unix-dotfile"`,
        /// a VFS an extension registered), or nil for the default VFS.
        public var vfsName: String?
        /// Whether opening reads the schema, which proves that the file is a
        /// database and not corrupt. Default true. With false, as in the
        /// `sqlite3` shell, such a file opens and the first statement that
        /// reads it fails (an interrupted write is still rolled back on a
        /// read-only connection).
        public var readsSchemaOnOpen = true
        /// Whether SQL functions and virtual tables that have side effects
        /// may run from the schema: from views, triggers, `CHECK`
        /// constraints, generated columns and indexes on expressions
        /// (`SQLITE_DBCONFIG_TRUSTED_SCHEMA`). Default false, as SQLite
        /// advises for applications that may open a database file someone
        /// else wrote: a view or trigger of such a file can then call only
        /// innocuous functions (SQLite's built-in ones, and pure
        /// ``DatabaseFunction``s, which Plume registers as innocuous), never
        /// `edit()`, `writefile()` or `load_extension()`. Set it to true for
        /// a schema of your own that calls functions with side effects.
        public var trustsSchema = false
        /// Whether the connection refuses what could corrupt the file
        /// (`SQLITE_DBCONFIG_DEFENSIVE`): writing `sqlite_schema` through
        /// `PRAGMA writable_schema`, writing the shadow tables of virtual
        /// tables, `PRAGMA journal_mode = OFF`. Default true, as SQLite
        /// advises for applications; set it to false to repair a schema by
        /// hand (the `sqlite3` shell, and `plume repl`, keep it off).
        public var isDefensive = true
        /// Whether the connection may load SQLite extensions, through the C
        /// API and through the SQL function `load_extension()`
        /// (`sqlite3_enable_load_extension`). Default false: SQL from
        /// anywhere (a query you were given, a database's schema) can then
        /// never load a shared library.
        public var allowsLoadingExtensions = false
        /// Whether observers notice other processes' commits from file
        /// events; false forces polling (for tests of the fallback).
        var usesFileEvents = true

        /// The default configuration.
        public init() {}

        /// Adds a step that runs on every connection a ``DatabaseQueue`` or
        /// ``DatabasePool`` (or a ``Database``) opens, after the steps
        /// added or assigned before it (see the property
        /// ``prepareDatabase-swift.property``): pragmas, attached
        /// databases, SQL functions. The first step that throws fails the
        /// open with its error; the steps after it do not run.
        ///
        /// ```swift
        /// var configuration = Database.Configuration()
        /// configuration.prepareDatabase { db in
        ///     try db.execute(sql: "PRAGMA cache_size = -8000")
        /// }
        /// configuration.prepareDatabase { db in   // runs after the first
        ///     try db.execute(sql: "ATTACH DATABASE 'archive.sqlite' AS archive")
        /// }
        /// ```
        ///
        /// - Parameter setup: The step, called with each new connection on
        ///   that connection's queue; what it throws fails the open.
        public mutating func prepareDatabase(_ setup: @escaping @Sendable (Database) throws -> Void) {
            guard let previous = prepareDatabase else {
                prepareDatabase = setup
                return
            }
            prepareDatabase = { db in
                try previous(db)
                try setup(db)
            }
        }
    }
}
