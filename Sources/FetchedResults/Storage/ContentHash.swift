import Persistence

/// A fast 64-bit hash of database values, built so that no update can hide
/// behind it.
///
/// A diff tells a changed row from an unchanged one by this hash alone
/// wherever the content is not kept (batched controllers keep hashes, not
/// rows), so its failure mode matters more than its speed:
///
/// - **Every step is a bijection.** Combining a word maps the state through
///   `x ↦ mixed(rotated(state) ^ word)`: an xor, a multiply by an odd
///   constant and an xor-shift, each invertible modulo 2⁶⁴. For a fixed word
///   the step is a permutation of states, and for a fixed state a
///   permutation of words. So no input collapses the state (there is no
///   multiply by a value the input controls, hence no product of zero), and
///   two rows that differ in **one** integer, real, `NULL`, or one 8-byte
///   word of a text or blob of the same length always hash differently.
///   ``ContentHashTests`` checks this by inverting the step.
/// - **The state starts from a per-process random key.** Rows that differ
///   in several values collide with probability about 2⁻⁶⁴, and inputs
///   cannot be chosen to collide without the key, which never leaves the
///   process (hashes are compared within one process only).
///
/// Storage classes use different multipliers, so `NULL`, `0` and `0.0`
/// are different values; the length word of a text or blob carries its
/// storage class too, so a text and a blob with the same bytes (the empty
/// text `''` and the empty blob `X''` among them) are different values.
struct ContentHash {
    /// The key every hash of this process starts from.
    static let key = UInt64.random(in: .min ... .max)

    // No default value: a hash made from a seed (once per row) must not
    // read the lazily initialized key.
    private(set) var state: UInt64

    /// A hash starting from the key.
    init() {
        state = ContentHash.key
    }

    /// A hash starting from a seed: ``seed(columns:)``.
    init(seed: UInt64) {
        state = seed
    }

    /// The starting state of the rows of a result with these columns: the
    /// key with the column names combined in, so that the same values under
    /// other column names (after `ALTER TABLE … RENAME COLUMN`, a view
    /// replaced) hash differently and the rows are reported as updated.
    static func seed(columns: [String]) -> UInt64 {
        var hash = ContentHash()
        hash.combine(word: UInt64(columns.count), tag: 6)
        for var name in columns {
            name.withUTF8 { hash.combine(bytes: UnsafeRawBufferPointer($0), tag: 6) }
        }
        return hash.state
    }

    /// The finished hash: the state through one more bijection.
    var value: Int { Int(truncatingIfNeeded: Self.finalized(state)) }

    /// An odd multiplier per storage class (tags 1 to 5), and another for
    /// the length word of texts and blobs.
    @inline(__always)
    static func multiplier(tag: UInt64) -> UInt64 {
        switch tag {
        case 1: 0x9E37_79B9_7F4A_7C15
        case 2: 0xBF58_476D_1CE4_E5B9
        case 3: 0x94D0_49BB_1331_11EB
        case 4: 0xD6E8_FEB8_6659_FD93
        case 5: 0xA076_1D64_78BD_642F
        default: lengthMultiplier
        }
    }

    static let lengthMultiplier: UInt64 = 0xE703_7ED1_A0B4_28DB

    /// One step: invertible in `state` for a fixed word, and in `word` for a
    /// fixed state.
    @inline(__always)
    static func step(_ state: UInt64, word: UInt64, multiplier: UInt64) -> UInt64 {
        var x = ((state << 29) | (state >> 35)) ^ word
        x &*= multiplier
        return x ^ (x >> 32)
    }

    /// The final avalanche (MurmurHash3's `fmix64`, a bijection).
    @inline(__always)
    static func finalized(_ state: UInt64) -> UInt64 {
        var x = state
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        return x ^ (x >> 33)
    }

    @inline(__always)
    mutating func combine(word: UInt64, tag: UInt64) {
        state = Self.step(state, word: word, multiplier: Self.multiplier(tag: tag))
    }

