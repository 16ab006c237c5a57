import Crypto

/// The checksum recorded with each applied migration: SHA-256 (swift-crypto,
/// which defers to CryptoKit on Apple platforms) as 64 lowercase
/// hexadecimal digits.
///
/// The digests are the ones Plume recorded before it took swift-crypto (its
/// own SHA-256 then), so databases migrated by earlier versions validate
/// unchanged.
///
/// ```swift
/// MigrationChecksum.hexDigest(of: Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
enum MigrationChecksum {
    /// The SHA-256 digest of `bytes` as 64 lowercase hexadecimal digits.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    static func hexDigest(of bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(2 * SHA256.byteCount)
        for byte in SHA256.hash(data: Array(bytes)) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
