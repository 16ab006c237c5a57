extension ChunkedArray {
    /// Reads elements by global index, keeping the chunk of the last read
    /// at hand: reading in order, forwards or backwards, costs O(1) per
    /// element, with no copy of the array; a jump costs O(log chunks).
    ///
    /// What a refetch uses to walk the previous keys beside the new ones.
    struct Reader {
        private let array: ChunkedArray
        private var chunk: [Element] = []
        private var start = 0
        private var end = 0

        init(_ array: ChunkedArray) {
            self.array = array
        }

        /// The element at a global index.
        ///
        /// - Complexity: O(1) within the chunk of the last read, O(log
        ///   chunks) otherwise.
        @inline(__always)
        subscript(index: Int) -> Element {
            mutating get {
                if index < start || index >= end { enterChunk(of: index) }
                return chunk[index - start]
            }
        }

        private mutating func enterChunk(of index: Int) {
            let (at, offset) = array.location(of: index)
            chunk = array.chunks[at]
            start = index - offset
            end = start + chunk.count
        }
    }
}

extension ChunkedArray<RowKey>.Reader {
    /// The content hash of the key at a global index, read without
    /// copying the key's identity.
    @inline(__always)
    mutating func contentHash(at index: Int) -> Int {
        if index < start || index >= end { enterChunk(of: index) }
        return chunk[index - start].contentHash
    }
}
