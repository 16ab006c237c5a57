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
    ///   that reuses previous items decoded the rows with -1 only.
    static func scan(_ request: FetchRequest, _ db: Database, previous: ResultsDiff.IndexedKeys?,
                     decoder: Decoder?) throws -> (rows: KeyedRows, columns: [String], sources: [Int32]) {
        let sql = request.sql
        let statement = try db.cachedStatement(sql: sql)
        let columns = statement.columnNames
        let layout = RowLayout(columns: columns)
        guard let identityIndex = layout.index(ofColumn: request.identityColumn) else {
            throw FetchedResultsError(.missingIdentityColumn(column: request.identityColumn, available: columns), sql: sql)
        }
        var sectionIndex: Int?
        if let sectionColumn = request.sectionColumn {
            guard let index = layout.index(ofColumn: sectionColumn) else {
                throw FetchedResultsError(.missingSectionColumn(column: sectionColumn, available: columns), sql: sql)
            }
            sectionIndex = index
        }
        var keys = ChunkedArray<RowKey>()
        var chunk = Self.emptyChunk()
        let sectionCollation = sectionIndex.map { SectionCollation.of(columnAt: $0, in: statement) } ?? .binary
        var sections = SectionBuilder(column: request.sectionColumn ?? "", sql: sql, collation: sectionCollation)
        // Rows matched to a previous row are checked against the previous
        // rows matched so far; the others (all of a first fetch) by value.
        var previousKeys = ChunkedArray<RowKey>.Reader(previous?.keys ?? ChunkedArray())
        let previousIndex = previous?.index ?? ResultsDiff.IdentityMap(ChunkedArray())
        var matched = [Bool](repeating: false, count: previous?.keys.count ?? 0)
        var identities = DuplicateDetector(column: request.identityColumn, sql: sql)
        try statement.setArguments(request.arguments)
        defer { statement.reset() }
        let columnCount = columns.count
        // Unwrapped once: copying the decoder's closure per row is costly.
        let decodes = decoder != nil
        let matchesPrevious = previous != nil
        let reuses = decoder?.reusesPrevious == true && matchesPrevious
        let decode = decoder?.decode ?? { _ in }
        var sources: [Int32] = []
        while try statement.step() {
            var hash = ContentHash()
            // An integer identity (rowids, usually) is taken while hashing,
            // not read a second time.
            var integerID: Int64?
            for column in 0..<columnCount {
                statement.withUnsafeColumnBytes(at: column) { storageClass, bytes in
                    hash.combine(storageClass, bytes)
                    if column == identityIndex, storageClass == .integer { integerID = bytes.loadUnaligned(as: Int64.self) }
                }
            }
            let contentHash = hash.value
            let id: DatabaseValue
            let previousMatch: Int?
            if let integerID {
                id = .integer(integerID)
                previousMatch = previousIndex.index(ofInteger: integerID)
            } else {
                id = statement.columnValue(at: identityIndex)
                previousMatch = previousIndex[id]
            }
            var previousRow = -1
            if let index = previousMatch {
                guard !matched[index] else {
                    throw FetchedResultsError(.duplicateIdentity(column: request.identityColumn, value: id), sql: sql)
                }
                matched[index] = true
                previousRow = index
            } else {
                try identities.insert(id)
            }
            if let sectionIndex { try sections.append(statement.columnValue(at: sectionIndex)) }
            chunk.append(RowKey(id: id, contentHash: contentHash))
            if chunk.count == ChunkedArray<RowKey>.initialChunkSize {
                keys.append(chunk: chunk)
                chunk = Self.emptyChunk()
            }
            var isUnchanged = false
            if matchesPrevious {
                isUnchanged = previousRow >= 0 && previousKeys.contentHash(at: previousRow) == contentHash
                sources.append(isUnchanged ? Int32(previousRow) : -1)
            }
            guard decodes, !(reuses && isUnchanged) else { continue }
            do {
                try decode(statement.currentRow())
            } catch var error as RowDecodingError {
                error.sql = sql
                throw error
            }
        }
        keys.append(chunk: chunk)
        try identities.finish()
        // Without a section column, one section named NULL holds every row.
        if sectionIndex == nil, keys.count > 0 { try sections.append(.null, count: keys.count) }
        return (KeyedRows(keys: keys, sections: sections.sections, sectionCollation: sectionCollation), columns, sources)
    }

    private static func emptyChunk() -> [RowKey] {
        var chunk: [RowKey] = []
        chunk.reserveCapacity(ChunkedArray<RowKey>.initialChunkSize)
        return chunk
    }
}

/// Groups rows into sections in query order; a section value that
/// reappears after another section is an error.
struct SectionBuilder {
    let column: String
    let sql: String
    let collation: BuiltInCollation
    private(set) var sections: [SectionRange] = []
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
    mutating func insert(_ id: DatabaseValue) throws(FetchedResultsError) {
        if case .integer(let value) = id {
            integers.append(value)
        } else if !others.insert(id).inserted {
            throw FetchedResultsError(.duplicateIdentity(column: column, value: id), sql: sql)
        }
    }

    mutating func finish() throws(FetchedResultsError) {
        defer { integers = [] }
        if let low = integers.min(), let high = integers.max() {
            let span = high.subtractingReportingOverflow(low)
            if !span.overflow, span.partialValue < Int64(integers.count) * 8 + 4096 {
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
