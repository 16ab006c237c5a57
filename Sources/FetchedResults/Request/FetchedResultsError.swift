import Persistence

/// A fetch request that a controller cannot serve: duplicate identities, a
/// missing identity or section column, or a query not ordered by its
/// section column.
///
/// The description names the column, the offending value and the SQL:
///
/// ```
/// duplicate identity: column "id" holds 7 in two rows - in `SELECT * FROM photo ORDER BY name`
/// ```
public struct FetchedResultsError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Base: Hashable, Sendable {
            case duplicateIdentity, missingIdentityColumn, missingSectionColumn
            case sectionNotOrdered, sectionColumnNotFirstSort, invalidBatchSize
            case rowDeleted, noSuchTable, missingSortColumn
            case databaseFileReplaced
        }
        fileprivate let base: Base
        /// Two rows have the same identity.
        public static let duplicateIdentity = Code(base: .duplicateIdentity)
        /// The result has no column named like the identity column.
        public static let missingIdentityColumn = Code(base: .missingIdentityColumn)
        /// The result has no column named like the section column.
        public static let missingSectionColumn = Code(base: .missingSectionColumn)
        /// A section value reappears after another section: the query is
        /// not ordered by the section column first.
        public static let sectionNotOrdered = Code(base: .sectionNotOrdered)
        /// A structured request's first sort column is not its section column.
        public static let sectionColumnNotFirstSort = Code(base: .sectionColumnNotFirstSort)
        /// The batch size is negative.
        public static let invalidBatchSize = Code(base: .invalidBatchSize)
        /// With a batch size, a row whose page was never loaded was deleted
        /// by a commit whose change set has not arrived yet, and the item
        /// type cannot decode it from its identity and `NULL`s.
        public static let rowDeleted = Code(base: .rowDeleted)
        /// A structured request names a table or view that does not exist.
        public static let noSuchTable = Code(base: .noSuchTable)
        /// A structured request sorts by a column its table does not have.
        public static let missingSortColumn = Code(base: .missingSortColumn)
        /// The database file was replaced or deleted under the controller
        /// (see ``FetchedResultsError/fileReplacement``): it stopped, its
        /// rows are the old file's. Close the queue or pool, open the path
        /// again and fetch.
        public static let databaseFileReplaced = Code(base: .databaseFileReplaced)

        public var description: String {
            switch base {
            case .duplicateIdentity: "duplicate identity"
            case .missingIdentityColumn: "missing identity column"
            case .missingSectionColumn: "missing section column"
            case .sectionNotOrdered: "not ordered by section"
            case .sectionColumnNotFirstSort: "section column is not the first sort column"
            case .invalidBatchSize: "invalid batch size"
            case .rowDeleted: "row deleted"
            case .noSuchTable: "no such table"
            case .missingSortColumn: "missing sort column"
            case .databaseFileReplaced: "database file replaced"
            }
        }
    }

    enum Detail: Sendable {
        case duplicateIdentity(column: String, value: DatabaseValue)
        case missingIdentityColumn(column: String, available: [String])
        case missingSectionColumn(column: String, available: [String])
        case sectionNotOrdered(column: String, value: DatabaseValue)
        case sectionColumnNotFirstSort(column: String, firstSortColumn: String?)
        case invalidBatchSize(Int)
        case rowDeleted(column: String, id: DatabaseValue, decodingError: String)
        case noSuchTable(table: String, available: [String])
        case missingSortColumn(column: String, available: [String])
        case databaseFileReplaced(DatabaseFileReplacedError)
    }

    let detail: Detail
    /// The SQL of the request.
    public let sql: String

    init(_ detail: Detail, sql: String) {
        self.detail = detail
        self.sql = sql
    }

    /// What went wrong.
    public var code: Code {
        switch detail {
        case .duplicateIdentity: .duplicateIdentity
        case .missingIdentityColumn: .missingIdentityColumn
        case .missingSectionColumn: .missingSectionColumn
        case .sectionNotOrdered: .sectionNotOrdered
        case .sectionColumnNotFirstSort: .sectionColumnNotFirstSort
        case .invalidBatchSize: .invalidBatchSize
        case .rowDeleted: .rowDeleted
        case .noSuchTable: .noSuchTable
        case .missingSortColumn: .missingSortColumn
        case .databaseFileReplaced: .databaseFileReplaced
        }
    }

    /// The column concerned (identity or section column), when there is one.
    public var column: String? {
        switch detail {
        case .duplicateIdentity(let column, _), .missingIdentityColumn(let column, _),
             .missingSectionColumn(let column, _), .sectionNotOrdered(let column, _),
             .sectionColumnNotFirstSort(let column, _), .rowDeleted(let column, _, _), .missingSortColumn(let column, _):
            column
        case .invalidBatchSize, .noSuchTable, .databaseFileReplaced:
            nil
        }
    }

    /// The offending value (a duplicate identity, a reappearing section).
    public var value: DatabaseValue? {
        switch detail {
        case .duplicateIdentity(_, let value), .sectionNotOrdered(_, let value), .rowDeleted(_, let value, _): value
        default: nil
        }
    }

    /// For ``Code-swift.struct/databaseFileReplaced``: what happened to
    /// the file, and its path.
    public var fileReplacement: DatabaseFileReplacedError? {
        if case .databaseFileReplaced(let error) = detail { return error }
        return nil
    }

    public var description: String {
        let text: String
        switch detail {
        case .duplicateIdentity(let column, let value):
            text = "duplicate identity: column \(quoteIdentifier(column)) holds \(value) in two rows; the identity column must be unique"
        case .missingIdentityColumn(let column, let available):
            text = "missing identity column \(quoteIdentifier(column))" + Self.listing(available, near: column, of: "the result")
        case .missingSectionColumn(let column, let available):
            text = "missing section column \(quoteIdentifier(column))" + Self.listing(available, near: column, of: "the result")
        case .missingSortColumn(let column, let available):
            text = "missing sort column \(quoteIdentifier(column))" + Self.listing(available, near: column, of: "the table")
        case .noSuchTable(let table, let available):
            text = "no such table or view \(quoteIdentifier(table))" + Self.listing(available, near: table, of: "the database")
        case .sectionNotOrdered(let column, let value):
            text = "the query is not ordered by its section column \(quoteIdentifier(column)) first: section \(value) reappears after another section"
        case .sectionColumnNotFirstSort(let column, let first):
            text = "the section column \(quoteIdentifier(column)) must be the first sort column (it is \(first.map(quoteIdentifier) ?? "missing"))"
        case .invalidBatchSize(let size):
            text = "invalid batch size \(size): use 0 (load every row) or a positive page size"
        case .databaseFileReplaced(let error):
            text = "\(error); the controller stopped and shows the old file's rows"
        case .rowDeleted(let column, let id, let decodingError):
            text = "the row with \(quoteIdentifier(column)) = \(id) was deleted before its page was loaded (its change set is on its way), "
                + "and it does not decode from its identity and NULLs: \(decodingError)"
        }
        return text + " - in `\(sql)`"
    }

    /// ` (did you mean "due_date"? the table has: id, title, due_date)`
    static func listing(_ available: [String], near name: String, of owner: String) -> String {
        let suggestion = NameSuggestion.closest(to: name, in: available).map { "did you mean \(quoteIdentifier($0))? " } ?? ""
        return " (\(suggestion)\(owner) has: \(available.joined(separator: ", ")))"
    }
}
