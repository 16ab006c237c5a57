#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A program run to its end with `posix_spawn`: standard input from a
/// text, standard output discarded, standard error collected (Foundation's
/// `Process` would link all of Foundation into `plume`).
struct ChildProcess {
    /// How the program ended.
    struct Result {
        /// The exit status, or 128 plus the signal that ended it.
        let status: Int32
        /// What it wrote to standard error.
        let standardError: [UInt8]
    }

    /// Why the program could not be run.
    struct LaunchError: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `executable` with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - executable: The program's path.
    ///   - arguments: Its arguments, without its name.
    ///   - input: What it reads on standard input (then end of file).
    /// - Throws: ``LaunchError`` when a pipe cannot be made or the program
    ///   cannot be started.
    static func run(_ executable: String, arguments: [String], input: [UInt8]) throws -> Result {
        var inputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard pipe(&inputPipe) == 0 else { throw LaunchError(description: "cannot make a pipe: \(errorText())") }
        guard pipe(&errorPipe) == 0 else {
            close(inputPipe[0]); close(inputPipe[1])
            throw LaunchError(description: "cannot make a pipe: \(errorText())")
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        for descriptor in inputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(inputPipe[0])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(inputPipe[1]); close(errorPipe[0])
            throw LaunchError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        writeAll(input, to: inputPipe[1])
        close(inputPipe[1])
        let errors = readAll(from: errorPipe[0])
        close(errorPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7f
        return Result(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, standardError: errors)
    }

    /// Writes every byte, or stops at the first failure (the program
    /// stopped reading: its standard error says why). SIGPIPE is blocked on
    /// this thread meanwhile, and one it raised is taken, so that a program
    /// that exits early ends with its own error rather than `plume`'s death.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var written = 0
        var brokenPipe = false
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count > 0 { written += count } else if count < 0, errno == EINTR { continue } else {
                    brokenPipe = errno == EPIPE
                    break
                }
            }
        }
        if brokenPipe, sigismember(&previous, SIGPIPE) == 0 {
            var timeout = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &timeout)
        }
    }

    /// Reads until end of file.
    private static func readAll(from descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { bytes += chunk[..<count] } else if count < 0, errno == EINTR { continue } else { break }
        }
        return bytes
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
