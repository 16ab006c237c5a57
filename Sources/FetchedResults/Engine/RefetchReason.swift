/// Why a request follows commits by refetching instead of incrementally
/// (see ``QueryPlan``): the incremental path gives exactly the rows a
/// refetch gives, and takes a request only when that is proven. (An
/// `Error`, to be the failure of a `Result` whose success is the
/// incremental path.)
enum RefetchReason: Error, Sendable, Hashable, CustomStringConvertible {
    /// Raw SQL other than `SELECT … FROM table [WHERE …] ORDER BY …` (see
    /// ``SelectOutline``).
    case notSingleTableSelect
    /// A structured request with a limit.
    case limit
    /// The query reads other tables than its own (a view, a join, a
    /// subquery), or none.
    case readsOtherTables
    /// A structured filter with a subquery, or text that is not one
    /// expression.
    case filterNotSelfContained
    /// The table has no rowid a query can name (see ``RowIDTable``).
    case noRowID(table: String)
    /// The identity column is not the table's rowid or its alias.
    case identityIsNotRowID(column: String)
    /// The query aggregates.
    case aggregates
    /// The query calls a function not proven deterministic (see
    /// ``DeterministicFunctions``).
    case nonDeterministicFunction(String)

    var description: String {
        switch self {
        case .notSingleTableSelect:
            "the SQL is not SELECT … FROM table [WHERE …] ORDER BY … (without a join, subquery, DISTINCT, LIMIT or a parameter in ORDER BY)"
        case .limit:
            "the request has a limit"
        case .readsOtherTables:
            "the query does not read exactly one table"
        case .filterNotSelfContained:
            "the filter has a subquery or is not one expression"
        case .noRowID(let table):
            "\(table) has no rowid to follow (a view, a virtual or WITHOUT ROWID table, or every rowid name taken by a column)"
        case .identityIsNotRowID(let column):
            "the identity column \(column) is not the rowid"
        case .aggregates:
            "the query aggregates"
        case .nonDeterministicFunction(let name):
            "the query calls \(name), which is not known to be deterministic"
        }
    }
}
