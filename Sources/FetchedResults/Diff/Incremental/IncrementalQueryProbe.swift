import Persistence

/// Whether a raw query follows commits incrementally, and the queries it
/// is then run as: what the fuzz target `select-outline` (Fuzz/) checks
/// against SQLite's own reading of the query.
///
/// `package` so that `plume-fuzz`, an executable of this package, reaches
/// it without `@testable` (which release builds do not allow).
package enum IncrementalQueryProbe {
    /// The queries Plume runs for a raw request it follows incrementally:
    /// the query with its order made total, one row by rowid
    /// (`:plume_rowid`), two rows compared (`:plume_a`, `:plume_b`); nil
    /// when the request refetches instead.
    ///
    /// - Throws: ``DatabaseError`` when the SQL does not compile.
    package static func incrementalQueries(sql: String, identityColumn: String, _ db: Database) throws -> [String]? {
        let request = FetchRequest(sql: sql, identityColumn: identityColumn)
        let plan = try QueryPlan<Row>(request, db)
        guard plan.refetchReason == nil else { return nil }
        let statement = try db.makeStatement(sql: sql)
        guard case .success(let query) = try SingleTableQuery.analyze(request, statement: statement, db) else {
            preconditionFailure("the plan follows \(sql) incrementally, but its analysis refuses it")
        }
        return [query.orderedSQL, query.rowSQL, query.comparisonSQL]
    }
}
