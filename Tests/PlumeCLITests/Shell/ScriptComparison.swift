import Foundation
import PlumeTestSupport
import Testing

/// Runs one script through `plume` and `sqlite3` 3.40.1, each in a
/// directory of its own holding the same files (bytes, so BOMs, NUL bytes
/// and invalid UTF-8 survive), and compares what each printed, its exit
/// status and the files left behind, contents included.
enum ScriptComparison {
    /// Text both programs print differently on every run, replaced before
    /// comparing.
    enum Mask: Sendable {
        /// `-x`/`-e` file names (`temp1f2e….csv`, `etilqs_….txt`).
        case temporaryNames
        /// Every number (statistics, timings).
        case numbers
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Standard input, bytes (invalid UTF-8 allowed).
        var script: [UInt8]
        /// SQL that makes `test.db` with sqlite3 before the run (nil: none).
        var setup: String? = ""
        /// Files written next to the database, by relative path.
        var files: [String: [UInt8]] = [:]
        /// The command line after the program name.
        var arguments = ["test.db"]
        /// Whether `TMPDIR` (where SQLite makes temporary files) is the
        /// run's directory, so that they show among the files.
        var temporaryDirectoryIsLocal = false
        var masks: [Mask] = []
        var testDescription: String { name }

        init(_ name: String, setup: String? = "", files: [String: String] = [:], arguments: [String] = ["test.db"],
             temporaryDirectoryIsLocal: Bool = false, masks: [Mask] = [], _ script: String) {
            self.name = name
            self.script = Array(script.utf8)
            self.setup = setup
            self.files = files.mapValues { Array($0.utf8) }
            self.arguments = arguments
            self.temporaryDirectoryIsLocal = temporaryDirectoryIsLocal
            self.masks = masks
        }

        init(_ name: String, setup: String? = "", bytes: [String: [UInt8]], _ script: String) {
            self.init(name, setup: setup, bytes: bytes, script: Array(script.utf8))
        }

        init(_ name: String, setup: String? = "", bytes: [String: [UInt8]] = [:], script: [UInt8]) {
            self.name = name
            self.script = script
            self.setup = setup
            self.files = bytes
        }
    }

    /// What one program did.
    struct Run: Equatable, CustomStringConvertible {
        var stdout: String
        var stderr: String
        var status: Int32
        /// Each file left in the directory, then its contents.
        var files: [String: String]

        var description: String {
            "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)\nfiles:\n"
                + files.keys.sorted().map { "\($0): \(files[$0]!.debugDescription)" }.joined(separator: "\n")
        }
    }

    /// Runs the case through both programs; `plume` first is `sqlite3`
    /// second in the result.
    static func run(_ testCase: Case) throws -> (plume: Run, sqlite: Run) {
        let directory = try TemporaryDirectory()
        let home = try directory.makeFolder("home")
        var runs: [Run] = []
        for program in ["sqlite3", "plume"] {
            let folder = try directory.makeFolder(program, files: testCase.files.mapValues { Data($0) })
            if let setup = testCase.setup {
                let made = try PlumeProcess.run(ShellComparison.sqlite3URL, ["test.db"], stdin: setup + "\nSELECT 1 WHERE 0;\n",
                                                currentDirectory: folder)
                try #require(made.status == 0, "setup failed: \(made.stderr)")
            }
            var environment = ["HOME": home.path]
            if testCase.temporaryDirectoryIsLocal { environment["TMPDIR"] = folder.path }
            let executable = program == "plume" ? try PlumeProcess.plumeURL : ShellComparison.sqlite3URL
            let result = try PlumeProcess.run(executable, testCase.arguments, input: Data(testCase.script),
                                              environment: environment, currentDirectory: folder)
            func clean(_ text: String) -> String { mask(text.replacingOccurrences(of: folder.path, with: "DIR"), testCase.masks) }
            var files: [String: String] = [:]
            for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
                let url = folder.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                    continue
                }
                let data = (try? Data(contentsOf: url)) ?? Data()
                // Databases differ in their header (change counters, versions).
                let contents = name.hasSuffix(".db") ? "\(data.count) bytes" : lossless(data)
                files[clean(name)] = clean(contents)
            }
            runs.append(Run(stdout: clean(lossless(result.stdoutBytes)), stderr: clean(lossless(result.stderrBytes)), status: result.status, files: files))
        }
        return (runs[1], runs[0])
    }

    /// The bytes as UTF-8 text, or one character per byte when they are
    /// not UTF-8 (so that different invalid bytes compare different).
    private static func lossless(_ data: Data) -> String {
        String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
    }

    private static func mask(_ text: String, _ masks: [Mask]) -> String {
        var text = text
        for mask in masks {
            switch mask {
            case .temporaryNames:
                text = text.replacing(/temp[0-9a-f]+\.|etilqs_[0-9a-f]+\./, with: "TEMP.")
            case .numbers:
                text = text.replacing(/\d+/, with: "N")
            }
        }
        return text
    }
}

extension TemporaryDirectory {
    /// Creates folder `name` holding `files` (by relative path).
    func makeFolder(_ name: String, files: [String: Data] = [:]) throws -> URL {
        let folder = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, contents) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url)
        }
        return folder
    }
}
