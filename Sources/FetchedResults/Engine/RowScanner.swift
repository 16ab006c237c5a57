import Persistence

/// Runs a request's query, keeping row keys and sections, hashing each row
/// in place, and making a `Row` only for rows that need decoding.
enum RowScanner {
    /// Turns rows into items: decodes new or changed rows; with
    /// `reusesPrevious`, a row whose identity and content hash are
    /// unchanged reuses its previous item (the scan's `sources` say which).
    struct Decoder {
        var reusesPrevious: Bool
        var decode: (Row) throws -> Void
    }

    /// - Parameters:
    ///   - previous: The keys of the rows this scan replaces, indexed: each
    ///     row is matched to its previous index, which checks identities
    ///     for duplicates as it goes and tells which items to reuse.
    ///   - decoder: Makes the items, when the caller keeps them.
    /// - Returns: The keys and sections, the column names, and with
    ///   `previous`, for each row the previous index of the row it repeats
    ///   unchanged (same identity and content hash), or -1: a decoder
    ///   that reuses previous items decoded the rows with -1 only; and,
    ///   when the scan could fill it in the previous map's dense range,
    ///   the identity map of the new rows (``ResultsDiff/ScanIdentityMap``).
    static func scan(_ request: FetchRequest, _ db: Database, previous: ResultsDiff.IndexedKeys?, decoder: Decoder?)
        throws -> (rows: KeyedRows, columns: [String], unchanged: UnchangedRows, index: ResultsDiff.IdentityMap?) {
        let sql = request.sql
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(request.arguments)
        defer { statement.reset() }
        // Step first, then read the columns: a schema change since the last
        // scan re-prepares the statement on this step.
        var hasRow = try statement.step()
        let columns = try ResultColumns(statement, request: request, sql: sql)
        var rows = ScannedRows(request: request, sql: sql, columns: columns, previous: previous)
        // Unwrapped once: copying the decoder's closure per row is costly.
        let decodes = decoder != nil
        let reuses = decoder?.reusesPrevious == true && previous != nil
        let decode = decoder?.decode ?? { _ in }
        let chunkSize = ChunkedArray<RowKey>.initialChunkSize
        while hasRow {
            // Each chunk of keys is written in place as the rows come: no
            // array append (and its uniqueness check) per row. A throw
            // leaves `count` keys initialized, which the array releases.
            let chunk = try [RowKey](unsafeUninitializedCapacity: chunkSize) { buffer, count in
                guard let keys = buffer.baseAddress else { return }
                while hasRow, count < chunkSize {
                    let isUnchanged = try rows.add(statement, into: keys + count, slot: count)
                    count += 1
                    if decodes, !(reuses && isUnchanged) {
                        do {
                            try decode(statement.currentRow())
                        } catch var error as RowDecodingError {
                            error.sql = sql
                            throw error
                        }
                    }
                    hasRow = try statement.stepRow()
                }
            }
            rows.append(chunk: chunk)
        }
        let keyed = try rows.finish()
        return (keyed, columns.names, rows.unchanged, rows.newIndex.finish(count: keyed.keys.count))
    }
}

/// The keys, sections and unchanged rows of a scan, row by row.
private struct ScannedRows {
    let columns: ResultColumns
    let identityColumn: String
    let sql: String
    let matchesPrevious: Bool
    var keys = ChunkedArray<RowKey>()
    var sections: SectionBuilder
    // Rows matched to a previous row are checked against the previous rows
    // matched so far; the others (all of a first fetch) by value.
    var previousKeys: ChunkedArray<RowKey>.Reader
    let previousIndex: ResultsDiff.IdentityMap
    let matched: ScanSlots<Bool>
    var identities: DuplicateDetector
    /// The new rows' identity map, filled as they come.
    var newIndex: ResultsDiff.ScanIdentityMap
    var rowCount = 0
    /// With previous rows: per row, the previous row it repeats unchanged.
    var unchanged = UnchangedRows()
    /// The unchanged entries of the chunk being scanned, one slot per row
    /// of the chunk: plain stores, moved to `unchanged` with the chunk.
    let pendingUnchanged: ScanSlots<Int32>

