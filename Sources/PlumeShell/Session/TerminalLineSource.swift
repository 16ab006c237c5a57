import CReadline
import CSQLite
import Foundation
import Persistence
import PlumeTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The line readline hands to its callback. Readline's callback interface
// calls a C function with no context pointer.
// Safe: readline and its callbacks run on the main thread only.
nonisolated(unsafe) private var terminalReceivedLine: [UInt8]?
nonisolated(unsafe) private var terminalLineIsComplete = false
nonisolated(unsafe) private var terminalReachedEnd = false

/// Lines typed on a terminal, read with GNU readline (or libedit): line
/// editing, history saved in `~/.plume_history` (one entry per complete
/// statement), tab completion, a continuation prompt for multi-line
/// statements, and Ctrl-C to drop the pending statement.
final class TerminalLineSource: LineSource {
    private unowned let shell: Shell
    private let historyFile: String
    private var schemaVersion: Int64 = -1
    static let prompt = "plume> "
    static let continuationPrompt = "  ...> "

    var isInteractive: Bool { true }

    init(shell: Shell) {
        self.shell = shell
        let home = ProcessInfo.processInfo.environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        historyFile = home.isEmpty ? ".plume_history" : home.hasSuffix("/") ? home + ".plume_history" : home + "/.plume_history"
        ReadlineGlobals.setApplicationName("plume")
        ReadlineGlobals.setInt("rl_catch_signals", 0)
        SQLCompletion.install(commands: shell.dotCommands)
        loadHistory()
    }

    func readLine(continuation: Bool) -> LineInput {
        refreshCompletionIfSchemaChanged()
        terminalReceivedLine = nil
        terminalLineIsComplete = false
        terminalReachedEnd = false
        let custom = continuation ? shell.diagnostics.continuationPrompt : shell.diagnostics.mainPrompt
        let prompt = custom ?? Array((continuation ? Self.continuationPrompt : Self.prompt).utf8)
        rl_callback_handler_install(prompt.cPath) { line in
            if let line {
                terminalReceivedLine = Array(String(cString: line).utf8)
                free(line)
            } else {
                terminalReachedEnd = true
            }
            terminalLineIsComplete = true
            rl_callback_handler_remove()
        }
        let wakeUp = shell.interrupts?.wakeUpDescriptor ?? -1
        while !terminalLineIsComplete {
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, wakeUp >= 0 ? 2 : 1, -1)
            if ready < 0 && errno != EINTR { return .end }
            if shell.interrupts?.drain() == true {
                _ = shell.interrupts?.takeInterrupt()
                echoInterrupt()
                return .interrupted
            }
            if ready > 0 && descriptors[0].revents != 0 { rl_callback_read_char() }
        }
        if terminalReachedEnd { return .end }
        return .line(terminalReceivedLine ?? [])
    }

    /// Ctrl-C: `^C` after the typed text (where readline echoes it for
    /// `sqlite3`), then the line and the pending statement are dropped and
    /// the next prompt starts on a new line. Readline leaves the terminal
    /// with a carriage return, so `^C` goes out before it.
    private func echoInterrupt() {
        ReadlineGlobals.setInt("rl_point", ReadlineGlobals.int("rl_end"))
        rl_redisplay()
        _ = write(STDOUT_FILENO, "^C", 2)
        #if os(Linux) // GNU readline; libedit has neither call
        rl_free_line_state()
        rl_callback_sigcleanup()
        #endif
        rl_callback_handler_remove()
        _ = write(STDOUT_FILENO, "\n", 1)
    }

    func addToHistory(_ entry: [UInt8]) {
        guard !entry.isEmpty else { return }
        let text = String(decoding: entry, as: UTF8.self)
        if let last = history_get(ReadlineGlobals.int("history_base") + ReadlineGlobals.int("history_length") - 1), String(cString: last.pointee.line) == text { return }
        add_history(text)
    }

    private func refreshCompletionIfSchemaChanged() {
        var version: Int64 = -1
        shell.withoutTracing { shell.forEachRow("PRAGMA schema_version") { version = sqlite3_column_int64($0, 0) } }
        guard version != schemaVersion else { return }
        schemaVersion = version
        SQLCompletion.updateSchema(shell.completionSchema())
    }

    // MARK: - History file

    /// Entries are stored one per line, with `\` and newlines escaped, so
    /// that a multi-line statement stays one entry across sessions.
    private func loadHistory() {
        // FileBytes: the history file is often empty, which Foundation's
        // readers leak 4 KB for on Linux; and a history file that is a
        // FIFO or a device (or over the size limit) is not read.
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.readRegularFile(atPath: historyFile)
        } catch {
            if !error.isOpenFailure { StandardStreams.writeError("-- warning: history not read: \(error)\n") }
            return
        }
        guard let contents = String(validating: bytes, as: UTF8.self) else { return }
        for line in contents.split(separator: "\n", omittingEmptySubsequences: true) {
            add_history(Self.unescape(String(line)))
        }
    }

    /// Writes the last 1000 entries to `~/.plume_history`.
    func saveHistory() {
        var entries: [String] = []
        let length = Int(ReadlineGlobals.int("history_length")), base = ReadlineGlobals.int("history_base")
        for offset in max(0, length - 1000)..<length {
            if let entry = history_get(base + Int32(offset)) {
                entries.append(Self.escape(String(cString: entry.pointee.line)))
            }
        }
        try? (entries.joined(separator: "\n") + "\n").write(toFile: historyFile, atomically: true, encoding: .utf8)
    }

    static func escape(_ entry: String) -> String {
        entry.replacingEvery("\\", with: "\\\\").replacingEvery("\n", with: "\\n")
    }

    static func unescape(_ line: String) -> String {
        var result = ""
        var escaping = false
        for character in line {
            if escaping {
                result.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
