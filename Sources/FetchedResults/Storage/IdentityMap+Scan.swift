import Persistence

extension ResultsDiff.IdentityMap {
    /// The lowest identity and the number of slots of the dense table,
    /// when integer identities index a plain array (see
    /// ``DenseIntegerTable``).
    var denseSlots: (base: Int64, count: Int)? {
        dense.isEmpty ? nil : (denseBase, dense.count)
    }
}

extension ResultsDiff {
    /// The identity map of a refetch's new rows, filled while the scan
    /// reads them, so that the next refetch need not build it from the
    /// keys (a pass over every key, 5–10% of a refetch's own work).
    ///
    /// It reuses the range of the previous rows' dense table: after a
    /// commit the identities are mostly the same rowids. When a new
    /// identity falls outside it, is not an integer, or the rows left are
    /// too few for the table's memory budget, no map is made: the next
    /// refetch builds one from the keys, as it always did. Either way the
    /// map answers every lookup as one built from the keys does.
    struct ScanIdentityMap {
        private let base: Int64
        /// The number of slots, as an unsigned bound: an identity below
        /// `base` wraps around to an offset past it.
        private let limit: UInt64
        private let slots: ScanSlots<Int32>?
        private var fits: Bool

        /// A map over the previous rows' dense range, or none when the
        /// previous map is not a dense table.
        init(previous: IdentityMap?) {
            guard let range = previous?.denseSlots else {
                (base, limit, slots, fits) = (0, 0, nil, false)
                return
            }
            base = range.base
            limit = UInt64(range.count)
            slots = ScanSlots(count: range.count, repeating: -1)
            fits = true
        }

        /// Records that the new row `row` has the identity whose integer
        /// value is `integer` (nil: not an integer identity).
        @inline(__always)
        mutating func add(_ integer: Int64?, row: Int) {
            guard fits, let slots else { return }
            // Two Int64 values differ by less than 2⁶⁴: the wrapped
            // difference is below `limit` exactly when the identity lies in
            // the table's range.
            guard let integer, case let offset = UInt64(bitPattern: integer &- base), offset < limit else {
                fits = false
                return
            }
            slots.setUnchecked(Int(truncatingIfNeeded: offset), to: Int32(truncatingIfNeeded: row))
        }

        /// The map of the `count` rows added, when every identity fitted,
        /// row indices fit the table's `Int32` slots, and the table stays
        /// within the memory budget.
        func finish(count: Int) -> IdentityMap? {
            guard fits, let slots, count > 0, count < Int(Int32.max),
                  DenseIntegerTable.fits(span: Int64(slots.count - 1), count: count, bitsPerSlot: 32) else { return nil }
            return IdentityMap(dense: slots.array(), base: base)
        }
    }
}
