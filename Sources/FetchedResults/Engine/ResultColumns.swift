import Persistence

/// The columns of a request's result, resolved by name from its statement
/// as last prepared: the one place that reads them, after the statement's
/// first step, since a schema change since the previous scan (a column
/// added, renamed or dropped, a view replaced) re-prepares the statement
/// there with other columns.
struct ResultColumns {
    /// The column names, in result order.
    let names: [String]
    let identityIndex: Int
    let sectionIndex: Int?
    /// How section values compare (see ``SectionCollation``).
    let sectionCollation: BuiltInCollation
    /// The starting state of each row's content hash: it covers the column
    /// names, so rows under renamed columns count as changed.
    let hashSeed: UInt64

    /// - Throws: ``FetchedResultsError`` naming the identity or section
    ///   column when the result no longer has it.
    init(_ statement: Statement, request: FetchRequest, sql: String) throws {
        let layout = statement.layout
        names = layout.columns
        guard let identityIndex = layout.index(ofColumn: request.identityColumn) else {
            throw FetchedResultsError(.missingIdentityColumn(column: request.identityColumn, available: names), sql: sql)
        }
        self.identityIndex = identityIndex
        if let sectionColumn = request.sectionColumn {
            guard let index = layout.index(ofColumn: sectionColumn) else {
                throw FetchedResultsError(.missingSectionColumn(column: sectionColumn, available: names), sql: sql)
            }
            sectionIndex = index
            sectionCollation = SectionCollation.of(columnAt: index, in: statement)
        } else {
            sectionIndex = nil
            sectionCollation = .binary
        }
        hashSeed = ContentHash.seed(columns: names)
    }
}
