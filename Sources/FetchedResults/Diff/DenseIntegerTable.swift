/// When integer identities (rowids, usually) are looked up in a plain
/// array indexed by `identity - lowest`, instead of hashed: when the array
/// costs no more memory per identity than a dictionary entry would.
///
/// The `identity.lookup` benchmark (Benchmarks/) builds and probes both
/// for 100,000 identities: the array of `Int32` is 25–30× faster than a
/// `[Int64: Int]` up to 16 slots per identity and still 5× at 64, so
/// speed sets no limit; memory does. A dictionary entry takes 16 bytes
/// (key and value) before its free slots: the array may spend as much, 4
/// slots per identity. The same budget sets the duplicate check's bitmap
/// (1 bit per slot: 128 slots per identity).
enum DenseIntegerTable {
    /// The memory a dense table may spend per identity.
    static let maximumBytesPerEntry = 16
    /// A small table is always worth it (a few pages).
    static let slackBytes = 4_096

    /// Whether a dense table of `bitsPerSlot`-bit slots over `span + 1`
    /// values, holding `count` identities, stays within the budget.
    static func fits(span: Int64, count: Int, bitsPerSlot: Int) -> Bool {
        let (bits, overflow) = span.multipliedReportingOverflow(by: Int64(bitsPerSlot))
        guard !overflow, span >= 0 else { return false }
        return bits / 8 <= Int64(count) * Int64(maximumBytesPerEntry) + Int64(slackBytes)
    }
}
