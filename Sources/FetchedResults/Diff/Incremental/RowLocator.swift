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

    /// Finds chunks by serial: by a linear search over the serials for a
    /// few lookups (no hashing), by a map built once for many.
    struct ChunkFinder {
        private let serials: [Int]
        private let indexBySerial: [Int: Int]?

        /// Up to this many lookups, a linear search over the chunks' serials
        /// (a few hundred integers at a million rows, in cache) beats
        /// hashing every serial into a map first.
        static let linearSearchLimit = 16

        /// - Parameter lookups: How many lookups will follow.
        /// - Complexity: O(1) for up to ``linearSearchLimit`` lookups,
        ///   O(chunks) otherwise.
        init(_ keys: ChunkedArray<RowKey>, lookups: Int) {
            serials = keys.serials
            guard lookups > Self.linearSearchLimit else {
                indexBySerial = nil
                return
            }
            var map: [Int: Int] = [:]
            map.reserveCapacity(serials.count)
            for (index, serial) in serials.enumerated() { map[serial] = index }
            indexBySerial = map
        }

        /// The chunk index of a serial, or nil when no chunk has it.
        ///
        /// - Complexity: O(1) with a map, O(chunks) without.
        func chunkIndex(ofSerial serial: Int) -> Int? {
            if let indexBySerial { return indexBySerial[serial] }
            return serials.firstIndex(of: serial)
        }
    }

    /// The global index of a rowid in `keys`, or nil when it is not there.
    ///
    /// - Complexity: O(chunk size), plus the finder's lookup.
    func globalIndex(of rowID: Int64, in keys: ChunkedArray<RowKey>, chunks: ChunkFinder) -> Int? {
        guard let serial = serialByRowID[rowID], let chunk = chunks.chunkIndex(ofSerial: serial) else { return nil }
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
        let chunks = ChunkFinder(keys, lookups: result.splitSerials.count)
        for serial in result.splitSerials {
            guard let chunk = chunks.chunkIndex(ofSerial: serial) else { continue }
            for key in keys.chunks[chunk] {
                if case .integer(let rowID) = key.id { serialByRowID[rowID] = serial }
            }
        }
    }
}
