import Foundation
import Testing
@testable import PlumeCLI

/// The demo's second process, started with posix_spawn rather than
/// Foundation's `Process`: input delivered, output discarded, errors and
/// exit status returned, and a program that stops reading early does not
/// take `plume` down with SIGPIPE.
@Suite struct ChildProcessTests {
    @Test func deliversTheInputAndCollectsStandardErrorButNotStandardOutput() throws {
        let result = try ChildProcess.run("/bin/sh", arguments: ["-c", "echo out; cat >&2; echo done >&2"],
                                          input: Array("line 1\nline 2\n".utf8))
        #expect(result.status == 0)
        #expect(String(decoding: result.standardError, as: UTF8.self) == "line 1\nline 2\ndone\n")
    }

    @Test func returnsTheExitStatus() throws {
        #expect(try ChildProcess.run("/bin/sh", arguments: ["-c", "exit 3"], input: []).status == 3)
        #expect(try ChildProcess.run("/bin/sh", arguments: ["-c", "kill -KILL $$"], input: []).status == 128 + SIGKILL)
    }

    @Test func aProgramThatReadsNothingDoesNotKillTheCaller() throws {
        let megabyte = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        let result = try ChildProcess.run("/bin/sh", arguments: ["-c", "echo refused >&2; exit 1"], input: megabyte)
        #expect(result.status == 1)
        #expect(String(decoding: result.standardError, as: UTF8.self) == "refused\n")
    }

    @Test func aMissingProgramIsAnErrorNamingIt() {
        #expect(throws: ChildProcess.LaunchError.self) {
            try ChildProcess.run("/nonexistent/plume-writer", arguments: [], input: [])
        }
        do {
            _ = try ChildProcess.run("/nonexistent/plume-writer", arguments: [], input: [])
        } catch {
            #expect("\(error)".contains("/nonexistent/plume-writer"))
        }
    }
}
