import Foundation
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
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    var isInteractive: Bool { false }

    /// Reads standard input.
    init() {
        file = fdopen(STDIN_FILENO, "rb")
        ownsFile = false
    }

    /// Opens a file; nil when it cannot be opened.
    init?(path: String) {
        guard let file = fopen(path, "rb") else { return nil }
        self.file = file
        ownsFile = true
    }

    deinit {
        free(buffer)
        if ownsFile { fclose(file) }
    }

    func readLine(continuation: Bool) -> LineInput {
        let length = getline(&buffer, &capacity, file)
        guard length >= 0, let buffer else { return .end }
        var bytes = Array(UnsafeRawBufferPointer(start: buffer, count: length))
        if bytes.last == 0x0A {
            bytes.removeLast()
            if bytes.last == 0x0D { bytes.removeLast() }
        }
        // The shell reads lines as C strings: a NUL byte ends the line.
        if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
        return .line(bytes)
    }

    func addToHistory(_ entry: [UInt8]) {}
}