    @inline(__always)
    mutating func combine(bytes: UnsafeRawBufferPointer, tag: UInt64) {
        // The length word names the storage class in its top byte (no
        // text or blob reaches 2⁵⁶ bytes): a text and a blob of the same
        // bytes differ even when there are no bytes to hash.
        state = Self.step(state, word: UInt64(bytes.count) | tag << 56, multiplier: Self.lengthMultiplier)
        guard let base = bytes.baseAddress else { return }
        let multiplier = Self.multiplier(tag: tag)
        // Whole words by pointer, up to the last whole word: one load and
        // one step each, no index arithmetic.
        let wholeBytes = bytes.count & ~7
        var word = base
        let end = base + wholeBytes
        while word < end {
            state = Self.step(state, word: word.loadUnaligned(as: UInt64.self), multiplier: multiplier)
            word += 8
        }
        if wholeBytes < bytes.count {
            state = Self.step(state, word: Self.lastWord(bytes, from: wholeBytes), multiplier: multiplier)
        }
    }

    /// The last 1–7 bytes of a text or blob, from `offset` on, as the low
    /// bytes of a word whose other bytes are zero (in memory order): what
    /// copying them into a zeroed word gives, without a call to `memcpy`.
    /// With 8 bytes or more in all, one load of the last 8 bytes, shifted;
    /// under 8 (then `offset` is 0), two overlapping loads of 4 bytes, or
    /// three single bytes under 4.
    @inline(__always)
    static func lastWord(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> UInt64 {
        let remaining = bytes.count &- offset
        #if _endian(little)
        guard let base = bytes.baseAddress else { return 0 }
        if bytes.count >= 8 {
            let word = (base + (bytes.count &- 8)).loadUnaligned(as: UInt64.self)
            return word &>> UInt64(truncatingIfNeeded: 8 &* (8 &- remaining))
        }
        let start = base + offset
        if remaining >= 4 {
            // Bytes 0–3, and the last 4 (the same bytes where they overlap).
            let low = UInt64(start.loadUnaligned(as: UInt32.self))
            let high = UInt64((start + (remaining &- 4)).loadUnaligned(as: UInt32.self))
            return low | high &<< UInt64(truncatingIfNeeded: 8 &* (remaining &- 4))
        }
        // 1–3 bytes: the first, the middle and the last (some the same).
        let first = UInt64(start.load(as: UInt8.self))
        let middle = UInt64((start + (remaining &>> 1)).load(as: UInt8.self))
        let last = UInt64((start + (remaining &- 1)).load(as: UInt8.self))
        return first | middle &<< UInt64(truncatingIfNeeded: 8 &* (remaining &>> 1)) | last &<< UInt64(truncatingIfNeeded: 8 &* (remaining &- 1))
        #else
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
        return word
        #endif
    }

    /// Combines a column read in place (``Statement/withUnsafeColumnBytes(at:_:)``):
    /// the same hash as combining the value it holds.
    @inline(__always)
    mutating func combine(_ storageClass: DatabaseValue.StorageClass, _ bytes: UnsafeRawBufferPointer) {
        switch storageClass {
        case .null: combine(word: 0, tag: 1)
        case .integer: combine(word: bytes.loadUnaligned(as: UInt64.self), tag: 2)
        case .real: combine(word: bytes.loadUnaligned(as: UInt64.self), tag: 3)
        case .text: combine(bytes: bytes, tag: 4)
        case .blob: combine(bytes: bytes, tag: 5)
        }
    }

    @inline(__always)
    mutating func combine(_ value: DatabaseValue) {
        switch value {
        case .null: combine(word: 0, tag: 1)
        case .integer(let integer): combine(word: UInt64(bitPattern: integer), tag: 2)
        case .real(let real): combine(word: real.bitPattern, tag: 3)
        case .text(var text): text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0), tag: 4) }
        case .blob(let data): data.withUnsafeBytes { combine(bytes: $0, tag: 5) }
        }
    }
}
