import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal behind standard output: whether there is one, its size,
/// and a full-screen session that follows resizes.
///
/// ```swift
/// if let session = TerminalSession.start() {
///     let list = TerminalList(size: session.size, title: "photos", output: session.write)
///     session.onResize = { list.resize(to: $0) }
///     …
///     session.end()
/// }
/// ```
@MainActor
public final class TerminalSession {
    /// The size of the terminal now.
    public private(set) var size: TerminalSize
    /// Called on the main actor when the terminal is resized (`SIGWINCH`).
    public var onResize: ((TerminalSize) -> Void)?
    /// Called on the main actor for each key typed, when standard input is
    /// the terminal too (read in raw mode; Ctrl-C still interrupts).
    public var onKey: ((TerminalKey) -> Void)?

    private let fileDescriptor: Int32
    private var resizeSource: DispatchSourceSignal?
    private var keySource: DispatchSourceRead?
    private var savedInputMode: termios?

    /// Starts a full-screen session (alternate screen, hidden cursor) when
    /// `fileDescriptor` is a terminal.
    ///
    /// - Parameter fileDescriptor: The output, standard output by default.
    /// - Returns: The session, or nil when the output is not a terminal
    ///   (print plain lines instead, see `LineListConsumer`).
    public static func start(fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalSession? {
        guard isatty(fileDescriptor) != 0, let size = Self.size(of: fileDescriptor) else { return nil }
        return TerminalSession(fileDescriptor: fileDescriptor, size: size)
    }

    private init(fileDescriptor: Int32, size: TerminalSize) {
        self.fileDescriptor = fileDescriptor
        self.size = size
        write("\u{1B}[?1049h\u{1B}[?25l")
        signal(SIGWINCH, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.terminalDidResize() }
        }
        source.resume()
        resizeSource = source
        readKeys()
    }

    /// Reads standard input in raw mode (no echo, no line buffering, but
    /// signals kept) when it is a terminal and this process is its
    /// foreground job: a background job (`plume watch … &`, or one started
    /// by `timeout`) that changed the terminal's mode would be stopped by
    /// `SIGTTOU`, and the keys belong to the foreground job anyway.
    private func readKeys() {
        guard isatty(STDIN_FILENO) != 0, tcgetpgrp(STDIN_FILENO) == getpgrp() else { return }
        var mode = termios()
        guard tcgetattr(STDIN_FILENO, &mode) == 0 else { return }
        savedInputMode = mode
        mode.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &mode)
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            guard count > 0 else { return }
            MainActor.assumeIsolated {
                for key in TerminalKey.parse(Array(buffer[..<count])) { self?.onKey?(key) }
            }
        }
        source.resume()
        keySource = source
    }

    /// The size of the terminal behind a file descriptor (`TIOCGWINSZ`), or
    /// nil when it is not a terminal.
    ///
    /// A terminal whose size was never set reports 0 × 0 (a new
    /// pseudo-terminal, `script` without a size, some CI runners): each
    /// dimension it does not report comes from `LINES` and `COLUMNS`, or
    /// is 24 × 80, as curses does.
    public static func size(of fileDescriptor: Int32) -> TerminalSize? {
        var window = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
        return TerminalSize(reportedRows: Int(window.ws_row), reportedColumns: Int(window.ws_col),
                            environment: ProcessInfo.processInfo.environment)
    }

    /// Writes text to the terminal at once (no buffering).
    public func write(_ text: String) {
        Self.write(text, to: fileDescriptor)
    }

    /// Writes text to a file descriptor at once, with `write(2)`, retrying
    /// after interruptions.
    ///
    /// - Returns: False when the descriptor is closed (a pipe whose reader
    ///   left). `SIGPIPE` is left as it is: a program that wants that to be
    ///   false rather than fatal ignores the signal itself, as `plume` does.
    @discardableResult
    public nonisolated static func write(_ text: String, to fileDescriptor: Int32) -> Bool {
        Array(text.utf8).withUnsafeBytes { write(bytes: $0, to: fileDescriptor) }
    }

    /// Writes bytes to a file descriptor with `write(2)` until all are
    /// written, retrying after interruptions. `SIGPIPE` is left as it is.
    ///
    /// - Returns: False when a write fails (a closed descriptor).
    @discardableResult
    package nonisolated static func write(bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Leaves the full-screen session: shows the cursor and the screen as
    /// it was before.
    public func end() {
        resizeSource?.cancel()
        resizeSource = nil
        keySource?.cancel()
        keySource = nil
        if var mode = savedInputMode {
            tcsetattr(STDIN_FILENO, TCSANOW, &mode)
            savedInputMode = nil
        }
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    }

    private func terminalDidResize() {
        guard let newSize = Self.size(of: fileDescriptor), newSize != size else { return }
        size = newSize
        onResize?(newSize)
    }
}
