/// What a refetch's scan found about each new row: the old row it repeats
/// unchanged (same identity and content hash), or none.
///
/// The scanner produces it while it steps the statement; the fetcher uses
/// it to reuse the old decoded items, and the diff to place unchanged rows
/// without reading their keys. It travels forward with the new rows.
struct UnchangedRows: Sendable {
    /// Per new row, the old row it repeats, or -1: plain integers, read in
    /// tight loops.
    private var oldRows: [Int32] = []

    /// The number of new rows described.
    var count: Int { oldRows.count }

    /// Records that the next new row repeats `oldRow` unchanged.
    @inline(__always)
    mutating func appendUnchanged(oldRow: Int) {
        oldRows.append(Int32(oldRow))
    }

    /// Records the entries of the next `count` new rows at once: the first
    /// `count` slots, each the old row the new row repeats, or -1.
    mutating func append(_ entries: ScanSlots<Int32>, count: Int) {
        entries.withFirst(count) { oldRows.append(contentsOf: $0) }
    }

    /// Makes room for `count` new rows in all.
    mutating func reserveCapacity(_ count: Int) {
        oldRows.reserveCapacity(count)
    }

    /// Records that the next new row is new or changed.
    @inline(__always)
    mutating func appendChanged() {
        oldRows.append(-1)
    }

    /// The old row that a new row repeats unchanged, or nil.
    @inline(__always)
    func oldRow(ofNewRow newRow: Int) -> Int? {
        let oldRow = oldRows[newRow]
        return oldRow >= 0 ? Int(oldRow) : nil
    }

    /// Whether a new row repeats this old row unchanged.
    @inline(__always)
    func repeats(newRow: Int, oldRow: Int) -> Bool {
        oldRows[newRow] == Int32(truncatingIfNeeded: oldRow)
    }

    /// How many rows from `newRow` on repeat consecutive old rows,
    /// starting at the old row `newRow` repeats (0 when it repeats none).
    ///
    /// - Complexity: O(length of the run).
    func runLength(from newRow: Int) -> Int {
        let first = oldRows[newRow]
        guard first >= 0 else { return 0 }
        var end = newRow + 1
        while end < oldRows.count, oldRows[end] == first &+ Int32(end - newRow) { end += 1 }
        return end - newRow
    }
}
