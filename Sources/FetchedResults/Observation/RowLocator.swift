import Persistence

/// Finds the position of a row by rowid without a map of positions (which
/// every insertion would shift): rowid → the serial of the chunk holding
/// it, then a scan of that chunk.
struct RowLocator {
    private var serialByRowID: [Int64: Int] = [:]

    /// Maps every row of `keys`.
    ///
    /// - Complexity: O(n).
    init(keys: ChunkedArray<RowKey>) {
        serialByRowID.reserveCapacity(keys.count)
        for (chunk, serial) in zip(keys.chunks, keys.serials) {
            for key in chunk {
                if case .integer(let rowID) = key.id { serialByRowID[rowID] = serial }
            }
        }
    }

    /// The chunk index of each serial of `keys`.
    static func chunkIndexBySerial(_ keys: ChunkedArray<RowKey>) -> [Int: Int] {
        var map: [Int: Int] = [:]
        map.reserveCapacity(keys.serials.count)
        for (index, serial) in keys.serials.enumerated() { map[serial] = index }
        return map
    }

    /// The global index of a rowid in `keys`, or nil when it is not there.
    ///
    /// - Complexity: O(chunk size).
    func globalIndex(of rowID: Int64, in keys: ChunkedArray<RowKey>, chunkIndexBySerial: [Int: Int]) -> Int? {
        guard let serial = serialByRowID[rowID], let chunk = chunkIndexBySerial[serial] else { return nil }
        let id = DatabaseValue.integer(rowID)
        guard let offset = keys.chunks[chunk].firstIndex(where: { $0.id == id }) else { return nil }
        return keys.starts[chunk] + offset
    }

    /// Follows an incremental update: rows removed, rows placed, chunks split.
    mutating func apply<Item>(_ result: IncrementalResult<Item>, removed: some Sequence<Int64>) {
        for rowID in removed { serialByRowID[rowID] = nil }
        for (id, serial) in result.insertedSerials {
            if case .integer(let rowID) = id { serialByRowID[rowID] = serial }
        }
        guard !result.splitSerials.isEmpty else { return }
        let keys = result.storage.keys
        let chunkIndex = Self.chunkIndexBySerial(keys)
        for serial in result.splitSerials {
            guard let chunk = chunkIndex[serial] else { continue }
            for key in keys.chunks[chunk] {
                if case .integer(let rowID) = key.id { serialByRowID[rowID] = serial }
            }
        }
    }
}
