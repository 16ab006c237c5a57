import Persistence

/// How the engine runs a request on the database's current schema: the
/// SQL (a raw single-table query gets its order made total), the tables it
/// reads, and whether commits can be followed incrementally.
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
    /// The schema version the plan was made for.
    let schemaVersion: Int64

    /// - Throws: ``DatabaseError`` when the request's SQL does not compile
    ///   on the current schema (a table dropped, a column renamed).
    init(_ request: FetchRequest, _ db: Database) throws {
        try Self.checkNames(of: request, db)
        schemaVersion = try Self.schemaVersion(db)
        region = try db.makeStatement(sql: request.sql).region
        // A raw query of one table is run with its order made total, as
        // its incremental updates place rows.
        let singleTable = try SingleTableQuery(request: request, region: region, db)
        self.request = singleTable.map { request.replacingSQL($0.orderedSQL) } ?? request
        incremental = try singleTable.map { IncrementalUpdater(query: $0, request: self.request) }
            ?? IncrementalUpdater(request: self.request, region: region, db)
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
            columns.contains { $0.lowercased() == name.lowercased() } || ["rowid", "oid", "_rowid_"].contains(name.lowercased())
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
