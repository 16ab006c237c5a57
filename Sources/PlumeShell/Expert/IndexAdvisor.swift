import CSQLite

/// `.expert`'s index advisor: a port of SQLite's `sqlite3expert`
/// extension, which `sqlite3` builds in.
///
/// Each table of the database gets a stand-in virtual table in a scratch
/// database (`schemaCopy` holds the real schema): preparing a query there
/// records, through `xBestIndex`, the columns its scans constrain and
/// order by. Candidate indexes made from those go into a copy of the real
/// schema, where `EXPLAIN QUERY PLAN` shows which ones the planner picks.
/// (`sqlite3`'s `-sample N` also fills `sqlite_stat1` from the data; this
/// port does not.)
final class IndexAdvisor {
    /// A table of the user's database: its columns, with their collation
    /// and whether each is the table's one-column primary key.
    struct Table {
        var name: String
        var columns: [(name: String, collation: String, isPrimaryKey: Bool)]
    }

    /// A constraint or ORDER BY term of a scan (`IdxConstraint`), linked
    /// while candidates are built as in the original.
    final class Term {
        let column: Int
        let collation: String
        var descending = false
        var flagged = false
        var link: Term?
        init(column: Int, collation: String) {
            self.column = column
            self.collation = collation
        }
    }

    /// One scan the planner considered (`IdxScan`).
    final class Scan {
        let table: Int
        /// Newest first, as the original's linked lists.
        var equalities: [Term] = []
        var ranges: [Term] = []
        /// In ORDER BY order, linked.
        var order: Term?
        init(table: Int) { self.table = table }
    }

    let database: OpaquePointer
    var virtualSchema: OpaquePointer?
    var schemaCopy: OpaquePointer?
    var tables: [Table] = []
    /// Newest first.
    var scans: [Scan] = []
    /// The statements analyzed, in order: text, then the indexes and plan found.
    var statements: [(sql: [UInt8], indexes: [UInt8]?, plan: [UInt8]?)] = []
    /// Candidate indexes by name, with their `CREATE INDEX`, newest first.
    var candidates: [(name: [UInt8], sql: [UInt8])] = []
    /// Writes seen by the authorizer: table and operation, newest first.
    var writes: [(table: Int, operation: Int32)] = []
    /// The table `xConnect` attaches to the stand-in being created.
    var tableBeingCreated = 0

    /// Opens the scratch databases and copies the schema, or throws the
    /// message `sqlite3_expert_new` reports.
    init(database: OpaquePointer) throws(AdvisorFailure) {
        self.database = database
        guard sqlite3_open(":memory:", &virtualSchema) == SQLITE_OK, sqlite3_open(":memory:", &schemaCopy) == SQLITE_OK else {
            throw AdvisorFailure(message: Shell.errorMessage(virtualSchema))
        }
        _ = plume_db_config_int(schemaCopy, SQLITE_DBCONFIG_TRIGGER_EQP, 1, nil)
        let schema = RawStatement(database, "SELECT sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'"
                                  + " AND sql NOT LIKE 'CREATE VIRTUAL %'")
        guard schema.prepareCode == SQLITE_OK else { throw AdvisorFailure(message: Shell.errorMessage(database)) }
        while schema.step() {
            guard let sql = schema.text(0) else { continue }
            try run(sql, on: schemaCopy)
        }
        try createVirtualSchema()
        sqlite3_set_authorizer(virtualSchema, { context, action, table, _, schema, _ in
            Unmanaged<IndexAdvisor>.fromOpaque(context!).takeUnretainedValue().recordWrite(action, table, schema)
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        sqlite3_close(schemaCopy)
        sqlite3_close(virtualSchema)
    }

    /// Runs SQL on a scratch database, throwing its error message.
    func run(_ sql: [UInt8], on connection: OpaquePointer?) throws(AdvisorFailure) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sql.withCString { sqlite3_exec(connection, $0, nil, nil, &message) }
        defer { sqlite3_free(message) }
        if code != SQLITE_OK { throw AdvisorFailure(message: [UInt8](cString: message)) }
    }

    /// `sqlite3_expert_sql`: records the scans of each statement.
    func add(_ sql: [UInt8]) throws(AdvisorFailure) {
        let savedScans = scans, savedStatements = statements
        var failure: AdvisorFailure?
        (sql + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                var cursor: UnsafePointer<CChar>? = text.baseAddress
                while let current = cursor, current.pointee != 0 {
                    var statement: OpaquePointer?
                    guard sqlite3_prepare_v2(virtualSchema, current, -1, &statement, &cursor) == SQLITE_OK else {
                        failure = AdvisorFailure(message: Shell.errorMessage(virtualSchema))
                        return
                    }
                    if let statement {
                        statements.append(([UInt8](cString: sqlite3_sql(statement)), nil, nil))
                        sqlite3_finalize(statement)
                    }
                }
            }
        }
        if let failure {
            scans = savedScans
            statements = savedStatements
            throw failure
        }
    }

    private func recordWrite(_ action: Int32, _ table: UnsafePointer<CChar>?, _ schema: UnsafePointer<CChar>?) {
        guard action == SQLITE_INSERT || action == SQLITE_UPDATE || action == SQLITE_DELETE,
              let schema, sqlite3_stricmp(schema, "main") == 0, let table else { return }
        guard let index = tables.firstIndex(where: { sqlite3_stricmp($0.name, table) == 0 }) else { return }
        if !writes.contains(where: { $0.table == index && $0.operation == action }) {
            writes.insert((index, action), at: 0)
        }
    }
}

/// Why the advisor could not start or analyze: the message `sqlite3`
/// prints.
struct AdvisorFailure: Error {
    var message: [UInt8]
}
