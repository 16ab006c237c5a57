import Foundation
import PlumeTestSupport

/// The outcome of a finished process: its status and its output and error
/// output together.
struct ProcessRun: Sendable {
    /// The exit status.
    var status: Int32
    /// Standard output and standard error, interleaved.
    var output: String

    /// Runs `executable` with `arguments` in `directory` and waits for it;
    /// after `timeout`, kills it (the status then says so).
    static func run(_ executable: String, _ arguments: [String], in directory: URL,
                    timeout: DispatchTimeInterval? = nil) throws -> ProcessRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Cancelled as soon as the output ends (the process exited), so the
        // kill cannot reach a later process given the same pid.
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer) }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        killer.cancel()
        process.waitUntilExit()
        return ProcessRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// `run(_:_:in:timeout:)` on a thread of its own, so that waiting for
    /// the compiler never holds one of the cooperative pool's threads.
    static func awaiting(_ executable: String, _ arguments: [String], in directory: URL,
                         timeout: DispatchTimeInterval? = nil) async throws -> ProcessRun {
        try await onAThreadOfItsOwn { try run(executable, arguments, in: directory, timeout: timeout) }
    }

    /// The path of the `swift` on `PATH` (the toolchain `swift test` runs
    /// from), else `/usr/bin/swift`.
    static var swiftExecutable: String { executable("swift") }

    /// The `swiftc` beside it.
    static var swiftcExecutable: String { executable("swiftc") }

    private static func executable(_ name: String) -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/\(name)"
    }
}
