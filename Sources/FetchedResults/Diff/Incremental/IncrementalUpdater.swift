import Foundation
import Persistence

/// Follows fully tracked local commits of a structured single-table
/// request by fetching only the changed rowids and placing them by binary
/// search in the current order: O(k log n) for k changed rows of n.
///
/// It applies to a table with a rowid (``RowIDTable``) read alone, without
/// a limit, whose identity is the rowid or its `INTEGER PRIMARY KEY`
/// alias, and whose SQL calls deterministic functions only
/// (``DeterministicFunctions``): structured requests, and raw SQL with the
/// shape of a ``SingleTableQuery``. ``QueryPlan`` decides.
struct IncrementalUpdater<Item: FetchableRecord & Sendable> {
    private let tableKey: String
    private let rowSQL: String
    private let filterArguments: StatementArguments
    private let identityColumn: String
    private let sectionColumn: String?
    private let decodesItems: Bool
    private let comparator: RowOrderComparator
    private var locator: RowLocator?

    /// An updater for a structured request, or why it keeps the refetch
    /// path.
    ///
    /// - Parameter region: What the request's SQL reads.
    /// - Throws: ``DatabaseError``.
    static func analyze(_ request: FetchRequest, region: DatabaseRegion, _ db: Database) throws -> Result<Self, RefetchReason> {
        guard case .structured(let table, let filter, let sortColumns, let limit) = request.source else { return .failure(.notSingleTableSelect) }
        guard limit == nil else { return .failure(.limit) }
        guard region.tables == [table.sqlNameKey()] else { return .failure(.readsOtherTables) }
        guard filter.map(SelectOutline.isSelfContainedFilter) ?? true else { return .failure(.filterNotSelfContained) }
        guard let rowIDTable = try RowIDTable(table, db) else { return .failure(.noRowID(table: table)) }
        guard rowIDTable.readsRowID(request.identityColumn) else {
            return .failure(.identityIsNotRowID(column: request.identityColumn))
        }
        return .success(Self(request, table: table, filter: filter, sortColumns: sortColumns, rowIDName: rowIDTable.rowIDName))
    }

    /// An updater for a structured request whose identity reads the rowid.
    private init(_ request: FetchRequest, table: String, filter: String?, sortColumns: [FetchRequest.SortColumn], rowIDName: String) {
        tableKey = table.sqlNameKey()
        let condition = filter.map { "\(FetchRequest.parenthesized($0)) AND " } ?? ""
        rowSQL = "SELECT \(request.structuredSelection) FROM \(quoteIdentifier(table)) WHERE \(condition)\(rowIDName) = :plume_rowid"
        filterArguments = request.arguments
        identityColumn = request.identityColumn
        sectionColumn = request.sectionColumn
        decodesItems = request.batchSize == 0
        var terms = sortColumns.map { (column: $0.name, ascending: $0.isAscending) }
        if !sortColumns.contains(where: { $0.name.sqlNameKey() == request.identityColumn.sqlNameKey() }) {
            terms.append((request.identityColumn, true))
        }
        comparator = .columns(SortOrderComparator(table: table, rowIDName: rowIDName, orderingTerms: terms))
    }

    /// An updater for a raw query of one table.
    init(query: SingleTableQuery, request: FetchRequest) {
        tableKey = query.table
        rowSQL = query.rowSQL
        filterArguments = request.arguments
        identityColumn = request.identityColumn
        sectionColumn = request.sectionColumn
        decodesItems = request.batchSize == 0
        comparator = .query(QueryOrderComparator(sql: query.comparisonSQL, arguments: request.arguments, identityColumn: request.identityColumn))
    }

    /// Forgets positions derived from the storage (after a refetch).
    mutating func invalidate() {
        locator = nil
    }

