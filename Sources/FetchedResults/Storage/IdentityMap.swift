import Persistence

extension ResultsDiff {
    /// Row keys and their indices by identity: built once per refetch,
    /// shared by the scan (reusing items, checking identities) and the
    /// diff.
    struct IndexedKeys {
        let keys: ChunkedArray<RowKey>
        let index: IdentityMap

        init(_ keys: ChunkedArray<RowKey>) {
            self.keys = keys
            self.index = IdentityMap(keys)
        }

        /// Keys with the map a scan built of them (``ScanIdentityMap``).
        init(_ keys: ChunkedArray<RowKey>, index: IdentityMap) {
            self.keys = keys
            self.index = index
        }
    }

    /// Row index by identity: the one identity → position lookup (the
    /// diff's, the scan's, a snapshot's `indexPath(forID:)`). Integer
    /// identities in a compact range (rowids, usually: see
    /// ``DenseIntegerTable``) index a plain array; others go through
    /// hashing.
    struct IdentityMap {
        private(set) var dense: [Int32] = []
        private(set) var denseBase: Int64 = 0
        private var integers: [Int64: Int] = [:]
        private var others: [DatabaseValue: Int] = [:]

        init(_ keys: ChunkedArray<RowKey>) {
            // Integer identities are gathered first, in one pass that stops
            // at the first other one.
            var integerIDs: [Int64] = []
            integerIDs.reserveCapacity(keys.count)
            var low = Int64.max, high = Int64.min
            gather: for chunk in keys.chunks {
                for index in chunk.indices {
                    guard let value = chunk[index].id.integerIdentity else { break gather }
                    integerIDs.append(value)
                    low = Swift.min(low, value)
                    high = Swift.max(high, value)
                }
            }
            let span = high.subtractingReportingOverflow(low)
            if integerIDs.count == keys.count, keys.count > 0, !span.overflow, keys.count < Int(Int32.max),
               DenseIntegerTable.fits(span: span.partialValue, count: keys.count, bitsPerSlot: 32) {
                denseBase = low
                var dense = [Int32](repeating: -1, count: Int(high - low) + 1)
                for (index, value) in integerIDs.enumerated() { dense[Int(value - low)] = Int32(index) }
                self.dense = dense
                return
            }
            integers.reserveCapacity(keys.count)
            keys.forEachIndexed { index, key in
                if let value = key.id.integerIdentity { integers[value] = index } else { others[key.id] = index }
            }
        }

        /// A dense table: `dense[identity - base]` is the row of an
        /// identity, or -1.
        init(dense: [Int32], base: Int64) {
            self.dense = dense
            self.denseBase = base
        }

        subscript(id: DatabaseValue) -> Int? {
            if let value = id.integerIdentity { return index(ofInteger: value) }
            return dense.isEmpty ? others[id] : nil
        }

        /// The old row index of an integer identity.
        @inline(__always)
        func index(ofInteger value: Int64) -> Int? {
            if !dense.isEmpty {
                let (offset, overflow) = value.subtractingReportingOverflow(denseBase)
                guard !overflow, offset >= 0, offset < Int64(dense.count) else { return nil }
                let index = dense[Int(offset)]
                return index >= 0 ? Int(index) : nil
            }
            return integers[value]
        }
    }
}

extension DatabaseValue {
    /// The integer an identity stands for: an integer's value, or a real's
    /// when it is a whole number in range (SQLite's `=` calls `1` and
    /// `1.0` equal, so they are one row's identity); nil otherwise.
    @inline(__always)
    var integerIdentity: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let real): Int64(exactly: real)
        default: nil
        }
    }
}
