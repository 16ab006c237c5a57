import Foundation

/// The outcome of a finished process: its status and its output and error
/// output together.
struct ProcessRun {
    /// The exit status.
    var status: Int32
    /// Standard output and standard error, interleaved.
    var output: String

    /// Runs `executable` with `arguments` in `directory` and waits for it.
    static func run(_ executable: String, _ arguments: [String], in directory: URL) throws -> ProcessRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The path of `swift`: the toolchain running these tests, else `PATH`'s.
    static var swiftExecutable: String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/swift"
    }
}
