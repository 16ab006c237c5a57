import Foundation
import PlumeTestSupport
import Testing

/// Runs SQL through `plume repl` and `sqlite3` 3.40.1, each in a directory
/// of its own holding a copy of the same `test.db`, and compares what they
/// printed, their exit status and the files they left behind.
enum ShellFunctionComparison {
    /// One script, run on a database `setup` made.
    struct Case: CustomTestStringConvertible, Sendable {
        var script: [UInt8]
        var setup = ""
        var environment: [String: String] = [:]
        /// Ranges of `test.db` overwritten after the setup, each with one
        /// byte (to make a corrupt database).
        var overwrites: [(range: Range<Int>, byte: UInt8)] = []
        var name: String
        var testDescription: String { name }

        init(_ script: String, setup: String = "", environment: [String: String] = [:], name: String? = nil) {
            self.script = Array(script.utf8)
            self.setup = setup
            self.environment = environment
            self.name = name ?? script
        }

        /// A script given as bytes (invalid UTF-8, NUL bytes).
        init(bytes: [UInt8], name: String) {
            script = bytes
            self.name = name
        }
    }

    /// Cases of one SQL statement each, followed by one that shows the
    /// shell went on.
    static func statements(_ lines: [String], setup: String = "") -> [Case] {
        lines.map { Case($0 + "\nSELECT 'next';\n", setup: setup, name: $0) }
    }

    struct Run: Equatable, CustomStringConvertible {
        var stdout: Data
        var stderr: String
        var status: Int32
        /// Files and directories afterwards: path, kind, size and
        /// permissions (plus a link's target).
        var files: [String]

        var description: String {
            "status \(status)\nstdout:\n\(String(decoding: stdout, as: UTF8.self))\nstderr:\n\(stderr)\nfiles: \(files)"
        }
    }

    /// Runs the case through both programs.
    static func run(_ testCase: Case) throws -> (plume: Run, sqlite: Run) {
        let directory = try TemporaryDirectory()
        let sqliteFolder = directory.url.appendingPathComponent("sqlite3")
        let plumeFolder = directory.url.appendingPathComponent("plume")
        for folder in [sqliteFolder, plumeFolder] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let created = try PlumeProcess.run(ShellComparison.sqlite3URL, ["test.db"], stdin: testCase.setup + "\nSELECT 1 WHERE 0;\n",
                                           currentDirectory: sqliteFolder)
        try #require(created.status == 0, "setup failed: \(created.stderr)")
        if !testCase.overwrites.isEmpty {
            let url = sqliteFolder.appendingPathComponent("test.db")
            var bytes = try Data(contentsOf: url)
            for (range, byte) in testCase.overwrites { bytes.replaceSubrange(range, with: repeatElement(byte, count: range.count)) }
            try bytes.write(to: url)
        }
        try FileManager.default.copyItem(at: sqliteFolder.appendingPathComponent("test.db"),
                                         to: plumeFolder.appendingPathComponent("test.db"))
        let input = Data(testCase.script)
        let sqlite = try PlumeProcess.run(ShellComparison.sqlite3URL, ["test.db"], input: input,
                                          environment: testCase.environment, currentDirectory: sqliteFolder)
        let plume = try PlumeProcess.run(try PlumeProcess.plumeURL, ["repl", "test.db"], input: input,
                                         environment: testCase.environment, currentDirectory: plumeFolder)
        return (Run(stdout: plume.stdoutBytes, stderr: plume.stderr, status: plume.status, files: listing(plumeFolder)),
                Run(stdout: sqlite.stdoutBytes, stderr: sqlite.stderr, status: sqlite.status, files: listing(sqliteFolder)))
    }

    /// Every entry below `folder` but the database, sorted.
    static func listing(_ folder: URL) -> [String] {
        let manager = FileManager.default
        guard let paths = manager.subpaths(atPath: folder.path) else { return [] }
        return paths.filter { $0 != "test.db" }.sorted().map { path in
            let full = folder.appendingPathComponent(path).path
            // Names that are not UTF-8 reach Foundation garbled.
            guard let attributes = try? manager.attributesOfItem(atPath: full) else { return "\(path) (unreadable name)" }
            let permissions = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
            let type = attributes[.type] as? FileAttributeType
            if type == .typeSymbolicLink {
                return "\(path) -> \((try? manager.destinationOfSymbolicLink(atPath: full)) ?? "?")"
            }
            let size = type == .typeDirectory ? "dir" : "\(attributes[.size] as? Int ?? -1)"
            return "\(path) \(size) \(permissions)"
        }
    }

    /// Expects both programs to have done the same.
    static func expectSame(_ testCase: Case, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (plume, sqlite) = try run(testCase)
        #expect(!sqlite.stdout.isEmpty || !sqlite.stderr.isEmpty || !sqlite.files.isEmpty, "sqlite3 printed nothing",
                sourceLocation: sourceLocation)
        #expect(plume == sqlite, "plume:\n\(plume)\nsqlite3:\n\(sqlite)", sourceLocation: sourceLocation)
    }
}