    init(request: FetchRequest, sql: String, columns: ResultColumns, previous: ResultsDiff.IndexedKeys?) {
        self.columns = columns
        self.identityColumn = request.identityColumn
        self.sql = sql
        matchesPrevious = previous != nil
        sections = SectionBuilder(column: request.sectionColumn ?? "", sql: sql, collation: columns.sectionCollation)
        previousKeys = ChunkedArray<RowKey>.Reader(previous?.keys ?? ChunkedArray())
        previousIndex = previous?.index ?? ResultsDiff.IdentityMap(ChunkedArray())
        matched = ScanSlots(count: previous?.keys.count ?? 0, repeating: false)
        newIndex = ResultsDiff.ScanIdentityMap(previous: previous?.index)
        identities = DuplicateDetector(column: request.identityColumn, sql: sql)
        pendingUnchanged = ScanSlots(count: previous == nil ? 0 : ChunkedArray<RowKey>.initialChunkSize, repeating: -1)
        if let previous { unchanged.reserveCapacity(previous.keys.count + ChunkedArray<RowKey>.initialChunkSize) }
    }

    /// Adds the statement's current row: initializes `key` with its key
    /// and, with previous rows, writes the unchanged entry of the chunk's
    /// row `slot`. Returns whether the row repeats a previous row
    /// unchanged (same identity and content hash).
    @inline(__always)
    mutating func add(_ statement: Statement, into key: UnsafeMutablePointer<RowKey>, slot: Int) throws -> Bool {
        let (integerID, contentHash) = hashRow(statement)
        let previousRow: Int
        // An integer identity (rowids, usually) is matched and stored as
        // the integer it is: no value is copied or released per row.
        if let integerID {
            previousRow = try match(integer: integerID)
            newIndex.add(integerID, row: rowCount)
            key.initialize(to: RowKey(id: .integer(integerID), contentHash: contentHash))
        } else {
            let id = statement.columnValue(at: columns.identityIndex)
            previousRow = try match(id)
            newIndex.add(id.integerIdentity, row: rowCount)
            key.initialize(to: RowKey(id: id, contentHash: contentHash))
        }
        rowCount += 1
        if let sectionIndex = columns.sectionIndex {
            do {
                try sections.append(statement.columnValue(at: sectionIndex))
            } catch {
                // The key is written: the caller counts it as initialized
                // only once this returns.
                key.deinitialize(count: 1)
                throw error
            }
        }
        guard matchesPrevious else { return false }
        let isUnchanged = previousRow >= 0 && previousKeys.contentHash(at: previousRow) == contentHash
        pendingUnchanged.setUnchecked(slot, to: isUnchanged ? Int32(truncatingIfNeeded: previousRow) : -1)
        return isUnchanged
    }

    /// Takes a chunk of keys, the rows added since the last chunk.
    mutating func append(chunk: [RowKey]) {
        if matchesPrevious { unchanged.append(pendingUnchanged, count: chunk.count) }
        keys.append(chunk: chunk)
    }

    /// The row's integer identity, when its identity column holds an
    /// integer (taken while hashing, not read twice), and its content
    /// hash, read in place.
    @inline(__always)
    private func hashRow(_ statement: Statement) -> (Int64?, Int) {
        var hash = ContentHash(seed: columns.hashSeed)
        var integerID: Int64?
        let identityIndex = columns.identityIndex
        statement.forEachColumnBytes(count: columns.names.count) { column, storageClass, bytes in
            hash.combine(storageClass, bytes)
            if column == identityIndex, storageClass == .integer { integerID = bytes.loadUnaligned(as: Int64.self) }
        }
        return (integerID, hash.value)
    }

    /// The previous index of the row with this integer identity, or -1;
    /// checks that no identity appears twice.
    @inline(__always)
    private mutating func match(integer: Int64) throws -> Int {
        guard let index = previousIndex.index(ofInteger: integer) else {
            identities.insert(integer: integer)
            return -1
        }
        return try claim(index, id: .integer(integer))
    }

