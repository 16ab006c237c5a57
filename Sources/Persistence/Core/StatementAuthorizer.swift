import CSQLite

/// Records what a statement reads and writes while SQLite compiles it.
///
/// SQLite calls the authorizer during `sqlite3_prepare`; Plume uses it to
/// learn the region a query reads (for live queries), the tables a
/// statement writes (for change tracking) and the functions it calls
/// (whether a live query may be followed incrementally).
final class StatementAuthorizer {
    var region = DatabaseRegion()
    var writtenTables: Set<String> = []
    /// Lowercased names of the functions the statement calls.
    var calledFunctions: Set<String> = []
    var isSchemaChange = false
    /// Whether the statement begins or ends a transaction (BEGIN, COMMIT,
    /// END, ROLLBACK; not a savepoint's).
    var controlsTransaction = false
    /// `ATTACH` or `DETACH` when the statement attaches or detaches a
    /// database.
    var attachment: String?
    private var isDropStatement = false

    func reset() {
        region = DatabaseRegion()
        writtenTables = []
        calledFunctions = []
        isSchemaChange = false
        controlsTransaction = false
        attachment = nil
        isDropStatement = false
    }

    func authorize(
        _ action: Int32,
        _ first: UnsafePointer<CChar>?,
        _ second: UnsafePointer<CChar>?
    ) -> Int32 {
        switch action {
        case SQLITE_DROP_TABLE, SQLITE_DROP_VTABLE, SQLITE_DROP_TEMP_TABLE,
             SQLITE_DROP_INDEX, SQLITE_DROP_TEMP_INDEX, SQLITE_DROP_VIEW,
             SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_TRIGGER, SQLITE_DROP_TEMP_TRIGGER:
            isDropStatement = true
            isSchemaChange = true
            if action == SQLITE_DROP_TABLE || action == SQLITE_DROP_TEMP_TABLE, let first {
                writtenTables.insert(String(cString: first).sqlNameKey())
            }
        case SQLITE_ATTACH, SQLITE_DETACH:
            attachment = action == SQLITE_ATTACH ? "ATTACH" : "DETACH"
            isSchemaChange = true
        case SQLITE_ALTER_TABLE, SQLITE_CREATE_INDEX,
             SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_INDEX, SQLITE_CREATE_TEMP_TABLE,
             SQLITE_CREATE_TEMP_TRIGGER, SQLITE_CREATE_TEMP_VIEW, SQLITE_CREATE_TRIGGER,
             SQLITE_CREATE_VIEW, SQLITE_CREATE_VTABLE:
            isSchemaChange = true
        case SQLITE_TRANSACTION:
            controlsTransaction = true
        case SQLITE_READ:
            guard let first else { break }
            let table = String(cString: first)
            if let second, second.pointee != 0 {
                region.insert(table: table, column: String(cString: second))
            } else {
                region.insert(table: table)
            }
        case SQLITE_FUNCTION:
            // The name comes second; `CURRENT_TIME` and its kin are reported
            // as functions too.
            if let second { calledFunctions.insert(String(cString: second).sqlNameKey()) }
        case SQLITE_INSERT, SQLITE_UPDATE:
            if let first { writtenTables.insert(String(cString: first).sqlNameKey()) }
        case SQLITE_DELETE:
            guard !isDropStatement, let first else { break }
            let table = String(cString: first)
            if table == "sqlite_master" || table == "sqlite_temp_master" { break }
            writtenTables.insert(table.sqlNameKey())
            // SQLITE_IGNORE disables the truncate optimization, so that the
            // update hook hears of every deleted row.
            return SQLITE_IGNORE
        default:
            break
        }
        return SQLITE_OK
    }
}
