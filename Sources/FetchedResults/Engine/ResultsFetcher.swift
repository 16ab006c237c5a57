import Persistence

/// Fetches every row of a request into a storage, checking identities and
/// sections as it goes.
struct ResultsFetcher<Item: FetchableRecord & Sendable> {
    let request: FetchRequest
    /// Whether rows load by pages (only keys and sections are kept).
    var isBatched: Bool { request.batchSize > 0 }

    /// Runs the request's query.
    ///
    /// - Throws: ``DatabaseError`` for bad SQL, ``FetchedResultsError`` for
    ///   a missing identity or section column, duplicate identities or a
    ///   section that reappears, or the item's decoding error.
    /// - Complexity: O(n log n) for n rows (the duplicate check sorts
    ///   the integer identities that are not among the previous rows;
    ///   sorted ones cost O(n)).
    ///
    /// - Parameters:
    ///   - previous: The storage this fetch replaces: its unchanged items
    ///     are reused.
    ///   - indexed: The previous keys, indexed: rows are matched to them
    ///     (for reusing items and checking identities).
    /// - Returns: The new storage, and with `indexed`, the previous row
    ///   each new row repeats unchanged (same identity and content hash):
    ///   what the diff needs to skip unchanged rows; and the identity map
    ///   of the new keys when the scan built it (see
    ///   ``ResultsDiff/ScanIdentityMap``).
    func fetch(_ db: Database, previous: ResultsStorage<Item>? = nil, indexed: ResultsDiff.IndexedKeys? = nil)
        throws -> (storage: ResultsStorage<Item>, unchanged: UnchangedRows, index: ResultsDiff.IdentityMap?) {
        // A refetch (with `previous`) runs while the controller observes:
        // the pages it reads stay cached for the next one.
        let whileObserved = previous != nil
        // Decoded items go to a plain array: the scan itself is free of
        // `Item`, so it runs specialized whatever module the item type
        // comes from.
        var decoded: [Item] = []
        var decoder: RowScanner.Decoder?
        // Items are reused by matching rows to the previous keys.
        let previousItems = indexed == nil ? nil : previous?.items
        if !isBatched {
            decoder = RowScanner.Decoder(reusesPrevious: previousItems != nil,
                                         decode: { row in decoded.append(try Item(row: RowView(row))) })
        }
        let scan = try isBatched
            ? RowScanner.scan(request, db, previous: indexed, decoder: decoder)
            : db.withPageCache(atLeast: Self.sortMemoryKibibytes, whileObserved: whileObserved) {
                try RowScanner.scan(request, db, previous: indexed, decoder: decoder)
            }
        var storage = ResultsStorage<Item>()
        storage.keys = scan.rows.keys
        storage.sections = scan.rows.sections
        storage.sectionCollation = scan.rows.sectionCollation
        storage.sectionsMixNumericClasses = scan.rows.sectionsMixNumericClasses
        storage.columnNames = scan.columns
        if !isBatched {
            storage.items = Self.items(unchanged: scan.unchanged, decoded: decoded, previous: previousItems)
        }
        return (storage, scan.unchanged, scan.index)
    }

    /// The memory SQLite may use to sort the rows of a controller that
    /// holds every item (see ``Database/withPageCache(atLeast:whileObserved:_:)``): a
    /// result this controller keeps whole in memory is sorted in memory
    /// too, without temporary files, up to 64 MiB. Batched controllers,
    /// which exist to save memory, keep SQLite's default.
    static var sortMemoryKibibytes: Int { 64 * 1024 }

    /// The items of a scan: runs of rows reused in order from the previous
    /// items share their whole chunks; only the rest is copied.
    ///
    /// - Complexity: O(n) over the rows (plain integers), plus
    ///   O(chunks + rows decoded or at run boundaries) for the items.
    static func items(unchanged: UnchangedRows, decoded: [Item], previous: ChunkedArray<Item>?) -> ChunkedArray<Item> {
        guard let previous else { return ChunkedArray(chunking: decoded) }
        var items = ChunkedArray<Item>()
        var next = 0
        var index = 0
        while index < unchanged.count {
            guard let oldRow = unchanged.oldRow(ofNewRow: index) else {
                items.append(decoded[next])
                next += 1
                index += 1
                continue
            }
            let run = unchanged.runLength(from: index)
            items.append(contentsOf: previous, in: oldRow..<(oldRow + run))
            index += run
        }
        return items
    }
}
