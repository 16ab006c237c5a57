import Testing
@testable import Persistence

@Suite struct SHA256Tests {
    /// FIPS 180-4 examples.
    @Test func standardVectors() {
        #expect(SHA256.hexDigest(of: Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// Lengths around the padding boundaries (55/56 bytes: the length fits
    /// in the last block or not; 63/64/65: one block or two), against
    /// digests from coreutils `sha256sum`.
    @Test(arguments: [
        (55, "595615dbe4f0f407ae397d08b4c2cb870cb9b0e11937416f950c5160acf9c005"),
        (56, "784f623b787495078e93ff28a25b581df0584055a7e71d8cd90c454716b92f51"),
        (63, "5ca3e1ef5207490eac01a795e5cc94d59582a5118bf9534665c8668d87aa647c"),
        (64, "2fcd5a0d60e4c941381fcc4e00a4bf8be422c3ddfafb93c809e8d1e2bfffae8e"),
        (65, "1b3cd1877ab2f2f19f7be001722554f336cb799df0329de0bb4c118dc6abc06d"),
        (119, "faef67da856d6fd9c8d12f9ed0a4fefd3cf0ce085ab43e2907418d457e3c354b"),
        (1000, "915e53a44c18b19bb06ba5b3f5fcaf1dc4651e8404c63425cfc6174e74659d87"),
    ])
    func paddingBoundaries(length: Int, expected: String) {
        let bytes = (0..<length).map { UInt8(97 + $0 % 26) }
        #expect(SHA256.hexDigest(of: bytes) == expected)
        #expect(SHA256.digest(of: bytes).count == 32)
    }
}
