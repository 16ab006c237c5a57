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
    static let builtInDotCommands: [DotCommand] = [
        // Input, output and settings
        readAndExitDotCommands, settingsDotCommands, outputDotCommands, helpDotCommands, versionDotCommands,
        queryPlanDotCommands, parameterDotCommands, statisticsDotCommands, progressDotCommands, traceDotCommands,
        // The database and its schema
        openDotCommands, schemaDotCommands, fullSchemaDotCommands, databaseInfoDotCommands, lintDotCommands,
        dumpDotCommands, recoverDotCommands, cloneDotCommands, backupDotCommands, importDotCommands,
        archiveDotCommands, expertDotCommands, sha3SumDotCommands, sessionDotCommands,
        // The connection, the library and the process
        connectionSlotDotCommands, limitDotCommands, authorizerDotCommands, fileControlDotCommands, vfsDotCommands,
        logDotCommands, processDotCommands, nonceDotCommands, imposterDotCommands,
        // sqlite3's own tests, and its debug builds
        testcaseDotCommands, selftestDotCommands, testControlDotCommands, debugTraceDotCommands,
    ].flatMap { $0 }

    /// The built-in dot-commands and the host's, sorted by name: names are
    /// matched in that order (as sqlite3's chain of tests does), each down
    /// to its `minimumLength`.
    static func dotCommands(adding hostCommands: [DotCommand]) -> [DotCommand] {
        (builtInDotCommands + hostCommands).sorted { $0.name < $1.name }
    }

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

    /// Prints `Usage: USAGE` as an error, for a command given the wrong
    /// arguments, which fails.
    func usageError(_ usage: String) -> DotCommandResult {
        printError("Usage: \(usage)")
        return .failed
    }

    /// `.bail`, `.echo` and other on/off commands.
    func toggle(_ command: DotCommandLine, usage: String, _ apply: (Shell, Bool) -> Void) -> DotCommandResult {
        guard command.arguments.count == 2 else { return usageError(usage) }
        apply(self, DotCommandLine.booleanValue(command.arguments[1]))
        return .succeeded
    }
}

