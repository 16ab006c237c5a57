import CSQLite
import Persistence

/// How the shell opens connections as `sqlite3` opens them, with the SQL
/// functions `sqlite3` adds, and closes the extra ones of `.clone` and
/// `.archive`.
extension Shell {
    /// `sqlite3`'s message when it cannot open the database; a file that
    /// is not a database keeps Plume's plain message.
    static func openFailureMessage(_ error: any Error, path: String) -> String {
        guard let error = error as? DatabaseError else { return "Error: unable to open database \"\(path)\": \(error)" }
        let primary = error.extendedResultCode.rawValue & 0xFF
        if primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT { return "Error: \(error.message)" }
        let prefix = "cannot open \(path): "
        let message = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
        return "Error: unable to open database \"\(path)\": \(message)"
    }

    /// Opens a connection configured as `sqlite3` opens one: the file's
    /// journal mode is kept and foreign keys are not enforced.
    ///
    /// With `readsSchema` false (the REPL), a file that is not a database,
    /// or whose schema is damaged, opens as in `sqlite3`, and the first
    /// statement that reads it fails.
    ///
    /// With `distrustsSchema` (`plume query`), the connection is the
    /// library's default instead for what a database file someone else
    /// wrote could do: it does not trust the schema
    /// (`SQLITE_DBCONFIG_TRUSTED_SCHEMA` off), is defensive, and loads no
    /// extension.
    package static func openDatabase(path: String, createIfMissing: Bool, readOnly: Bool,
                             refusesSymbolicLinks: Bool = false, vfsName: String? = nil,
                             readsSchema: Bool = true, distrustsSchema: Bool = false) throws -> Database {
        let database = try openBareDatabase(path: path, createIfMissing: createIfMissing, readOnly: readOnly,
                                            refusesSymbolicLinks: refusesSymbolicLinks, vfsName: vfsName,
                                            readsSchema: readsSchema, distrustsSchema: distrustsSchema)
        prepareConnection(database.sqliteConnection!, allowsLoadingExtensions: !distrustsSchema)
        return database
    }

    /// Registers on a connection what `sqlite3`'s `open_db` does: the
    /// shell's SQL functions, collations and table-valued functions
    /// (``ShellFunctions``), extension loading (unless
    /// `allowsLoadingExtensions` is false) and the `sqlar` functions.
    static func prepareConnection(_ connection: OpaquePointer, allowsLoadingExtensions: Bool = true) {
        ShellFunctions.install(on: connection)
        prepareAdminFeatures(on: connection)
        if !allowsLoadingExtensions { sqlite3_enable_load_extension(connection, 0) }
    }

    /// Makes every connection a queue or pool opens with `configuration`
    /// (the writer and each reader) ready as the REPL's own is
    /// (``prepareConnection(_:)``), after its other setup steps: a query
    /// of `plume watch` or `.watch` may use `COLLATE uint`, `regexp`,
    /// `decimal` and the other functions the REPL has.
    ///
    /// Extension loading stays as the configuration says
    /// (``Database/Configuration/allowsLoadingExtensions``).
    package static func prepareConnections(of configuration: inout Database.Configuration) {
        let allowsLoadingExtensions = configuration.allowsLoadingExtensions
        configuration.prepareDatabase { db in
            guard let connection = db.sqliteConnection else { return }
            prepareConnection(connection, allowsLoadingExtensions: allowsLoadingExtensions)
        }
    }

    /// Opens a connection as ``openDatabase(path:createIfMissing:readOnly:refusesSymbolicLinks:vfsName:)``
    /// does, without the shell's SQL functions: what `sqlite3` falls back
    /// to, in memory, when `.open` fails.
    static func openBareDatabase(path: String, createIfMissing: Bool, readOnly: Bool,
                                 refusesSymbolicLinks: Bool = false, vfsName: String? = nil,
                                 readsSchema: Bool = true, distrustsSchema: Bool = false) throws -> Database {
        var configuration = Database.Configuration()
        // As the sqlite3 shell: the schema is trusted, writable_schema
        // works, `.load` loads; `plume query` keeps the library's defaults.
        configuration.trustsSchema = !distrustsSchema
        configuration.isDefensive = distrustsSchema
        configuration.allowsLoadingExtensions = !distrustsSchema
        configuration.readsSchemaOnOpen = readsSchema
        configuration.journalMode = .default
        configuration.foreignKeysEnabled = false
        configuration.createIfMissing = createIfMissing
        configuration.readOnly = readOnly
        configuration.refusesSymbolicLinks = refusesSymbolicLinks
        configuration.vfsName = vfsName
        configuration.statementCacheCapacity = 4
        configuration.label = "plume repl"
        // As the sqlite3 shell: `"abc"` is a string where no column has that name.
        configuration.allowsDoubleQuotedStringLiterals = true
        return try Database(path: path, configuration: configuration)
    }

    /// What `sqlite3`'s `open_db` sets up on each connection for its
    /// dot-commands: extension loading (`.load`) and the `sqlar` functions
    /// of `.archive`.
    static func prepareAdminFeatures(on connection: OpaquePointer) {
        sqlite3_enable_load_extension(connection, 1)
        SqlarFunctions.install(on: connection)
    }

    /// `sqlite3`'s `close_db` for a connection of its own.
    func closeAuxiliary(_ connection: OpaquePointer?) {
        let code = sqlite3_close(connection)
        if code != SQLITE_OK {
            printError(bytes: Array("Error: sqlite3_close() returns \(code): ".utf8) + Shell.errorMessage(connection))
        }
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (self + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
