import Foundation
import PlumeTestSupport
import Testing

/// Runs the same script through `plume repl` and `sqlite3` on copies of one
/// database, each in its own directory under the same file name (so that
/// `.show` and relative `.read` paths print the same).
enum ShellComparison {
    static let sqlite3URL = URL(fileURLWithPath: "/usr/bin/sqlite3")

    struct Outcome {
        var plume: ProcessResult
        var sqlite: ProcessResult
    }

    /// Creates `test.db` from `setup` with sqlite3, copies it, and runs
    /// `script` through both shells. `files` are written next to both
    /// databases.
    static func run(_ script: String, setup: String = "", files: [String: String] = [:]) throws -> Outcome {
        let directory = try TemporaryDirectory()
        let sqliteDirectory = directory.url.appendingPathComponent("sqlite3")
        let plumeDirectory = directory.url.appendingPathComponent("plume")
        for folder in [sqliteDirectory, plumeDirectory] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, contents) in files {
                let url = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: url, atomically: true, encoding: .utf8)
            }
        }
        let created = try PlumeProcess.run(sqlite3URL, ["test.db"], stdin: setup + "\nSELECT 1 WHERE 0;\n",
                                           currentDirectory: sqliteDirectory)
        try #require(created.status == 0, "setup failed: \(created.stderr)")
        try FileManager.default.copyItem(at: sqliteDirectory.appendingPathComponent("test.db"),
                                         to: plumeDirectory.appendingPathComponent("test.db"))
        let sqlite = try PlumeProcess.run(sqlite3URL, ["test.db"], stdin: script, currentDirectory: sqliteDirectory)
        let plume = try PlumeProcess.plume(["repl", "test.db"], stdin: script, currentDirectory: plumeDirectory)
        return Outcome(plume: plume, sqlite: sqlite)
    }

    /// `Run Time: real 0.001 user 0.000100 sys 0.000000` lines, with the
    /// figures replaced (timings differ from run to run).
    static func maskingTimes(_ text: String) -> String {
        text.replacing(/Run Time: real \d+\.\d{3} user \d+\.\d{6} sys \d+\.\d{6}/, with: "Run Time: <masked>")
    }
}
