import Foundation
import Testing
@testable import Persistence

@Suite struct MigrationFileTests {
    @Test func fileNames() {
        #expect(MigrationFile.parseFileName("0001_create_album.sql")! == (1, "create_album"))
        #expect(MigrationFile.parseFileName("20240101120000_add-caption.sql")! == (20240101120000, "add-caption"))
        for invalid in ["create_album.sql", "0001.sql", "0001_.sql", "0001_album.txt", "1a_album.sql",
                        "_album.sql", "0001_album.SQL", "99999999999999999999_overflow.sql"] {
            #expect(MigrationFile.parseFileName(invalid) == nil, "\(invalid)")
        }
    }

    @Test func sectionsAndLineOffsets() throws {
        let migration = try MigrationFile.parse("""
            -- Adds photos.
            -- migrate:up
            CREATE TABLE photo (id INTEGER PRIMARY KEY);

            -- migrate:down transaction:false
            DROP TABLE photo;
            """, version: 2, name: "photo", file: "dir/0002_photo.sql")
        #expect(migration.up.sql == "CREATE TABLE photo (id INTEGER PRIMARY KEY);\n")
        #expect(migration.up.lineOffset == 2)
        #expect(migration.up.usesTransaction)
        #expect(migration.down?.sql == "DROP TABLE photo;")
        #expect(migration.down?.lineOffset == 5)
        #expect(migration.down?.usesTransaction == false)
        #expect(migration.description == "0002_photo.sql")
        #expect(migration.checksum?.count == 64)
    }

    @Test func downSectionIsOptional() throws {
        let migration = try MigrationFile.parse("-- migrate:up transaction:false\nVACUUM;\n", version: 1, name: "v", file: "f")
        #expect(migration.down == nil)
        #expect(!migration.up.usesTransaction)
    }

    @Test func checksumIgnoresLineEndingsAndByteOrderMark() throws {
        let unix = "-- migrate:up\nCREATE TABLE t (a);\n-- migrate:down\nDROP TABLE t;\n"
        let windows = "\u{FEFF}" + unix.replacingOccurrences(of: "\n", with: "\r\n")
        let oldMac = unix.replacingOccurrences(of: "\n", with: "\r")
        let reference = try MigrationFile.parse(unix, version: 1, name: "t", file: "f")
        for variant in [windows, oldMac] {
            let migration = try MigrationFile.parse(variant, version: 1, name: "t", file: "f")
            #expect(migration.checksum == reference.checksum)
            #expect(migration.down?.lineOffset == 3)
        }
        let edited = try MigrationFile.parse(unix + "-- note\n", version: 1, name: "t", file: "f")
        #expect(edited.checksum != reference.checksum)
    }

    @Test(arguments: [
        ("CREATE TABLE t (a);\n-- migrate:up\n", 1, "SQL before the `-- migrate:up` line"),
        ("-- only a comment\n", nil, "no `-- migrate:up` section"),
        ("-- migrate:up\nSELECT 1;\n-- migrate:up\nSELECT 2;\n", 3, "a second `-- migrate:up` section"),
        ("-- migrate:up transaction:maybe\n", 1, "unknown option `transaction:maybe`"),
        ("-- migrate:up\n-- migrate:sideways\n", 2, "unknown section `-- migrate:sideways`"),
        ("-- migrate:up\nCREATE TABLE t (a);\n\0DROP TABLE t;\n", 3, "NUL byte at byte offset 34"),
        ("-- migrate:up\nSELECT 1;\0\n-- migrate:down\n", 2, "NUL byte at byte offset 23"),
    ] as [(String, Int?, String)])
    func invalidFiles(text: String, line: Int?, message: String) throws {
        let error = try migrationError { _ = try MigrationFile.parse(text, version: 1, name: "bad", file: "M/0001_bad.sql") }
        #expect(error.code == .invalidFile)
        #expect(error.file == "M/0001_bad.sql")
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.isValidationFailure)
    }

    @Test func invalidUTF8NamesTheFile() throws {
        let directory = try MigrationDirectory()
        try Data([0x2D, 0x2D, 0x20, 0xFF, 0xFE]).write(to: directory.url.appendingPathComponent("0001_binary.sql"))
        let error = try migrationError { _ = try directory.migrator() }
        #expect(error.code == .invalidFile)
        #expect(error.file?.hasSuffix("/0001_binary.sql") == true)
        #expect(error.message.contains("UTF-8 (byte offset 3)"))
        #expect(error.line == 1)
    }

    /// Random bytes (NULs and invalid UTF-8 among them) in a migration
    /// file: loading either succeeds or names the file, never crashes.
    @Test func randomFileContentsAreLoadedOrRejectedByName() throws {
        var state: UInt64 = 77
        func random(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces: [[UInt8]] = [Array("-- migrate:up\n".utf8), Array("CREATE TABLE t (a);\n".utf8), [0], [0xFF], [0xC3],
                                 Array("-- migrate:down\n".utf8), Array("é".utf8), [0x0A]]
        for index in 0..<300 {
            let directory = try MigrationDirectory()
            var bytes: [UInt8] = []
            for _ in 0..<random(10) { bytes += pieces[random(pieces.count)] }
            try Data(bytes).write(to: directory.url.appendingPathComponent("0001_fuzz.sql"))
            do {
                let migrator = try directory.migrator()
                #expect(!bytes.contains(0), "case \(index): a file with a NUL was accepted")
                _ = migrator
            } catch let error as MigrationError {
                #expect(error.file?.hasSuffix("/0001_fuzz.sql") == true, "case \(index): \(error)")
            }
        }
    }
}
