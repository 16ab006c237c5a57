import Foundation
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.testcase NAME` and `.check GLOB`: output goes to `testcase-out.txt`
/// until `.check` compares it with a pattern.
extension Shell {
    /// `.testcase` and `.check`.
    static let testcaseDotCommands: [DotCommand] = [
        DotCommand(name: "check", minimumLength: 3, usage: ".check GLOB",
                   summary: "Fail if output since .testcase does not match") { $0.check($1) },
        DotCommand(name: "testcase", minimumLength: 8, usage: ".testcase NAME",
                   summary: "Begin redirecting output to 'testcase-out.txt'") { $0.testcase($1) },
    ]

    private static let testcaseFile = "testcase-out.txt"

    /// `.testcase ?NAME?`.
    private func testcase(_ command: DotCommandLine) -> DotCommandResult {
        // It writes testcase-out.txt: newer sqlite3 shells refuse it in
        // safe mode.
        failIfSafeMode("cannot run .testcase in safe mode")
        endTestcaseOutput()
        let descriptor = createTruncating(Shell.testcaseFile)
        if descriptor < 0 {
            printError("Error: cannot open '\(Shell.testcaseFile)'")
        } else {
            output.redirect(to: descriptor)
        }
        // sqlite3 keeps the name in 30 bytes.
        admin.testcaseName = command.arguments.count >= 2 ? Array(command.bytes(1).prefix(29)) : Array("?".utf8)
        return .succeeded
    }

    /// Output back to standard output, the file closed (`output_reset`).
    private func endTestcaseOutput() {
        let descriptor = output.fileDescriptor
        output.redirect(to: output.standardOutput)
        if descriptor != output.standardOutput && descriptor != STDERR_FILENO { closeFile(descriptor) }
    }

    /// `.check GLOB`: whether what was printed since `.testcase` matches;
    /// a wrong call stops the input, as `.quit` does.
    func check(_ command: DotCommandLine) -> DotCommandResult {
        endTestcaseOutput()
        guard command.arguments.count == 2 else {
            printError("Usage: .check GLOB-PATTERN")
            return .quit
        }
        // sqlite3's readFile: an empty file cannot be read either.
        guard let contents = FileBytes.read(atPath: Shell.testcaseFile), !contents.isEmpty else {
            printError("Error: cannot read '\(Shell.testcaseFile)'")
            return .quit
        }
        let result = Array(contents.prefix { $0 != 0 })
        let pattern = command.bytes(1)
        guard TestcaseGlob.matches(pattern, result) else {
            var message = Array("testcase-".utf8) + admin.testcaseName
            message += Array(" FAILED\n Expected: [".utf8) + pattern
            message += Array("]\n      Got: [".utf8) + result + [UInt8(ascii: "]")]
            printError(bytes: message)
            return .failed
        }
        output.write(Array("testcase-".utf8) + admin.testcaseName + Array(" ok\n".utf8))
        return .succeeded
    }
}

/// `fopen(path, "wb")`'s file descriptor.
private func createTruncating(_ path: String) -> Int32 { open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666) }

private func closeFile(_ descriptor: Int32) { close(descriptor) }
