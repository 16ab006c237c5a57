/// SHA-3 (FIPS 202) with the digest sizes `sqlite3`'s `sha3()` and
/// `.sha3sum` offer: 224, 256, 384 and 512 bits. swift-crypto has no SHA-3.
struct SHA3 {
    private var state = [UInt64](repeating: 0, count: 25)
    /// Bytes absorbed per permutation: 200 minus twice the digest size.
    private let rate: Int
    private let digestSize: Int
    private var buffered = 0

    /// A hash of `bits` bits (224, 256, 384 or 512).
    init(bits: Int) {
        digestSize = bits / 8
        rate = 200 - 2 * digestSize
    }

    mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { absorb(byte) }
    }

    /// The digest; the hash must not be updated afterwards.
    mutating func finalize() -> [UInt8] {
        // The SHA-3 domain bits 01, then the pad10*1 padding.
        xor(0x06, at: buffered)
        xor(0x80, at: rate - 1)
        SHA3.permute(&state)
        return (0..<digestSize).map { UInt8(truncatingIfNeeded: state[$0 / 8] >> (8 * UInt64($0 % 8))) }
    }

    /// The digest of `bytes`.
    static func hash<Bytes: Sequence>(_ bytes: Bytes, bits: Int = 256) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA3(bits: bits)
        hasher.update(bytes)
        return hasher.finalize()
    }

    private mutating func absorb(_ byte: UInt8) {
        xor(byte, at: buffered)
        buffered += 1
        if buffered == rate {
            SHA3.permute(&state)
            buffered = 0
        }
    }

    private mutating func xor(_ byte: UInt8, at index: Int) {
        state[index / 8] ^= UInt64(byte) << (8 * UInt64(index % 8))
    }

    private static let roundConstants: [UInt64] = [
        0x0000_0000_0000_0001, 0x0000_0000_0000_8082, 0x8000_0000_0000_808A, 0x8000_0000_8000_8000,
        0x0000_0000_0000_808B, 0x0000_0000_8000_0001, 0x8000_0000_8000_8081, 0x8000_0000_0000_8009,
        0x0000_0000_0000_008A, 0x0000_0000_0000_0088, 0x0000_0000_8000_8009, 0x0000_0000_8000_000A,
        0x0000_0000_8000_808B, 0x8000_0000_0000_008B, 0x8000_0000_0000_8089, 0x8000_0000_0000_8003,
        0x8000_0000_0000_8002, 0x8000_0000_0000_0080, 0x0000_0000_0000_800A, 0x8000_0000_8000_000A,
        0x8000_0000_8000_8081, 0x8000_0000_0000_8080, 0x0000_0000_8000_0001, 0x8000_0000_8000_8008,
    ]

    /// Rotation offsets of the rho step, indexed by lane (x + 5y).
    private static let rotations: [UInt64] = [
        0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
    ]

    /// Keccak-f[1600]: 24 rounds of theta, rho, pi, chi and iota.
    private static func permute(_ state: inout [UInt64]) {
        state.withUnsafeMutableBufferPointer { a in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 30) { scratch in
                let b = scratch.baseAddress!, c = b + 25
                for round in 0..<24 {
                    for x in 0..<5 { c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] }
                    for x in 0..<5 {
                        let d = c[(x + 4) % 5] ^ rotate(c[(x + 1) % 5], 1)
                        for y in stride(from: 0, to: 25, by: 5) { a[x + y] ^= d }
                    }
                    for x in 0..<5 {
                        for y in 0..<5 {
                            // pi moves lane (x, y) to (y, 2x + 3y).
                            b[y + 5 * ((2 * x + 3 * y) % 5)] = rotate(a[x + 5 * y], rotations[x + 5 * y])
                        }
                    }
                    for y in stride(from: 0, to: 25, by: 5) {
                        for x in 0..<5 { a[x + y] = b[x + y] ^ (~b[(x + 1) % 5 + y] & b[(x + 2) % 5 + y]) }
                    }
                    a[0] ^= roundConstants[round]
                }
            }
        }
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        count == 0 ? value : (value << count) | (value >> (64 - count))
    }
}