    /// The new storage and its changes, or nil when a refetch is the better
    /// (or the only correct) way.
    ///
    /// - Throws: ``DatabaseError`` or the item's decoding error.
    /// - Complexity: O(k log n) SQLite lookups for k changed rows.
    mutating func update(_ storage: ResultsStorage<Item>, changes: DatabaseChanges, _ db: Database) throws -> IncrementalResult<Item>? {
        guard let tableChanges = changes.tables[tableKey], !tableChanges.isEmpty else {
            return IncrementalResult(storage: storage, changes: PositionalChanges(), insertedSerials: [], splitSerials: [])
        }
        // A section holding `1` and `1.0` is named by its first row, which
        // only a refetch knows.
        guard !storage.sectionsMixNumericClasses else { return nil }
        let rowIDs = tableChanges.rowIDs
        // Each changed row costs about log2(n) lookups of a few µs; a
        // refetch costs a fraction of a µs per row.
        guard Double(rowIDs.count) <= max(8, Double(storage.count) / (15 * log2(Double(storage.count + 2)))) else { return nil }
        if locator == nil { locator = RowLocator(keys: storage.keys) }
        guard let locator else { return nil }

        let chunks = RowLocator.ChunkFinder(storage.keys, lookups: rowIDs.count)
        var touched: [Int] = []
        for rowID in rowIDs {
            if let index = locator.globalIndex(of: rowID, in: storage.keys, chunks: chunks) {
                touched.append(index)
            }
        }
        touched.sort()
        do {
            let placed = try place(try fetchRows(rowIDs, sectionCollation: storage.sectionCollation, db), in: storage, touched: touched, db)
            guard let result = IncrementalDiff.apply(old: storage, touched: touched, placed: placed) else { return nil }
            self.locator?.apply(result, removed: rowIDs)
            return result
        } catch is RowVanished {
            return nil
        }
    }

    /// The changed rows that match the request, with their rowids.
    private func fetchRows(_ rowIDs: Set<Int64>, sectionCollation: BuiltInCollation, _ db: Database) throws -> [(rowID: Int64, row: PlacedRow<Item>)] {
        var rows: [(rowID: Int64, row: PlacedRow<Item>)] = []
        var hasher = RowHasher()
        var arguments = filterArguments
        for rowID in rowIDs {
            arguments.named["plume_rowid"] = .integer(rowID)
            guard let row = try Row.fetchOne(db, sql: rowSQL, arguments: arguments) else { continue }
            let id = row[identityColumn] ?? .integer(rowID)
            let section = sectionCollation.key(sectionColumn.flatMap { row[$0] } ?? .null)
            do {
                let item = decodesItems ? try Item(row: RowView(row)) : nil
                rows.append((rowID, PlacedRow(key: RowKey(id: id, contentHash: hasher.contentHash(of: row)), section: section, item: item, gap: 0)))
            } catch var error as RowDecodingError {
                error.sql = rowSQL
                throw error
            }
        }
        return rows
    }

    /// Sets each row's gap by binary search among the untouched old rows,
    /// and sorts rows sharing a gap, comparing rows in SQLite.
    private func place(_ rows: [(rowID: Int64, row: PlacedRow<Item>)], in storage: ResultsStorage<Item>,
                       touched: [Int], _ db: Database) throws -> [PlacedRow<Item>] {
        let touchedSet = Set(touched)
        let comparison = try comparator.statement(db)
        var placed: [(rowID: Int64, row: PlacedRow<Item>)] = []
        placed.reserveCapacity(rows.count)
        for var entry in rows {
            var low = 0, high = storage.count
            // Invariant: untouched rows below `low` sort before the row,
            // untouched rows at `high` and above sort after it.
            search: while low < high {
                let mid = (low + high) / 2
                var probe = mid
                while probe < high && touchedSet.contains(probe) { probe += 1 }
                if probe == high {
                    probe = mid - 1
                    while probe >= low && touchedSet.contains(probe) { probe -= 1 }
                    if probe < low { break search }
                }
                guard case .integer(let probeRowID) = storage.keys[probe].id else { throw RowVanished() }
                if try comparator.isBefore(entry.rowID, probeRowID, comparison) { high = probe } else { low = probe + 1 }
            }
            var gap = low
            while gap < storage.count && touchedSet.contains(gap) { gap += 1 }
            entry.row.gap = gap
            placed.append(entry)
        }
        try placed.sort { lhs, rhs in
            if lhs.row.gap != rhs.row.gap { return lhs.row.gap < rhs.row.gap }
            return try comparator.isBefore(lhs.rowID, rhs.rowID, comparison)
        }
        // A closure, not a key path: a key path into a generic type is
        // instantiated at run time on every call.
        return placed.map { $0.row }
    }
}
