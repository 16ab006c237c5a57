#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error, written unbuffered with `write(2)`:
/// each call leaves at once, so what a program writes to both streams keeps
/// its order. Every command of the `plume` tool and its shell writes there
/// through this type (the shell's results go through its own buffer first).
package enum StandardStreams {
    /// Writes text to standard output. A reader that left ends the process
    /// with `SIGPIPE`, as for any command-line tool, unless the process
    /// ignores that signal (see ``printLineIfOpen(_:)``).
    package static func write(_ text: String) {
        TerminalSession.write(text, to: STDOUT_FILENO)
    }

    /// Writes a line (text and a newline) to standard output.
    package static func print(_ line: String) {
        write(line + "\n")
    }

    /// Writes a line to standard output for a command that outlives its
    /// reader (`plume watch … | head`): the first call makes the process
    /// ignore `SIGPIPE`, so that a reader that left makes the write fail
    /// instead of killing the process, which can then end cleanly.
    ///
    /// - Returns: False when standard output is closed.
    @discardableResult
    package static func printLineIfOpen(_ line: String) -> Bool {
        _ = closedPipesAreErrors
        return TerminalSession.write(line + "\n", to: STDOUT_FILENO)
    }

    /// Writes bytes to standard output as ``printLineIfOpen(_:)`` does
    /// (a long line in pieces, without a newline of its own).
    ///
    /// - Returns: False when standard output is closed.
    package static func writeIfOpen(_ bytes: UnsafeRawBufferPointer) -> Bool {
        _ = closedPipesAreErrors
        return TerminalSession.write(bytes: bytes, to: STDOUT_FILENO)
    }

    private static let closedPipesAreErrors: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Writes bytes (a message, not necessarily UTF-8) to standard error.
    package static func writeError(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = TerminalSession.write(bytes: $0, to: STDERR_FILENO) }
    }

    /// Writes text to standard error.
    package static func writeError(_ text: String) {
        writeError(Array(text.utf8))
    }

    /// Writes a line (text and a newline) to standard error.
    package static func printError(_ line: String) {
        writeError(line + "\n")
    }

    /// Whether standard output is a terminal.
    package static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
