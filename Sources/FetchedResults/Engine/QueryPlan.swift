import Persistence

/// How the engine runs a request on the database's current schema: the
/// SQL (a raw single-table query gets its order made total), the tables it
/// reads, and whether commits can be followed incrementally, or why not.
///
/// The incremental path must give exactly the rows a refetch gives, so a
/// request takes it only when that is proven: one table with a rowid, the
/// identity its rowid (``RowIDTable``), no limit or aggregate, and
/// deterministic functions only (``DeterministicFunctions``). Anything
/// else refetches, and ``refetchReason`` says why.
///
/// A plan holds for one schema version (SQLite's schema cookie,
/// `PRAGMA schema_version`): after any schema change — a table altered,
/// a view replaced, an index added — the engine makes a new plan, so the
/// region it watches and the incremental path follow the new schema.
struct QueryPlan<Item: FetchableRecord & Sendable> {
    /// The request as run.
    let request: FetchRequest
    /// The tables and columns the query reads.
    let region: DatabaseRegion
    /// The incremental path, when the query allows it.
    var incremental: IncrementalUpdater<Item>?
    /// Why the request refetches on every commit it may be affected by;
    /// nil when it follows them incrementally.
    let refetchReason: RefetchReason?
    /// The schema version the plan was made for.
    let schemaVersion: Int64

    /// - Throws: ``DatabaseError`` when the request's SQL does not compile
    ///   on the current schema (a table dropped, a column renamed).
    init(_ request: FetchRequest, _ db: Database) throws {
        try Self.checkNames(of: request, db)
        schemaVersion = try Self.schemaVersion(db)
        let statement = try db.makeStatement(sql: request.sql)
        region = statement.region
        switch try Self.incrementalPath(of: request, statement, db) {
        case .success(.structured(let updater)):
            self.request = request
            incremental = updater
            refetchReason = nil
        case .success(.raw(let query)):
            // A raw query of one table is run with its order made total,
            // as its incremental updates place rows.
            self.request = request.replacingSQL(query.orderedSQL)
            incremental = IncrementalUpdater(query: query, request: self.request)
            refetchReason = nil
        case .failure(let reason):
            self.request = request
            incremental = nil
            refetchReason = reason
        }
    }

    /// The two kinds of incremental path.
    private enum IncrementalPath {
        case structured(IncrementalUpdater<Item>)
        case raw(SingleTableQuery)
    }

    /// The request's incremental path, or why it has none: the source's
    /// own conditions first, then the functions its SQL calls.
    private static func incrementalPath(of request: FetchRequest, _ statement: Statement,
                                        _ db: Database) throws -> Result<IncrementalPath, RefetchReason> {
        let path: Result<IncrementalPath, RefetchReason>
        switch request.source {
        case .structured:
            path = try IncrementalUpdater<Item>.analyze(request, region: statement.region, db).map { .structured($0) }
        case .sql:
            path = try SingleTableQuery.analyze(request, statement: statement, db).map { .raw($0) }
        }
        guard case .success = path else { return path }
        if let function = DeterministicFunctions.firstUnproven(statement.calledFunctions, db) {
            return .failure(.nonDeterministicFunction(function))
        }
        return path
    }

    /// A structured request's table and columns exist: an unknown one is
    /// an error naming it, with the names there are (and the likely one).
    ///
    /// - Throws: ``FetchedResultsError``.
    static func checkNames(of request: FetchRequest, _ db: Database) throws {
        guard case .structured(let table, _, let sortColumns, _) = request.source else { return }
        guard try db.tableExists(table) else {
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")
            throw FetchedResultsError(.noSuchTable(table: table, available: tables), sql: request.sql)
        }
        let columns = try db.columns(in: table).map(\.name)
        func exists(_ name: String) -> Bool {
            columns.contains { $0.sqlNameKey() == name.sqlNameKey() } || ["rowid", "oid", "_rowid_"].contains(name.sqlNameKey())
        }
        for sort in sortColumns where !exists(sort.name) {
            throw FetchedResultsError(.missingSortColumn(column: sort.name, available: columns), sql: request.sql)
        }
        guard exists(request.identityColumn) else {
            throw FetchedResultsError(.missingIdentityColumn(column: request.identityColumn, available: columns), sql: request.sql)
        }
        if let section = request.sectionColumn, !exists(section) {
            throw FetchedResultsError(.missingSectionColumn(column: section, available: columns), sql: request.sql)
        }
    }

    /// SQLite's schema cookie, which every schema change increments.
    static func schemaVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
    }
}
