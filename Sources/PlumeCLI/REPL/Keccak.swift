/// SHA3-224/256/384/512 (FIPS 202): the Keccak-f[1600] sponge with the
/// SHA3 padding, as `sqlite3`'s `sha3()` and `.sha3sum` compute it.
struct SHA3Hasher {
    private var state = [UInt64](repeating: 0, count: 25)
    /// Bytes absorbed per permutation: 200 - 2 × digest bytes.
    private let rate: Int
    private let digestLength: Int
    private var block: [UInt8] = []

    /// A hasher for a digest of `bits` (224, 256, 384 or 512).
    init(bits: Int) {
        digestLength = bits / 8
        rate = 200 - 2 * digestLength
        block.reserveCapacity(rate)
    }

    mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            block.append(byte)
            if block.count == rate { absorbBlock() }
        }
    }

    mutating func update(_ text: String) { update(text.utf8) }

    /// The digest; the hasher is spent.
    mutating func finalize() -> [UInt8] {
        var padded = block
        padded.append(0x06)
        padded += [UInt8](repeating: 0, count: rate - padded.count)
        padded[rate - 1] |= 0x80
        block = padded
        absorbBlock()
        var digest: [UInt8] = []
        for lane in state where digest.count < digestLength {
            for shift in stride(from: 0, to: 64, by: 8) { digest.append(UInt8(truncatingIfNeeded: lane >> UInt64(shift))) }
        }
        return Array(digest.prefix(digestLength))
    }

    private mutating func absorbBlock() {
        for lane in 0..<(rate / 8) {
            var value: UInt64 = 0
            for byte in 0..<8 { value |= UInt64(block[lane * 8 + byte]) << UInt64(8 * byte) }
            state[lane] ^= value
        }
        block.removeAll(keepingCapacity: true)
        SHA3Hasher.permute(&state)
    }

    private static let roundConstants: [UInt64] = [
        0x0000_0000_0000_0001, 0x0000_0000_0000_8082, 0x8000_0000_0000_808A, 0x8000_0000_8000_8000,
        0x0000_0000_0000_808B, 0x0000_0000_8000_0001, 0x8000_0000_8000_8081, 0x8000_0000_0000_8009,
        0x0000_0000_0000_008A, 0x0000_0000_0000_0088, 0x0000_0000_8000_8009, 0x0000_0000_8000_000A,
        0x0000_0000_8000_808B, 0x8000_0000_0000_008B, 0x8000_0000_0000_8089, 0x8000_0000_0000_8003,
        0x8000_0000_0000_8002, 0x8000_0000_0000_0080, 0x0000_0000_0000_800A, 0x8000_0000_8000_000A,
        0x8000_0000_8000_8081, 0x8000_0000_0000_8080, 0x0000_0000_8000_0001, 0x8000_0000_8000_8008,
    ]

    /// Rotation offsets, by lane index x + 5y.
    private static let rotations: [UInt64] = [
        0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
    ]

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        count == 0 ? value : (value << count) | (value >> (64 - count))
    }

    /// Keccak-f[1600]: 24 rounds of θ, ρ, π, χ and ι.
    private static func permute(_ a: inout [UInt64]) {
        var b = [UInt64](repeating: 0, count: 25)
        var c = [UInt64](repeating: 0, count: 5)
        for round in 0..<24 {
            for x in 0..<5 { c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] }
            for x in 0..<5 {
                let d = c[(x + 4) % 5] ^ rotate(c[(x + 1) % 5], 1)
                for y in stride(from: 0, to: 25, by: 5) { a[y + x] ^= d }
            }
            for x in 0..<5 {
                for y in 0..<5 {
                    b[y + 5 * ((2 * x + 3 * y) % 5)] = rotate(a[x + 5 * y], rotations[x + 5 * y])
                }
            }
            for y in stride(from: 0, to: 25, by: 5) {
                for x in 0..<5 { a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]) }
            }
            a[0] ^= roundConstants[round]
        }
    }
}
