import Foundation
@testable import PlumeShell
import PlumeTestSupport
import Testing

/// The SHA3 behind `.sha3sum`, `sha3()` and `sha3_query()`: FIPS 202's
/// vectors, and sqlite3's own `sha3()` for every length around the
/// sponge's block sizes.
@Suite struct SHA3KnownAnswerTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static func digest(_ bits: Int, _ message: [UInt8]) -> String {
        var hasher = SHA3(bits: bits)
        hasher.update(message)
        return hex(hasher.finalize())
    }

    @Test(arguments: [
        (224, "", "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"),
        (256, "", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"),
        (384, "", "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004"),
        (512, "", "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
            + "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"),
        (224, "abc", "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"),
        (256, "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"),
        (384, "abc", "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25"),
        (512, "abc", "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
            + "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"),
        (256, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376"),
    ])
    func knownVectors(bits: Int, message: String, expected: String) {
        #expect(Self.digest(bits, Array(message.utf8)) == expected)
    }

    @Test func aMillionAs() {
        var hasher = SHA3(bits: 256)
        for _ in 0..<1000 { hasher.update([UInt8](repeating: 0x61, count: 1000)) }
        #expect(Self.hex(hasher.finalize()) == "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1")
    }

    /// Blobs of 0 to 300 bytes (0x00, 0x01, … repeating), against
    /// `sqlite3`'s `sha3()` at each size: every padding case, one and two
    /// blocks.
    @Test(arguments: [224, 256, 384, 512])
    func matchesSQLite3sFunction(bits: Int) throws {
        let blob = (0..<300).map { String(format: "%02x", $0 % 256) }.joined()
        let sql = "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 300) "
            + "SELECT lower(hex(sha3(substr(x'\(blob)', 1, i), \(bits)))) FROM n;"
        let result = try PlumeProcess.sqlite3([":memory:", sql])
        let expected = result.stdout.split(separator: "\n").map(String.init)
        let pattern = (0..<300).map { UInt8($0 % 256) }
        let computed = (0...300).map { Self.digest(bits, Array(pattern.prefix($0))) }
        #expect(expected.count == 301)
        let mismatches = (0...300).filter { $0 >= expected.count || computed[$0] != expected[$0] }
        #expect(mismatches.isEmpty, "lengths \(mismatches)")
    }
}
