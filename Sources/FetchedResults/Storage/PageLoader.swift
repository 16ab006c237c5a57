import Foundation
import Persistence

/// Loads the content of rows by pages for a batched controller, keeping a
/// bounded number of recently used pages.
///
/// A page is `batchSize` consecutive rows of one snapshot; every snapshot
/// has its own loader, so pages never mix states.
final class PageLoader<Item: FetchableRecord & Sendable>: @unchecked Sendable {
    // Safe: `pages` and `recent` are only touched while `lock` is held; the
    // other properties are immutable.
    private let lock = NSLock()
    private let reader: any DatabaseReader
    private let query: PageQuery
    private let batchSize: Int
    private let maximumPageCount: Int
    private var pages: [Int: [Item]] = [:]
    private var recent: [Int] = []

    init(reader: any DatabaseReader, query: PageQuery, batchSize: Int, maximumPageCount: Int = 16) {
        self.reader = reader
        self.query = query
        self.batchSize = batchSize
        self.maximumPageCount = maximumPageCount
    }

    /// A loader for the next snapshot of the same request.
    func makeSuccessor() -> PageLoader {
        PageLoader(reader: reader, query: query, batchSize: batchSize, maximumPageCount: maximumPageCount)
    }

    /// The item at a global index, loading its page on a miss.
    ///
    /// - Throws: ``DatabaseError``, the item's decoding error, or
    ///   ``PageLoadError`` when a row of the page is gone.
    func item(at index: Int, in storage: ResultsStorage<Item>) throws -> Item {
        let page = index / batchSize
        if let items = lock.withLock({ touch(page) }) { return items[index - page * batchSize] }
        let range = (page * batchSize)..<min((page + 1) * batchSize, storage.count)
        let ids = storage.keys.elements(in: range).map(\.id)
        let items = try load(ids: ids)
        lock.withLock {
            pages[page] = items
            recent.append(page)
            if recent.count > maximumPageCount { pages[recent.removeFirst()] = nil }
        }
        return items[index - range.lowerBound]
    }

    private func touch(_ page: Int) -> [Item]? {
        guard let items = pages[page] else { return nil }
        if let position = recent.firstIndex(of: page) {
            recent.remove(at: position)
            recent.append(page)
        }
        return items
    }

    /// The items of rows by identity, in the order of `ids`.
    func load(ids: [DatabaseValue]) throws -> [Item] {
        try reader.read { db in try self.query.fetch(ids: ids, db) }
    }
}

/// How to fetch rows by identity for a request.
struct PageQuery: Sendable {
    /// `SELECT … WHERE identity IN (` — the placeholders follow.
    let sqlPrefix: String
    let arguments: StatementArguments
    let identityColumn: String

    init(request: FetchRequest) {
        let identity = quoteIdentifier(request.identityColumn)
        switch request.source {
        case .structured(let table, _, _, _):
            let selection = request.identityIsRowID ? "*, rowid AS \(identity)" : "*"
            sqlPrefix = "SELECT \(selection) FROM \(quoteIdentifier(table)) WHERE \(request.identityIsRowID ? "rowid" : identity) IN ("
            arguments = StatementArguments()
        case .sql(let sql):
            sqlPrefix = "SELECT * FROM (\(sql)) WHERE \(identity) IN ("
            arguments = request.arguments
        }
        identityColumn = request.identityColumn
    }

    /// Fetches rows by identity, in the order of `ids`.
    ///
    /// - Throws: ``PageLoadError`` when a row is gone.
    func fetch<Item: FetchableRecord>(ids: [DatabaseValue], _ db: Database) throws -> [Item] {
        var byID: [DatabaseValue: Item] = [:]
        byID.reserveCapacity(ids.count)
        var start = 0
        while start < ids.count {
            let slice = ids[start..<min(start + 500, ids.count)]
            let sql = sqlPrefix + Array(repeating: "?", count: slice.count).joined(separator: ",") + ")"
            var arguments = self.arguments
            arguments.positional.append(contentsOf: slice)
            let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try cursor.next() {
                guard let id = row[identityColumn] else { break }
                byID[id] = try Item(row: row)
            }
            start += slice.count
        }
        return try ids.map { id in
            guard let item = byID[id] else { throw PageLoadError(id: id, identityColumn: identityColumn) }
            return item
        }
    }
}

/// A row of a batched snapshot could not load: a later commit deleted it.
struct PageLoadError: Error, CustomStringConvertible {
    let id: DatabaseValue
    let identityColumn: String

    var description: String {
        "the row with \(quoteIdentifier(identityColumn)) = \(id) is gone from the database"
    }
}
