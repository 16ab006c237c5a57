import Foundation
import PlumeTestSupport
import Testing

/// Issue 33, class 1: every file Plume reads because a folder or an option
/// named it must be a regular file (after symbolic links) no larger than
/// the size limit. A device (`/dev/zero`, `/dev/urandom`) was read until
/// memory ran out, a FIFO hung the reader; now each is refused with an
/// error naming the file, at once (the opening does not wait for a FIFO's
/// writer). Each run has a short timeout: a hang fails the test.
@Suite struct SpecialFileTests {
    /// What a path in a test names.
    enum Special: String, CaseIterable, CustomTestStringConvertible {
        case zeroDevice, randomDevice, fifo, linkToZero, linkToFIFO, directory

        var testDescription: String { rawValue }

        /// Makes the special file at `path`.
        func make(at path: String) throws {
            switch self {
            case .zeroDevice: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            case .randomDevice: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/urandom")
            case .fifo: try makeFIFO(path)
            case .linkToZero:
                try FileManager.default.createSymbolicLink(atPath: path + ".link", withDestinationPath: "/dev/zero")
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".link")
            case .linkToFIFO:
                try makeFIFO(path + ".fifo")
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".fifo")
            case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        }

        /// The words the error uses for it.
        var kind: String {
            switch self {
            case .zeroDevice, .randomDevice, .linkToZero: "is a character device, not a regular file"
            case .fifo, .linkToFIFO: "is a FIFO (named pipe), not a regular file"
            case .directory: "is a directory, not a regular file"
            }
        }

        private func makeFIFO(_ path: String) throws {
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    private static let timeout = Duration.seconds(30)

    private func plume(_ arguments: [String], in directory: borrowing TemporaryDirectory, stdin: String? = nil,
                       environment: [String: String] = [:]) throws -> ProcessResult {
        try PlumeProcess.plume(arguments, stdin: stdin, environment: environment, currentDirectory: directory.url,
                               timeout: Self.timeout)
    }

    @Test(arguments: Special.allCases, ["up", "status", "validate", "down"])
    func aMigrationThatIsNoRegularFileIsAnErrorNamingIt(special: Special, command: String) throws {
        let directory = try TemporaryDirectory()
        try directory.writeMigrations(["0001_first.sql": "-- migrate:up\nCREATE TABLE t(a);\n-- migrate:down\nDROP TABLE t;\n"])
        #expect(try directory.migrate(["up", "db.sqlite"]).status == 0)
        try special.make(at: directory.path("Migrations/0002_special.sql"))
        let arguments = command == "down" ? ["down", "db.sqlite", "--to", "0"] : [command, "db.sqlite"]
        let result = try plume(["migrate"] + arguments, in: directory)
        #expect(result.status != 0)
        #expect(result.stderr.contains("0002_special.sql"), "\(result.stderr)")
        #expect(result.stderr.contains(special.kind), "\(result.stderr)")
        // Nothing ran: the first migration is still applied.
        #expect(try directory.sqlite("db.sqlite", "SELECT count(*) FROM sqlite_master WHERE name = 't'") == "1")
    }

    @Test(arguments: Special.allCases)
    func readRefusesWhatIsNoRegularFile(special: Special) throws {
        let directory = try TemporaryDirectory()
        try special.make(at: directory.path("script.sql"))
        let result = try plume([":memory:"], in: directory, stdin: ".read script.sql\nSELECT 'after';\n")
        // A directory fails in sqlite3's words, as it does there.
        let message = special == .directory ? "Error: cannot open \"script.sql\"" : "script.sql\" \(special.kind)"
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout == "after\n")
    }

