import Foundation
import Persistence

/// Loads the content of rows by pages for a batched controller, and keeps
/// a bounded number of rows, keyed by identity *and* content hash.
///
/// One loader serves every snapshot of a controller: a snapshot asks for
/// the content its keys name, so the previous snapshot still finds a row
/// as it was (or a deleted row, if it was loaded before the delete) while
/// the next one finds the new content.
final class PageLoader<Item: FetchableRecord & Sendable>: @unchecked Sendable {
    // Safe: `cache`, `order` and `next` are only touched while `lock` is
    // held; the other properties are immutable.
    private let lock = Lock()
    private let reader: any DatabaseReader
    private let query: PageQuery
    let batchSize: Int
    private let capacity: Int
    private var cache: [RowKey: Item] = [:]
    private var order: [RowKey?]
    private var next = 0

    init(reader: any DatabaseReader, query: PageQuery, batchSize: Int, maximumPageCount: Int = 16) {
        self.reader = reader
        self.query = query
        self.batchSize = batchSize
        self.capacity = max(1, batchSize * maximumPageCount)
        self.order = Array(repeating: nil, count: capacity)
    }

    /// The number of rows held.
    var cachedCount: Int { lock.withLock { cache.count } }

    /// The item at a global index of a storage, loading its page on a miss.
    ///
    /// - Throws: ``DatabaseError`` or the item's decoding error.
    func item(at index: Int, in storage: ResultsStorage<Item>) throws -> Item {
        let key = storage.keys[index]
        if let item = lock.withLock({ cache[key] }) { return item }
        let page = index / batchSize
        let range = (page * batchSize)..<Swift.min((page + 1) * batchSize, storage.count)
        let keys = storage.keys.elements(in: range)
        let missing = lock.withLock { keys.filter { cache[$0] == nil }.map(\.id) }
        let loaded = try reader.readAndWait { db in try self.query.fetch(ids: missing, db) as [(RowKey, Item)] }
        var byID: [DatabaseValue: Item] = [:]
        lock.withLock {
            for (loadedKey, item) in loaded {
                byID[loadedKey.id] = item
                store(item, for: loadedKey)
            }
        }
        if let item = byID[key.id] { return item }
        return try vanishedItem(for: key, columns: storage.columnNames)
    }

    /// A row deleted by a commit whose change set is still on its way:
    /// like a deleted Core Data fault, it reads as its identity and `NULL`s
    /// when the item type decodes that; otherwise it is an error, never a
    /// trap.
    ///
    /// - Throws: ``FetchedResultsError/Code-swift.struct/rowDeleted``.
    private func vanishedItem(for key: RowKey, columns: [String]) throws -> Item {
        do {
            return try Item(row: RowView(query.placeholder(id: key.id, columns: columns)))
        } catch {
            throw FetchedResultsError(.rowDeleted(column: query.identityColumn, id: key.id, decodingError: "\(error)"),
                                      sql: query.requestSQL)
        }
    }

    /// The item of a key if held, without loading.
    func cachedItem(for key: RowKey) -> Item? {
        lock.withLock { cache[key] }
    }

    private func store(_ item: Item, for key: RowKey) {
        guard cache.updateValue(item, forKey: key) == nil else { return }
        if let evicted = order[next] { cache[evicted] = nil }
        order[next] = key
        next = (next + 1) % capacity
    }
}

/// How to fetch rows by identity for a request.
struct PageQuery: Sendable {
    /// `SELECT … WHERE identity IN (` — the placeholders follow.
    let sqlPrefix: String
    let arguments: StatementArguments
    let identityColumn: String
    /// The request's SQL, for errors.
    let requestSQL: String

    init(request: FetchRequest) {
        let identity = quoteIdentifier(request.identityColumn)
        switch request.source {
        case .structured(let table, _, _, _):
            sqlPrefix = "SELECT \(request.structuredSelection) FROM \(quoteIdentifier(table)) WHERE \(request.identityExpression) IN ("
            arguments = StatementArguments()
        case .sql(let sql):
            sqlPrefix = "SELECT * FROM (\(FetchRequest.subquery(sql))) WHERE \(identity) IN ("
            arguments = request.arguments
        }
        identityColumn = request.identityColumn
        requestSQL = request.sql
    }

    /// Fetches the rows with these identities that still exist, with their
    /// keys.
    func fetch<Item: FetchableRecord>(ids: [DatabaseValue], _ db: Database) throws -> [(RowKey, Item)] {
        var rows: [(RowKey, Item)] = []
        rows.reserveCapacity(ids.count)
        var start = 0
        while start < ids.count {
            let slice = ids[start..<min(start + 500, ids.count)]
            let sql = sqlPrefix + Array(repeating: "?", count: slice.count).joined(separator: ",") + ")"
            var arguments = self.arguments
            arguments.positional.append(contentsOf: slice)
            let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            var hasher = RowHasher()
            while let row = try cursor.next() {
                guard let id = row[identityColumn] else { break }
                rows.append((RowKey(id: id, contentHash: hasher.contentHash(of: row)), try Item(row: RowView(row))))
            }
            start += slice.count
        }
        return rows
    }

    /// A row standing for one deleted before its page loaded: the identity,
    /// and `NULL` in every other column.
    func placeholder(id: DatabaseValue, columns: [String]) -> Row {
        let layout = RowLayout(columns: columns)
        var values = ContiguousArray<DatabaseValue>(repeating: .null, count: columns.count)
        if let index = layout.index(ofColumn: identityColumn) { values[index] = id }
        return Row(layout: layout, values: values)
    }
}
