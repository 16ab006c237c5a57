import Foundation

/// Runs programs for the sync workloads with `posix_spawn` (copied from
/// the sync tests' fixture: Foundation's `Process` may miss an exit while
/// the process is busy, and a `pg_ctl start` must not inherit the
/// process's sockets).
enum SyncSpawn {
    struct Result {
        var status: Int32
        var output: String
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs `path` with `arguments` to its end; standard input is
    /// `/dev/null`, standard output and error are returned.
    static func run(_ path: String, _ arguments: [String]) throws -> Result {
        let outputPath = NSTemporaryDirectory() + "plume-bench-spawn-\(UUID().uuidString)"
        defer { unlink(outputPath) }
        let pid = try start(path, arguments, output: outputPath)
        let status = try wait(pid, path)
        return Result(status: status, output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }

    /// Starts `path` with `arguments`, its standard output and error in
    /// the file `output`, and returns its process id.
    static func start(_ path: String, _ arguments: [String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeInheritedDescriptors(&actions)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(message: "cannot start \(path): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// Waits for `pid` to end and returns its exit status (128 + the
    /// signal when a signal ended it).
    static func wait(_ pid: pid_t, _ what: String) throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(message: "waitpid(\(what)): \(String(cString: strerror(errno)))") }
        }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Closes every descriptor above 2 in the child (NIO's sockets are not
    /// close-on-exec).
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
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
}
