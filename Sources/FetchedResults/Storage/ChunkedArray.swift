/// An array stored as a list of chunks, so that a copy shares every chunk
/// it does not change: inserting or removing one element in a copy of a
/// million-element array copies one chunk and the chunk list, not the
/// million elements.
///
/// Snapshots handed to consumers and the controller's next state share
/// their rows this way.
struct ChunkedArray<Element> {
    /// Chunks split when they grow past this size.
    static var maximumChunkSize: Int { 1024 }
    /// Chunks are built at this size.
    static var initialChunkSize: Int { 512 }

    private(set) var chunks: [[Element]] = []
    /// The global index of the first element of each chunk.
    private(set) var starts: [Int] = []
    /// A number per chunk that survives other chunks' splits and removals.
    private(set) var serials: [Int] = []
    private var nextSerial = 0
    private(set) var count = 0

    init() {}

    /// Creates an array from elements.
    ///
    /// - Complexity: O(n).
    init(_ elements: some Sequence<Element>) {
        var chunk: [Element] = []
        chunk.reserveCapacity(Self.initialChunkSize)
        for element in elements {
            chunk.append(element)
            if chunk.count == Self.initialChunkSize {
                appendChunk(chunk)
                chunk = []
                chunk.reserveCapacity(Self.initialChunkSize)
            }
        }
        if !chunk.isEmpty { appendChunk(chunk) }
    }

    /// Creates an array from an array, copying it chunk by chunk.
    ///
    /// - Complexity: O(n).
    init(chunking elements: [Element]) {
        var start = 0
        while start < elements.count {
            let end = Swift.min(start + Self.initialChunkSize, elements.count)
            appendChunk(Array(elements[start..<end]))
            start = end
        }
    }

    /// Appends one element.
    mutating func append(_ element: Element) {
        if let last = chunks.indices.last, chunks[last].count < Self.initialChunkSize {
            chunks[last].append(element)
            count += 1
        } else {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.initialChunkSize)
            chunk.append(element)
            appendChunk(chunk)
        }
    }

    /// Appends a range of another array's elements: its whole chunks are
    /// shared, not copied (unless the last chunk here is small, which they
    /// then join); parts of chunks are copied.
    ///
    /// - Complexity: O(log c + chunks spanned + elements copied).
    mutating func append(contentsOf other: ChunkedArray, in range: Range<Int>) {
        guard !range.isEmpty else { return }
        var (chunk, offset) = other.location(of: range.lowerBound)
        var remaining = range.count
        while remaining > 0 {
            let source = other.chunks[chunk]
            let take = Swift.min(source.count - offset, remaining)
            let lastCount = chunks.last?.count ?? Self.initialChunkSize
            let fitsLast = lastCount + take <= Self.maximumChunkSize
            if offset == 0, take == source.count, !(lastCount < Self.initialChunkSize / 2 && fitsLast) {
                appendChunk(source)
            } else if !chunks.isEmpty, fitsLast {
                chunks[chunks.count - 1].append(contentsOf: source[offset..<(offset + take)])
                count += take
            } else {
                appendChunk(Array(source[offset..<(offset + take)]))
            }
            remaining -= take
            chunk += 1
            offset = 0
        }
    }

    /// Appends a whole chunk built by the caller, as it is (a fetch fills
    /// one at a time rather than appending element by element).
    mutating func append(chunk: [Element]) {
        guard !chunk.isEmpty else { return }
        appendChunk(chunk)
    }

    private mutating func appendChunk(_ chunk: [Element]) {
        starts.append(count)
        chunks.append(chunk)
        serials.append(nextSerial)
        nextSerial += 1
        count += chunk.count
    }

    /// The chunk holding a global index, and the offset in it.
    ///
    /// - Complexity: O(log c) for c chunks.
    @inline(__always)
    func location(of index: Int) -> (chunk: Int, offset: Int) {
        precondition(index >= 0 && index < count, "index \(index) out of range 0..<\(count)")
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return (low, index - starts[low])
    }

    /// The element at a global index.
    ///
    /// - Complexity: O(log c) for c chunks.
    subscript(index: Int) -> Element {
        get {
            let (chunk, offset) = location(of: index)
            return chunks[chunk][offset]
        }
        set {
            let (chunk, offset) = location(of: index)
            chunks[chunk][offset] = newValue
        }
    }

    /// Inserts an element before a global index (`count` appends).
    ///
    /// - Returns: The serial of the chunk that holds it, and the serial of
    ///   a chunk split off, when the insertion split one.
    /// - Complexity: O(chunk size + c).
    @discardableResult
    mutating func insert(_ element: Element, at index: Int) -> (serial: Int, split: Int?) {
        precondition(index >= 0 && index <= count, "insertion index \(index) out of range 0...\(count)")
        if chunks.isEmpty {
            appendChunk([element])
            return (serials[0], nil)
        }
        var (chunk, offset) = index == count ? (chunks.count - 1, chunks[chunks.count - 1].count) : location(of: index)
        chunks[chunk].insert(element, at: offset)
        count += 1
        for later in (chunk + 1)..<starts.count { starts[later] += 1 }
        var split: Int?
        if chunks[chunk].count > Self.maximumChunkSize {
            let half = chunks[chunk].count / 2
            let tail = Array(chunks[chunk][half...])
            chunks[chunk].removeSubrange(half...)
            chunks.insert(tail, at: chunk + 1)
            starts.insert(starts[chunk] + half, at: chunk + 1)
            serials.insert(nextSerial, at: chunk + 1)
            split = nextSerial
            nextSerial += 1
            if offset >= half {
                chunk += 1
                offset -= half
            }
        }
        return (serials[chunk], split)
    }

    /// Removes the element at a global index.
    ///
    /// - Complexity: O(chunk size + c).
    @discardableResult
    mutating func remove(at index: Int) -> Element {
        let (chunk, offset) = location(of: index)
        let element = chunks[chunk].remove(at: offset)
        count -= 1
        if chunks[chunk].isEmpty {
            chunks.remove(at: chunk)
            starts.remove(at: chunk)
            serials.remove(at: chunk)
            for later in chunk..<starts.count { starts[later] -= 1 }
        } else {
            for later in (chunk + 1)..<starts.count { starts[later] -= 1 }
        }
        return element
    }

    /// The elements of a range of global indices, in order.
    ///
    /// - Complexity: O(log c + range length).
    func elements(in range: Range<Int>) -> [Element] {
        guard !range.isEmpty else { return [] }
        var result: [Element] = []
        result.reserveCapacity(range.count)
        var (chunk, offset) = location(of: range.lowerBound)
        while result.count < range.count {
            let take = Swift.min(chunks[chunk].count - offset, range.count - result.count)
            result.append(contentsOf: chunks[chunk][offset..<(offset + take)])
            chunk += 1
            offset = 0
        }
        return result
    }

    /// Calls `body` with each element and its global index, in order.
    func forEachIndexed(_ body: (Int, Element) throws -> Void) rethrows {
        var index = 0
        for chunk in chunks {
            for element in chunk {
                try body(index, element)
                index += 1
            }
        }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: Sequence {
    struct Iterator: IteratorProtocol {
        private var chunks: IndexingIterator<[[Element]]>
        private var current: IndexingIterator<[Element]>?

        init(_ chunks: [[Element]]) {
            self.chunks = chunks.makeIterator()
        }

        mutating func next() -> Element? {
            while true {
                if let element = current?.next() { return element }
                guard let chunk = chunks.next() else { return nil }
                current = chunk.makeIterator()
            }
        }
    }

    func makeIterator() -> Iterator { Iterator(chunks) }
    var underestimatedCount: Int { count }
}
