import Foundation
import Testing
@testable import Persistence

/// Migration checksums: SHA-256 through swift-crypto, giving the digests
/// that Plume's own SHA-256 recorded before, so that databases migrated by
/// earlier versions still validate.
@Suite struct MigrationChecksumTests {
    /// FIPS 180-4 examples.
    @Test func standardVectors() {
        #expect(MigrationChecksum.hexDigest(of: Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(MigrationChecksum.hexDigest(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(MigrationChecksum.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
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
        #expect(MigrationChecksum.hexDigest(of: bytes) == expected)
    }

    /// A database migrated before the switch: its table records the
    /// checksums Plume's own SHA-256 computed (written here as they were),
    /// and the same files validate and migrate onward without a mismatch.
    @Test func databaseAppliedBeforeTheSwitchStillValidates() async throws {
        let directory = try MigrationDirectory(PhotoSchema.files)
        let dbQueue = try DatabaseQueue(path: directory.databasePath())
        defer { try? dbQueue.close() }
        let album = try #require(PhotoSchema.files["0001_create_album.sql"])
        try await dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE plume_migrations (
                    version INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, checksum TEXT,
                    applied_at TEXT NOT NULL, execution_ms INTEGER NOT NULL, applied_order INTEGER NOT NULL);
                CREATE TABLE album (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                """)
            try db.execute(sql: "INSERT INTO plume_migrations VALUES (1, 'create_album', ?, '2026-11-01T00:00:00.000Z', 1, 1)",
                           arguments: [Self.albumChecksumBeforeTheSwitch])
        }
        #expect(MigrationFile.checksum(of: album) == Self.albumChecksumBeforeTheSwitch)
        try await directory.migrator().migrate(dbQueue)
        let applied = try await dbQueue.read { db in try directory.migrator().appliedMigrations(db) }
        #expect(applied.first?.checksum == Self.albumChecksumBeforeTheSwitch)
        #expect(applied.count == PhotoSchema.files.count)
    }

    /// The checksum of `0001_create_album.sql` of ``PhotoSchema`` as
    /// recorded by Plume 0.1.0 (its own SHA-256; `sha256sum` agrees).
    static let albumChecksumBeforeTheSwitch = "c17dfb5d9f7cfdc08d62790aa836c74015c8a372de7f9c11342d2655de94f21e"
}
