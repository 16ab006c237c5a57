import CSQLite
import Foundation
import PlumeTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The dot-commands that act on the process: `.cd`, `.shell`/`.system`
/// and `.load`.
extension Shell {
    static let processDotCommands: [DotCommand] = [
        DotCommand(name: "cd", minimumLength: 2, usage: ".cd DIRECTORY", summary: "Change the working directory to DIRECTORY") {
            $0.changeDirectory($1)
        },
        DotCommand(name: "load", minimumLength: 1, usage: ".load FILE ?ENTRY?", summary: "Load an extension library") {
            $0.loadExtension($1)
        },
        DotCommand(name: "shell", minimumLength: 1, usage: ".shell CMD ARGS...", summary: "Run CMD ARGS... in a system shell") {
            $0.runShellCommand($1)
        },
        DotCommand(name: "system", minimumLength: 2, usage: ".system CMD ARGS...", summary: "Run CMD ARGS... in a system shell") {
            $0.runShellCommand($1)
        },
    ]

    /// `.cd DIRECTORY`.
    private func changeDirectory(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .cd in safe mode")
        guard command.arguments.count == 2 else {
            printError("Usage: .cd DIRECTORY")
            return .failed
        }
        guard command.withCString(1, { chdir($0) }) == 0 else {
            printError(bytes: Array("Cannot change to directory \"".utf8) + command.bytes(1) + [UInt8(ascii: "\"")])
            return .failed
        }
        return .succeeded
    }

    /// `.shell CMD ARGS...` and `.system CMD ARGS...`: the arguments joined
    /// by spaces, those holding a space in double quotes, run by `/bin/sh`.
    private func runShellCommand(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .\(command.text(0)) in safe mode")
        guard command.arguments.count >= 2 else {
            printError("Usage: .system COMMAND")
            return .failed
        }
        var line: [UInt8] = []
        for index in 1..<command.arguments.count {
            let argument = command.bytes(index)
            if index > 1 { line.append(UInt8(ascii: " ")) }
            line += argument.contains(UInt8(ascii: " ")) ? [UInt8(ascii: "\"")] + argument + [UInt8(ascii: "\"")] : argument
        }
        output.flush()
        let status = Shell.runSystemCommand(line)
        if status != 0 { printError("System command returns \(status)") }
        return .succeeded
    }

    /// The C library's `system()`: runs `/bin/sh -c LINE` and returns its
    /// wait status (127 << 8 when the shell cannot run).
    static func runSystemCommand(_ line: [UInt8]) -> Int32 {
        let arguments: [[UInt8]] = [Array("sh".utf8), Array("-c".utf8), line]
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (offset, byte) in bytes.enumerated() { pointer[offset] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
        defer { for pointer in pointers { pointer?.deallocate() } }
        var child: pid_t = 0
        guard posix_spawn(&child, "/bin/sh", nil, nil, &pointers, environ) == 0 else { return 127 << 8 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    /// `.load FILE ?ENTRY?`.
    private func loadExtension(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .load in safe mode")
        guard command.arguments.count >= 2 else {
            printError("Usage: .load FILE ?ENTRYPOINT?")
            return .failed
        }
        let connection = self.connection
        var message: UnsafeMutablePointer<CChar>?
        let code = command.withCString(1) { file in
            command.arguments.count >= 3
                ? command.withCString(2) { sqlite3_load_extension(connection, file, $0, &message) }
                : sqlite3_load_extension(connection, file, nil, &message)
        }
        guard code == SQLITE_OK else {
            printError(bytes: Array("Error: ".utf8) + [UInt8](cString: message))
            sqlite3_free(message)
            return .failed
        }
        return .succeeded
    }
}