    /// The previous index of the row with this identity, or -1; checks
    /// that no identity appears twice.
    @inline(__always)
    private mutating func match(_ id: DatabaseValue) throws -> Int {
        guard let index = previousIndex[id] else {
            try identities.insert(id)
            return -1
        }
        return try claim(index, id: id)
    }

    /// Marks a previous row as matched: it must not be already.
    @inline(__always)
    private func claim(_ index: Int, id: @autoclosure () -> DatabaseValue) throws -> Int {
        guard !matched[index] else {
            throw FetchedResultsError(.duplicateIdentity(column: identityColumn, value: id()), sql: sql)
        }
        matched[index] = true
        return index
    }

    /// The keys and sections, once every row is in.
    mutating func finish() throws -> KeyedRows {
        try identities.finish()
        // Without a section column, one section named NULL holds every row.
        if columns.sectionIndex == nil, keys.count > 0 { try sections.append(.null, count: keys.count) }
        return KeyedRows(keys: keys, sections: sections.sections, sectionCollation: columns.sectionCollation,
                         sectionsMixNumericClasses: sections.mixesNumericClasses)
    }
}

/// Groups rows into sections in query order; a section value that
/// reappears after another section is an error.
struct SectionBuilder {
    let column: String
    let sql: String
    let collation: BuiltInCollation
    private(set) var sections: [SectionRange] = []
    /// Whether a section holds an integer and a real that `==` calls
    /// equal; the section is named by the first.
    private(set) var mixesNumericClasses = false
    private var seen: Set<DatabaseValue> = []
    private var total = 0

    init(column: String, sql: String, collation: BuiltInCollation = .binary) {
        self.column = column
        self.sql = sql
        self.collation = collation
    }

    /// Appends `count` rows whose section value is `value`: the section
    /// is named by the collation's key of it.
    mutating func append(_ value: DatabaseValue, count: Int = 1) throws(FetchedResultsError) {
        let name = collation.key(value)
        defer { total += count }
        if let last = sections.indices.last, sections[last].name == name {
            if name.storageClass != sections[last].name.storageClass { mixesNumericClasses = true }
            sections[last].count += count
            return
        }
        guard seen.insert(name).inserted else {
            throw FetchedResultsError(.sectionNotOrdered(column: column, value: name), sql: sql)
        }
        sections.append(SectionRange(name: name, start: total, count: count))
    }
}

/// Finds a duplicate identity: integer identities are checked at the end,
/// in a bitmap when they span a compact range (rowids, usually) or by
/// sorting; others are hashed as they come.
struct DuplicateDetector {
    let column: String
    let sql: String
    private var integers: [Int64] = []
    private var others: Set<DatabaseValue> = []

    init(column: String, sql: String) {
        self.column = column
        self.sql = sql
    }

    @inline(__always)
    mutating func insert(integer: Int64) {
        integers.append(integer)
    }

    @inline(__always)
    mutating func insert(_ id: DatabaseValue) throws(FetchedResultsError) {
        if let value = id.integerIdentity {
            integers.append(value)
        } else if !others.insert(id).inserted {
            throw FetchedResultsError(.duplicateIdentity(column: column, value: id), sql: sql)
        }
    }

    mutating func finish() throws(FetchedResultsError) {
        defer { integers = [] }
        if let low = integers.min(), let high = integers.max() {
            let span = high.subtractingReportingOverflow(low)
            if !span.overflow, DenseIntegerTable.fits(span: span.partialValue, count: integers.count, bitsPerSlot: 1) {
                var seen = [UInt64](repeating: 0, count: Int(span.partialValue) / 64 + 1)
                for value in integers {
                    let offset = Int(value - low)
                    let bit: UInt64 = 1 << UInt64(offset % 64)
                    if seen[offset / 64] & bit != 0 {
                        throw FetchedResultsError(.duplicateIdentity(column: column, value: .integer(value)), sql: sql)
                    }
                    seen[offset / 64] |= bit
                }
                return
            }
        }
        integers.sort()
        for index in integers.indices.dropFirst() where integers[index] == integers[index - 1] {
            throw FetchedResultsError(.duplicateIdentity(column: column, value: .integer(integers[index])), sql: sql)
        }
    }
}
