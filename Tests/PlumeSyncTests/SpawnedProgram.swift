import Foundation

/// Runs a program to its end with `posix_spawn` and `waitpid`, its output
/// in a file: for the PostgreSQL fixture, whose `pg_ctl start` leaves a
/// server running that inherits nothing of the test process, and whose
/// exit must be seen however busy the test process's dispatch queues are
/// (Foundation's `Process` learns of an exit on one of them, and with
/// many suites starting clusters at once it did not in time).
enum SpawnedProgram {
    struct Result {
        var status: Int32
        var output: String
    }

    /// Runs `path` with `arguments`; standard input is `/dev/null`.
    static func run(_ path: String, _ arguments: [String]) throws -> Result {
        let outputPath = NSTemporaryDirectory() + "plume-spawn-\(UUID().uuidString)"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw SpawnFailure(message: "cannot start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw SpawnFailure(message: "waitpid(\(path)): \(String(cString: strerror(errno)))") }
        }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED/WEXITSTATUS: the low 7 bits are the signal, 0 on exit.
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus, output: output)
    }
}

struct SpawnFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
