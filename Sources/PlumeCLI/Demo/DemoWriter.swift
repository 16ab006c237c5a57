import Foundation
import Persistence

/// The second process of the demo: the `sqlite3` shell when the machine
/// has one, `plume` itself otherwise.
struct DemoWriter: Sendable {
    let executable: URL
    let arguments: [String]
    let usesStandardInput: Bool

    /// Finds the writer for a database.
    static func find(database path: String) -> DemoWriter {
        let candidates = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
        if let shell = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) {
            return DemoWriter(executable: URL(fileURLWithPath: shell), arguments: ["-bail", "-cmd", ".timeout 10000", path],
                              usesStandardInput: true)
        }
        let plume = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let executable = FileManager.default.isExecutableFile(atPath: plume.path) ? plume : URL(fileURLWithPath: CommandLine.arguments[0])
        return DemoWriter(executable: executable, arguments: ["demo", "--database", path, "--execute"], usesStandardInput: false)
    }

    var description: String {
        usesStandardInput ? "the sqlite3 shell (\(executable.path))" : "plume itself (\(executable.path))"
    }

    /// Runs `sql` in one transaction in the other process and waits for it.
    ///
    /// - Throws: ``WatchError`` when the process fails.
    func run(_ sql: String) throws {
        let script = "BEGIN;\n\(sql);\nCOMMIT;\n"
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable.path, arguments: usesStandardInput ? arguments : arguments + [script],
                                          input: usesStandardInput ? Array(script.utf8) : [])
        } catch {
            throw WatchError("\(error)")
        }
        guard result.status == 0 else {
            throw WatchError("\(executable.lastPathComponent) failed (\(result.status)): \(String(decoding: result.standardError, as: UTF8.self))")
        }
    }
}
