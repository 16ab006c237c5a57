import Persistence

/// How a dot-command ended.
package enum DotCommandResult {
    case succeeded
    case failed
    /// `.quit`, `.exit`: stop reading input.
    case quit
}

/// A dot-command the shell knows: its name, its `.help` text and its
/// code. Each family of commands declares its own in
/// `DotCommands/FAMILY.swift`, beside their code; the program embedding
/// the shell adds its own through ``ShellHost``.
package struct DotCommand: Sendable {
    /// The name without the dot.
    package var name: String
    /// The shortest prefix that selects the command.
    package var minimumLength: Int
    /// `.mode MODE ?OPTIONS?`, for `.help`.
    package var usage: String
    /// One line for `.help`.
    package var summary: String
    /// More lines for `.help NAME`.
    package var details: String
    /// Whether `.help` lists it (aliases are not listed).
    package var isListed: Bool
    /// Runs the command on the shell with its arguments.
    package var run: @Sendable (Shell, DotCommandLine) -> DotCommandResult

    package init(name: String, minimumLength: Int, usage: String, summary: String, details: String = "",
                 isListed: Bool = true, run: @escaping @Sendable (Shell, DotCommandLine) -> DotCommandResult) {
        (self.name, self.minimumLength, self.usage, self.summary) = (name, minimumLength, usage, summary)
        (self.details, self.isListed, self.run) = (details, isListed, run)
    }
}

extension Shell {
    /// The dot-commands of `sqlite3` the shell has. Each group of commands
    /// lives in its own file and joins here.
    static let builtInDotCommands: [DotCommand] = coreDotCommands + backupDotCommands + adminDotCommands + versionDotCommands
        + outputDotCommands + importDotCommands + queryPlanDotCommands + parameterDotCommands
        + fullSchemaDotCommands + connectionDotCommands + traceDotCommands

    /// The built-in dot-commands and the host's, sorted by name: names are
    /// matched in that order (as sqlite3's chain of tests does), each down
    /// to its `minimumLength`.
    static func dotCommands(adding hostCommands: [DotCommand]) -> [DotCommand] {
        (builtInDotCommands + hostCommands).sorted { $0.name < $1.name }
    }

    /// The dot-commands of this file.
    static let coreDotCommands: [DotCommand] = [
        DotCommand(name: "bail", minimumLength: 3, usage: ".bail on|off", summary: "Stop after hitting an error.  Default OFF") {
            $0.toggle($1, usage: ".bail on|off") { shell, value in shell.bail = value }
        },
        DotCommand(name: "changes", minimumLength: 3, usage: ".changes on|off", summary: "Show number of rows changed by SQL") {
            $0.toggle($1, usage: ".changes on|off") { shell, value in shell.countChanges = value }
        },
        DotCommand(name: "dump", minimumLength: 1, usage: ".dump ?OBJECTS?", summary: "Render database content as SQL",
                   details: Shell.dumpHelp) {
            $0.dump($1)
        },
        DotCommand(name: "echo", minimumLength: 1, usage: ".echo on|off", summary: "Turn command echo on or off") {
            $0.toggle($1, usage: ".echo on|off") { shell, value in shell.echo = value }
        },
        DotCommand(name: "exit", minimumLength: 2, usage: ".exit ?CODE?", summary: "Exit this program with return-code CODE") {
            $0.exit($1)
        },
        DotCommand(name: "headers", minimumLength: 2, usage: ".headers on|off", summary: "Turn display of headers on or off") {
            $0.toggle($1, usage: ".headers on|off") { shell, value in
                shell.settings.showHeader = value
                shell.settings.headerWasSet = true
            }
        },
        DotCommand(name: "help", minimumLength: 1, usage: ".help ?-all? ?PATTERN?", summary: "Show help text for PATTERN") {
            $0.help($1)
        },
        DotCommand(name: "indexes", minimumLength: 2, usage: ".indexes ?TABLE?", summary: "Show names of indexes",
                   details: Shell.indexesHelp) {
            $0.listSchemaNames($1, indexes: true)
        },
        DotCommand(name: "indices", minimumLength: 4, usage: ".indices ?TABLE?", summary: "Same as .indexes", isListed: false) {
            $0.listSchemaNames($1, indexes: true)
        },
        DotCommand(name: "mode", minimumLength: 2, usage: ".mode MODE ?OPTIONS?", summary: "Set output mode",
                   details: Shell.modeHelp) {
            $0.setMode($1)
        },
        DotCommand(name: "nullvalue", minimumLength: 1, usage: ".nullvalue STRING", summary: "Use STRING in place of NULL values") {
            $0.setNullValue($1)
        },
        DotCommand(name: "open", minimumLength: 1, usage: ".open ?OPTIONS? ?FILE?",
                   summary: "Close existing database and reopen FILE", details: Shell.openHelp) {
            $0.open($1)
        },
        DotCommand(name: "print", minimumLength: 3, usage: ".print STRING...", summary: "Print literal STRING") {
            $0.printArguments($1)
        },
        DotCommand(name: "quit", minimumLength: 1, usage: ".quit", summary: "Exit this program") { _, _ in .quit },
        DotCommand(name: "read", minimumLength: 3, usage: ".read FILE", summary: "Read input from FILE or command output",
                   details: "    If FILE begins with \"|\", it is a command that generates the input.\n") {
            $0.read($1)
        },
        DotCommand(name: "schema", minimumLength: 2, usage: ".schema ?PATTERN?",
                   summary: "Show the CREATE statements matching PATTERN", details: Shell.schemaHelp) {
            $0.schema($1)
        },
        DotCommand(name: "separator", minimumLength: 2, usage: ".separator COL ?ROW?",
                   summary: "Change the column and row separators") {
            $0.setSeparators($1)
        },
        DotCommand(name: "show", minimumLength: 2, usage: ".show", summary: "Show the current values for various settings") {
            $0.show($1)
        },
        DotCommand(name: "tables", minimumLength: 2, usage: ".tables ?TABLE?",
                   summary: "List names of tables matching LIKE pattern TABLE") {
            $0.listSchemaNames($1, indexes: false)
        },
        DotCommand(name: "timer", minimumLength: 5, usage: ".timer on|off", summary: "Turn SQL timer on or off") {
            $0.toggle($1, usage: ".timer on|off") { shell, value in shell.timer = value }
        },
        DotCommand(name: "width", minimumLength: 1, usage: ".width NUM1 NUM2 ...",
                   summary: "Set minimum column widths for columnar output", details: "     Negative values right-justify\n") {
            $0.setWidths($1)
        },
    ]

