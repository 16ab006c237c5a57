import Persistence

/// `.read`, `.exit` and `.quit`: more input from a file or a command, and
/// the end of input.
extension Shell {
    static let readAndExitDotCommands: [DotCommand] = [
        DotCommand(name: "exit", minimumLength: 2, usage: ".exit ?CODE?", summary: "Exit this program with return-code CODE") {
            $0.exit($1)
        },
        DotCommand(name: "quit", minimumLength: 1, usage: ".quit", summary: "Exit this program") { _, _ in .quit },
        DotCommand(name: "read", minimumLength: 3, usage: ".read FILE", summary: "Read input from FILE or command output",
                   details: "    If FILE begins with \"|\", it is a command that generates the input.\n") {
            $0.read($1)
        },
    ]

    /// `.exit ?CODE?`: stops reading input; the shell ends with CODE.
    private func exit(_ command: DotCommandLine) -> DotCommandResult {
        if command.arguments.count > 1, let code = DotCommandLine.integerValue(command.arguments[1]), code != 0 {
            exitCode = Int32(truncatingIfNeeded: code)
        }
        return .quit
    }

    /// `.read FILE` or `.read |COMMAND`: runs the input of a file or of a
    /// command's output, as if typed here.
    private func read(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .read in safe mode")
        guard command.arguments.count == 2 else { return usageError(".read FILE") }
        let path = command.string(1)
        let shellCommand = path.hasPrefix("|") ? String(path.dropFirst()) : nil
        let source: FileLineSource
        if let shellCommand {
            guard let pipe = FileLineSource(command: shellCommand) else {
                printError("Error: cannot open \"\(shellCommand)\"")
                return .failed
            }
            source = pipe
        } else {
            do {
                source = try FileLineSource(path: path)
            } catch {
                // A directory: sqlite3's own words (its fgets fails there).
                let isDirectory = error.reason == .notRegular(.directory)
                printError(error.isOpenFailure || isDirectory ? "Error: cannot open \"\(path)\"" : "Error: \(error)")
                return .failed
            }
        }
        let savedLine = lineNumber
        defer { lineNumber = savedLine }
        let failed = processInput(source)
        if exitCode != nil { return .quit } // `.exit N` in the file ends the shell
        return failed ? .failed : .succeeded
    }
}
