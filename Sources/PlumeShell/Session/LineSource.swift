import Foundation
import Persistence
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What reading one line of input gave.
enum LineInput {
    /// A line, without its line ending.
    case line([UInt8])
    /// Ctrl-C at the prompt: drop the pending statement.
    case interrupted
    /// End of input.
    case end
}

/// Where the shell's input lines come from: a file or pipe, or a terminal
/// with line editing.
protocol LineSource: AnyObject {
    /// Whether the source is a terminal the user types into.
    var isInteractive: Bool { get }
    /// Reads the next line; `continuation` tells a prompt that a statement
    /// is pending.
    func readLine(continuation: Bool) -> LineInput
    /// Records a complete statement or dot-command in the history.
    func addToHistory(_ entry: [UInt8])
}

/// Lines of a file or pipe (`stdin` when not a terminal, `.read FILE`).
final class FileLineSource: LineSource {
    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    private let isPipe: Bool
    /// The buffer `fgets` reads a chunk of a line into.
    private var chunk: [CChar] = []

    var isInteractive: Bool { false }

    /// Reads standard input.
    init() {
        file = fdopen(STDIN_FILENO, "rb")
        ownsFile = false
        isPipe = false
    }

    /// Opens a regular file (``FileBytes/openRegularFileStream(atPath:)``).
    ///
    /// - Throws: ``FileReadError`` when it cannot be opened, is no regular
    ///   file (a FIFO, a device, a directory) or is over the size limit.
    init(path: String) throws(FileReadError) {
        self.file = try FileBytes.openRegularFileStream(atPath: path)
        ownsFile = true
        isPipe = false
    }

    /// Runs a shell command and reads its standard output (`.read |CMD`);
    /// nil when it cannot be started.
    init?(command: String) {
        guard let file = popen(command, "r") else { return nil }
        self.file = file
        ownsFile = true
        isPipe = true
    }

    deinit {
        guard ownsFile else { return }
        if isPipe { pclose(file) } else { fclose(file) }
    }

    /// Reads a line as sqlite3's `local_getline` does: `fgets` into a
    /// buffer of 100 bytes that grows by `2n + 100`, each chunk kept up to
    /// its first NUL byte. So a NUL drops the rest of its chunk, and when
    /// the line's newline was in that chunk, the next line joins this one.
    func readLine(continuation: Bool) -> LineInput {
        var line: [UInt8] = []
        var capacity = 0
        while true {
            if line.count + 100 > capacity {
                capacity = capacity * 2 + 100
                if chunk.count < capacity { chunk = [CChar](repeating: 0, count: capacity) }
            }
            let room = Int32(capacity - line.count)
            let read = chunk.withUnsafeMutableBufferPointer { fgets($0.baseAddress, room, file) != nil }
            guard read else {
                if line.isEmpty { return .end }
                break
            }
            chunk.withUnsafeBufferPointer { buffer in
                let length = strlen(buffer.baseAddress!)
                line += UnsafeRawBufferPointer(start: buffer.baseAddress, count: length)
            }
            if line.last == UInt8(ascii: "\n") {
                line.removeLast()
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                break
            }
        }
        return .line(line)
    }

    func addToHistory(_ entry: [UInt8]) {}
}