    /// Runs one dot-command line.
    func runDotCommand(_ line: [UInt8]) -> DotCommandResult {
        let command = DotCommandLine(line)
        guard !command.arguments.isEmpty else { return .succeeded }
        admin.expert = nil // a dot-command cancels a pending .expert
        let name = command.name
        clearTemporaryFile()
        defer { finishDotCommandOutput() }
        guard let match = dotCommands.first(where: { $0.name.hasPrefix(name) && name.count >= $0.minimumLength }) else {
            printError("Error: unknown command or invalid arguments:  \"\(name)\". Enter \".help\" for help")
            endSafeModeSuspension()
            return .failed
        }
        let result = match.run(self, command)
        if match.name != "nonce" || result != .succeeded { endSafeModeSuspension() }
        return result
    }

    /// `.bail`, `.echo` and other on/off commands.
    func toggle(_ command: DotCommandLine, usage: String, _ apply: (Shell, Bool) -> Void) -> DotCommandResult {
        guard command.arguments.count == 2 else {
            printError("Usage: \(usage)")
            return .failed
        }
        apply(self, DotCommandLine.booleanValue(command.arguments[1]))
        return .succeeded
    }

    private func exit(_ command: DotCommandLine) -> DotCommandResult {
        if command.arguments.count > 1, let code = DotCommandLine.integerValue(command.arguments[1]), code != 0 {
            exitCode = Int32(truncatingIfNeeded: code)
        }
        return .quit
    }

    private func printArguments(_ command: DotCommandLine) -> DotCommandResult {
        output.write(Array(command.arguments.dropFirst().joined(separator: [0x20])))
        output.write("\n")
        return .succeeded
    }

    private func read(_ command: DotCommandLine) -> DotCommandResult {
        failIfSafeMode("cannot run .read in safe mode")
        guard command.arguments.count == 2 else {
            printError("Usage: .read FILE")
            return .failed
        }
        let path = command.string(1)
        let shellCommand = path.hasPrefix("|") ? String(path.dropFirst()) : nil
        guard let source = shellCommand.map({ FileLineSource(command: $0) }) ?? FileLineSource(path: path) else {
            printError("Error: cannot open \"\(shellCommand ?? path)\"")
            return .failed
        }
        let savedLine = lineNumber
        defer { lineNumber = savedLine }
        let failed = processInput(source)
        if exitCode != nil { return .quit } // `.exit N` in the file ends the shell
        return failed ? .failed : .succeeded
    }
}

