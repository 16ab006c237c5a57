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
        let process = Process()
        process.executableURL = executable
        let script = "BEGIN;\n\(sql);\nCOMMIT;\n"
        process.arguments = usesStandardInput ? arguments : arguments + [script]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        if usesStandardInput { input.fileHandleForWriting.write(Data(script.utf8)) }
        try input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw WatchError("\(executable.lastPathComponent) failed (\(process.terminationStatus)): \(String(decoding: message, as: UTF8.self))")
        }
    }
}
