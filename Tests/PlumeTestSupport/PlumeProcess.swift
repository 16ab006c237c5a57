import Foundation
import Testing

/// What a finished process printed and how it exited.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// The bytes behind `stdout` and `stderr`, which replace bytes that are
    /// not UTF-8.
    public var stdoutBytes = Data()
    public var stderrBytes = Data()

    public init(status: Int32, stdout: String, stderr: String, stdoutBytes: Data = Data(), stderrBytes: Data = Data()) {
        (self.status, self.stdout, self.stderr) = (status, stdout, stderr)
        (self.stdoutBytes, self.stderrBytes) = (stdoutBytes, stderrBytes)
    }
}

/// Runs the built `plume` binary (or another program) the way a user would.
public enum PlumeProcess {
    /// The `plume` executable built next to the test bundle.
    public static var plumeURL: URL {
        get throws { try builtExecutable("plume") }
    }

    /// An executable of the package built next to the test bundle.
    public static func builtExecutable(_ name: String) throws -> URL {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ].compactMap { $0 }
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw ProcessFailure(message: "the \(name) binary was not found next to the tests (looked in \(candidates.map(\.path)))")
    }

    /// Runs `plume` with arguments and optional standard input, waits, and
    /// returns what it printed.
    public static func plume(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                      currentDirectory: URL? = nil, timeout: Duration = .seconds(60)) throws -> ProcessResult {
        try run(plumeURL, arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory, timeout: timeout)
    }

    /// Runs `sqlite3` (the oracle) with arguments and standard input.
    public static func sqlite3(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try run(URL(fileURLWithPath: "/usr/bin/sqlite3"), arguments, stdin: stdin)
    }

    /// Runs any executable and waits for it.
    public static func run(_ executable: URL, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    currentDirectory: URL? = nil, timeout: Duration = .seconds(60)) throws -> ProcessResult {
        try run(executable, arguments, input: stdin.map { Data($0.utf8) }, environment: environment,
                currentDirectory: currentDirectory, timeout: timeout)
    }

    /// Runs any executable with raw bytes on standard input and waits for it.
    public static func run(_ executable: URL, _ arguments: [String], input stdin: Data?, environment: [String: String] = [:],
                    currentDirectory: URL? = nil, timeout: Duration = .seconds(60)) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // Read both pipes concurrently so a chatty child never blocks on a full pipe.
        let outData = PipeCollector(output.fileHandleForReading)
        let errData = PipeCollector(errors.fileHandleForReading)
        try process.run()
        if let stdin { writeIgnoringClosedPipe(stdin, to: input.fileHandleForWriting) }
        try? input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                throw ProcessFailure(message: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) did not finish within \(timeout)")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        process.waitUntilExit()
        let out = outData.finish(), err = errData.finish()
        return ProcessResult(status: process.terminationStatus,
                             stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                             stdoutBytes: out, stderrBytes: err)
    }

    /// Writes a child's standard input. A child that exits without reading
    /// it (`plume -version`, a script that fails at once) closes the pipe:
    /// the write then fails, instead of raising `SIGPIPE`, which would end
    /// the whole test process. `SIGPIPE` is blocked on this thread only
    /// while writing, and one the write raised is taken, so the children
    /// and the rest of the process keep the signal's default.
    private static func writeIgnoringClosedPipe(_ data: Data, to handle: FileHandle) {
        var pipeSignal = sigset_t(), previousMask = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                // Pending on this thread, so this returns at once.
                var taken: Int32 = 0
                sigwait(&pipeSignal, &taken)
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(handle.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// Drains a pipe on a background thread.
public final class PipeCollector: @unchecked Sendable {
    // Safe: `data` is written by the reading thread only, and read after
    // `done` is signalled.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    /// Everything the pipe carried, once it closed; any number of calls
    /// (the semaphore is signalled again for the next).
    public func finish() -> Data {
        done.wait()
        defer { done.signal() }
        return data
    }
}

public struct ProcessFailure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
}

/// A temporary directory removed when the test ends.
public struct TemporaryDirectory: ~Copyable {
    public let url: URL
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("plume-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}
