import Foundation
import PlumeTestSupport
import Testing

/// Runs one command line through both `plume` and `sqlite3` 3.40.1, each
/// in a directory of its own holding the same files, and gives what each
/// printed, its exit status and the files left behind.
enum CommandLineComparison {
    /// One command line and what it runs on.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var stdin = ""
        /// SQL that makes `test.db` before the run (nil: no database file).
        var setup: String? = "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'one'), (2, NULL), (3, 'three');"
        /// Files written next to the database, by relative path.
        var files: [String: String] = [:]
        /// Symbolic links made next to the database: name, then target.
        var links: [String: String] = [:]
        /// Whether figures are masked (`-stats` prints this process's).
        var masksNumbers = false
        var testDescription: String { name }
    }

    struct Outcome {
        var plume: Run
        var sqlite: Run
    }

    /// What one program did.
    struct Run: Equatable, CustomStringConvertible {
        var stdout: String
        var stderr: String
        var status: Int32
        /// The directory's files afterwards, with their sizes.
        var files: [String]

        var description: String { "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)\nfiles: \(files)" }
    }

    /// Runs the case through both programs. `plume` gets `HOME` set to an
    /// empty directory of its own so that no `~/.sqliterc` is read, unless
    /// `home` names one; `sqlite3` 3.40.1 looks its home up in the password
    /// database whatever `HOME` says.
    static func run(_ testCase: Case, plumeHome: [String: String]? = nil) throws -> Outcome {
        let directory = try TemporaryDirectory()
        let home = directory.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        for (name, contents) in plumeHome ?? [:] {
            try contents.write(to: home.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var runs: [Run] = []
        for program in ["sqlite3", "plume"] {
            let folder = try directory.makeFolder(program, files: testCase.files.mapValues { Data($0.utf8) })
            for (name, target) in testCase.links {
                try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path,
                                                           withDestinationPath: target)
            }
            if let setup = testCase.setup {
                let made = try PlumeProcess.run(ShellComparison.sqlite3URL, ["test.db", setup], currentDirectory: folder)
                try #require(made.status == 0, "setup failed: \(made.stderr)")
            }
            let executable = program == "plume" ? try PlumeProcess.plumeURL : ShellComparison.sqlite3URL
            let result = try PlumeProcess.run(executable, testCase.arguments, stdin: testCase.stdin,
                                              environment: ["HOME": home.path], currentDirectory: folder)
            // Messages name the program as it was started (argv[0]).
            var stdout = result.stdout.replacingOccurrences(of: executable.path, with: "PROGRAM")
            var stderr = result.stderr.replacingOccurrences(of: executable.path, with: "PROGRAM")
            if testCase.masksNumbers {
                stdout = stdout.replacing(/\d+/, with: "N")
                stderr = stderr.replacing(/\d+/, with: "N")
            }
            runs.append(Run(stdout: stdout, stderr: stderr, status: result.status, files: try listing(folder)))
        }
        return Outcome(plume: runs[1], sqlite: runs[0])
    }

    /// `name size` of each file below `folder`, sorted.
    static func listing(_ folder: URL) throws -> [String] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        return try names.map { name in
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            let isLink = attributes[.type] as? FileAttributeType == .typeSymbolicLink
            return isLink ? "\(name) (link)" : "\(name) \(attributes[.size] as? Int ?? -1)"
        }
    }
}
