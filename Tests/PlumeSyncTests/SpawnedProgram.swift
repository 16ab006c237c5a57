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
        let program = try BackgroundProgram(path, arguments)
        defer { unlink(program.outputPath) }
        let status = try program.wait()
        return Result(status: status, output: program.output)
    }
}

/// A program started with `posix_spawn` that runs while the test goes on
/// (a `plume sync serve`, a `plume sync run`), its standard output and
/// error in a file; it inherits no descriptor of the test process.
final class BackgroundProgram: Sendable {
    let pid: pid_t
    let path: String
    /// Where its standard output and error go.
    let outputPath: String

    init(_ path: String, _ arguments: [String]) throws {
        self.path = path
        outputPath = NSTemporaryDirectory() + "plume-spawn-\(UUID().uuidString)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeInheritedDescriptors(&actions)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw SpawnFailure(message: "cannot start \(path): \(String(cString: strerror(spawned)))") }
        self.pid = pid
    }

    /// What it wrote so far.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Sends `signal` (`SIGKILL`: killed mid-write, as `kill -9` does).
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits until it exits; returns its exit status (128 + the signal
    /// when a signal ended it).
    @discardableResult
    func wait() throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw SpawnFailure(message: "waitpid(\(path)): \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED/WEXITSTATUS: the low 7 bits are the signal, 0 on exit.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

/// Closes every descriptor above 2 in the child: `pg_ctl start` leaves a
/// PostgreSQL running that would otherwise hold this process's sockets
/// open (NIO's are not close-on-exec), so that a server closing a
/// connection would not end it and its graceful shutdown would wait
/// forever. glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`
/// (not in Swift's Glibc module: found at run time) closes them all
/// atomically; without it, the descriptors open now are closed one by one.
private func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
        let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
        if closeFrom(&actions, 3) == 0 { return }
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
        posix_spawn_file_actions_addclose(&actions, descriptor)
    }
}

struct SpawnFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
