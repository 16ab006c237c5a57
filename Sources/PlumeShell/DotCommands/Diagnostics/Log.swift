import CSQLite
import PlumeTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `.log` sends SQLite's log (`sqlite3_log`): `sqlite3`'s `shellLog`
/// callback, installed before SQLite initializes, writes `(CODE) MESSAGE`
/// lines there.
enum ShellLog {
    enum Destination {
        /// The shell's standard output, in order with what it prints.
        case standardOutput(OutputBuffer)
        case standardError
        case file(UnsafeMutablePointer<FILE>)
    }

    // SQLite logs from the thread that runs the statement: the shell's.
    nonisolated(unsafe) static var destination: Destination?

    /// Installs the callback (`sqlite3_config` accepts it only before
    /// SQLite initializes).
    static func install() {
        _ = plume_config_log({ _, code, message in
            ShellLog.write(code: code, message: [UInt8](cString: message))
        }, nil)
    }

    private static func write(code: Int32, message: [UInt8]) {
        let line = Array("(\(code)) ".utf8) + message + [UInt8(ascii: "\n")]
        switch destination {
        case nil: break
        case .standardOutput(let output) where output.fileDescriptor == output.standardOutput:
            output.write(line)
            output.flush()
        case .standardOutput(let output):
            let standardOutput = OutputBuffer(fileDescriptor: output.standardOutput)
            standardOutput.write(line)
            standardOutput.flush()
        case .standardError:
            StandardStreams.writeError(line)
        case .file(let file):
            _ = line.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
            fflush(file)
        }
    }

    /// Replaces the destination, closing a file that was one.
    static func replace(with newDestination: Destination?) {
        if case .file(let file) = destination { fclose(file) }
        destination = newDestination
    }
}

extension Shell {
    /// `.log`.
    static let logDotCommands: [DotCommand] = [
        DotCommand(name: "log", minimumLength: 1, usage: ".log FILE|off",
                   summary: "Turn logging on or off.  FILE can be stderr/stdout") { $0.log($1) },
    ]

    /// `.log FILE|stdout|stderr|off`.
    func log(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .log in safe mode")
        guard command.arguments.count == 2 else {
            printError("Usage: .log FILENAME")
            return .failed
        }
        ShellLog.replace(with: nil)
        switch command.bytes(1) {
        case Array("stdout".utf8): ShellLog.replace(with: .standardOutput(output))
        case Array("stderr".utf8): ShellLog.replace(with: .standardError)
        case Array("off".utf8): break
        default:
            if let file = command.withCString(1, { fopen($0, "wb") }) {
                ShellLog.replace(with: .file(file))
            } else {
                printError(bytes: Array("Error: cannot open \"".utf8) + command.bytes(1) + [UInt8(ascii: "\"")])
            }
        }
        return .succeeded
    }
}