    @Test(arguments: Special.allCases)
    func importRefusesWhatIsNoRegularFile(special: Special) throws {
        let directory = try TemporaryDirectory()
        try special.make(at: directory.path("data.csv"))
        let result = try plume([":memory:"], in: directory,
                               stdin: ".import --csv data.csv t\nSELECT count(*) FROM sqlite_master;\n")
        let message = special == .directory ? "data.csv: empty file" : "data.csv\" \(special.kind)"
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout == "0\n")
    }

    @Test(arguments: Special.allCases)
    func anInitFileThatIsNoRegularFileIsNotRead(special: Special) throws {
        let directory = try TemporaryDirectory()
        try special.make(at: directory.path("init.sql"))
        let result = try plume(["-init", "init.sql", ":memory:", "SELECT 1"], in: directory)
        #expect(result.stderr.contains("init.sql\" \(special.kind)"), "\(result.stderr)")
        #expect(result.stdout == "1\n")
    }

    @Test(arguments: Special.allCases)
    func aDeserializedDatabaseThatIsNoRegularFileIsNotRead(special: Special) throws {
        let directory = try TemporaryDirectory()
        try special.make(at: directory.path("db.sqlite"))
        let result = try plume([":memory:"], in: directory,
                               stdin: ".open --deserialize db.sqlite\nSELECT count(*) FROM sqlite_master;\n")
        #expect(result.stderr.contains("db.sqlite\" \(special.kind)"), "\(result.stderr)")
        #expect(result.stdout == "0\n")
    }

    @Test(arguments: [Special.zeroDevice, .fifo])
    func anArchiveFileThatIsNoRegularFileIsNotReadToItsEnd(special: Special) throws {
        let directory = try TemporaryDirectory()
        try special.make(at: directory.path("archive.zip"))
        // The ZIP sniffing (`deduceDatabaseType`) reads a regular file's
        // ends only; for these the shell goes on, and never hangs.
        let result = try plume([":memory:"], in: directory, stdin: ".archive --list --file archive.zip\nSELECT 'after';\n")
        #expect(result.stdout.hasSuffix("after\n"), "\(result.stdout) \(result.stderr)")
    }

    @Test func theSizeLimitIsAnEnvironmentVariable() throws {
        let directory = try TemporaryDirectory()
        let script = String(repeating: "SELECT 1;\n", count: 20) // 200 bytes
        try Data(script.utf8).write(to: directory.url.appendingPathComponent("script.sql"))
        try directory.writeMigrations(["0001_big.sql": "-- migrate:up\n" + script])

        let refused = try plume([":memory:"], in: directory, stdin: ".read script.sql\n",
                                environment: ["PLUME_MAX_FILE_SIZE": "100"])
        #expect(refused.stderr.contains("script.sql\" is 200 bytes, over the limit of 100 bytes"), "\(refused.stderr)")
        #expect(refused.stderr.contains("PLUME_MAX_FILE_SIZE"))
        #expect(refused.stdout.isEmpty)
        let raised = try plume([":memory:"], in: directory, stdin: ".read script.sql\n",
                               environment: ["PLUME_MAX_FILE_SIZE": "1K"])
        #expect(raised.stdout == String(repeating: "1\n", count: 20), "\(raised.stderr)")

        let migration = try PlumeProcess.plume(["migrate", "up", "db.sqlite"], environment: ["PLUME_MAX_FILE_SIZE": "100"],
                                               currentDirectory: directory.url, timeout: Self.timeout)
        #expect(migration.status != 0)
        #expect(migration.stderr.contains("0001_big.sql"), "\(migration.stderr)")
        #expect(migration.stderr.contains("over the limit of 100 bytes"), "\(migration.stderr)")

        let nonsense = try plume([":memory:"], in: directory, stdin: ".read script.sql\n",
                                 environment: ["PLUME_MAX_FILE_SIZE": "lots"])
        #expect(nonsense.stderr.contains("PLUME_MAX_FILE_SIZE is \"lots\", not a size"), "\(nonsense.stderr)")
    }

    /// `sqlite3 -init /dev/null` is the usual way to skip `~/.sqliterc`:
    /// the null device reads as an empty file.
    @Test func theNullDeviceReadsAsAnEmptyFile() throws {
        let directory = try TemporaryDirectory()
        let result = try plume(["-bail", "-init", "/dev/null", ":memory:", "SELECT 1"], in: directory,
                               stdin: "")
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let read = try plume([":memory:"], in: directory, stdin: ".read /dev/null\nSELECT 2;\n")
        #expect(read.stdout == "2\n")
        #expect(read.stderr.isEmpty, "\(read.stderr)")
    }

    @Test func regularFilesAndLinksToThemStillRead() throws {
        let directory = try TemporaryDirectory()
        try Data("SELECT 'read';\n".utf8).write(to: directory.url.appendingPathComponent("script.sql"))
        try FileManager.default.createSymbolicLink(atPath: directory.path("link.sql"), withDestinationPath: "script.sql")
        let result = try plume([":memory:"], in: directory, stdin: ".read script.sql\n.read link.sql\n")
        #expect(result.stdout == "read\nread\n", "\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }
}
