@testable import PlumeShell
import Testing

/// The Keccak-based SHA-3 behind `sha3()` and `sha3_query()` gives the
/// FIPS 202 digests.
@Suite struct SHA3Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var message: [UInt8]
        var bits: Int
        var digest: String
        var testDescription: String { "SHA3-\(bits) of \(message.count) bytes" }
    }

    static let alphabet = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)

    static let vectors: [Vector] = [
        Vector(message: [], bits: 224, digest: "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"),
        Vector(message: [], bits: 256, digest: "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"),
        Vector(message: [], bits: 384,
               digest: "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004"),
        Vector(message: [], bits: 512,
               digest: "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
                   + "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"),
        Vector(message: Array("abc".utf8), bits: 224, digest: "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"),
        Vector(message: Array("abc".utf8), bits: 256, digest: "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"),
        Vector(message: Array("abc".utf8), bits: 384,
               digest: "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25"),
        Vector(message: Array("abc".utf8), bits: 512,
               digest: "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
                   + "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"),
        Vector(message: alphabet, bits: 224, digest: "8a24108b154ada21c9fd5574494479ba5c7e7ab76ef264ead0fcce33"),
        Vector(message: alphabet, bits: 256, digest: "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376"),
        Vector(message: alphabet, bits: 384,
               digest: "991c665755eb3a4b6bbdfb75c78a492e8c56a22c5c4d7e429bfdbc32b9d4ad5aa04a1f076e62fea19eef51acd0657c22"),
        Vector(message: alphabet, bits: 512,
               digest: "04a371e84ecfb5b8b77cb48610fca8182dd457ce6f326a0fd3d7ec2f1e91636d"
                   + "ee691fbe0c985302ba1b0d8dc78c086346b533b49c030d99a27daf1139d6e75e"),
        Vector(message: [UInt8](repeating: 0x61, count: 1_000_000), bits: 256,
               digest: "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1"),
    ]

    @Test(arguments: vectors)
    func digest(_ vector: Vector) {
        let hex = SHA3.hash(vector.message, bits: vector.bits).map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }
        #expect(hex.joined() == vector.digest)
    }

    /// Feeding the message in pieces that straddle the 136-byte rate gives
    /// the digest of the whole.
    @Test(arguments: [1, 7, 135, 136, 137, 500])
    func incrementalUpdates(_ piece: Int) {
        let message = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var hasher = SHA3(bits: 256)
        var start = 0
        while start < message.count {
            hasher.update(message[start..<min(start + piece, message.count)])
            start += piece
        }
        #expect(hasher.finalize() == SHA3.hash(message))
    }
}
