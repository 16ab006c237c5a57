import CSQLite

/// `.help`: every command's usage and summary, or the details of those a
/// pattern selects.
extension Shell {
    static let helpDotCommands: [DotCommand] = [
        DotCommand(name: "help", minimumLength: 1, usage: ".help ?-all? ?PATTERN?", summary: "Show help text for PATTERN") {
            $0.help($1)
        },
    ]

    /// `.help`'s text as `sqlite3`'s `azHelp` array: for each listed
    /// command, its line (usage and summary), then its detail lines.
    static func helpLines(of commands: [DotCommand]) -> [String] {
        commands.filter(\.isListed).flatMap { entry in
            let usage = entry.usage.count < 25 ? entry.usage.paddedWithSpaces(toLength: 25) : entry.usage + " "
            return [usage + entry.summary] + entry.details.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// `.help ?-all? ?PATTERN?`.
    func help(_ command: DotCommandLine) -> DotCommandResult {
        guard command.arguments.count >= 2 else {
            showHelp(nil)
            return .succeeded
        }
        if showHelp(command.arguments[1]) == 0 {
            output.write("Nothing matches '")
            output.write(command.arguments[1].prefix { $0 != 0 })
            output.write("'\n")
        }
        return .succeeded
    }

    /// `sqlite3`'s `showHelp` on the shell's output.
    ///
    /// - Returns: How many lines or commands matched.
    @discardableResult
    func showHelp(_ pattern: [UInt8]?) -> Int {
        let help = helpText(pattern)
        output.write(help.text)
        return help.count
    }

    /// `sqlite3`'s `showHelp`: without a pattern (or with `-all` or one
    /// starting with `0`), every command (with details for `-all`); else the
    /// commands whose line the glob `.PATTERN*` matches, with details when
    /// only one does; else, in full, those with a line LIKE `%PATTERN%`.
    /// (As in `sqlite3`, the last line of the whole text is never shown as
    /// a detail.)
    func helpText(_ pattern: [UInt8]?) -> (text: [UInt8], count: Int) {
        let lines = helpLines
        var text: [UInt8] = []
        func write(_ line: String) { text += Array(line.utf8) + [UInt8(ascii: "\n")] }
        let pattern = pattern.map { Array($0.prefix { $0 != 0 }) }
        let typed = pattern.map { String(decoding: $0, as: UTF8.self) }
        if pattern == nil || pattern?.first == UInt8(ascii: "0") || ["-a", "-all", "--all"].contains(typed) {
            var count = 0
            for line in lines where line.hasPrefix(".") || !(pattern ?? []).isEmpty {
                write(line)
                count += 1
            }
            return (text, count)
        }
        let glob = Array(".".utf8) + pattern! + Array("*".utf8)
        var count = 0, next = 0
        for (index, line) in lines.enumerated() where Shell.matches(glob: glob, line) {
            write(line)
            next = index + 1
            count += 1
        }
        if count > 0 {
            if count == 1 {
                while next < lines.count - 1 && !lines[next].hasPrefix(".") {
                    write(lines[next])
                    next += 1
                }
            }
            return (text, count)
        }
        let like = Array("%".utf8) + pattern! + Array("%".utf8)
        var index = 0, start = 0
        while index < lines.count {
            if lines[index].hasPrefix(".") { start = index }
            if Shell.matches(like: like, lines[index]) {
                write(lines[start])
                while start < lines.count - 1 && !lines[start + 1].hasPrefix(".") {
                    start += 1
                    write(lines[start])
                }
                index = start
                count += 1
            }
            index += 1
        }
        return (text, count)
    }

    /// `sqlite3_strglob(glob, text) == 0`.
    static func matches(glob: [UInt8], _ text: String) -> Bool {
        glob.withCString { sqlite3_strglob($0, text) == 0 }
    }

    /// `sqlite3_strlike(like, text, 0) == 0`.
    static func matches(like: [UInt8], _ text: String, escape: UInt32 = 0) -> Bool {
        like.withCString { sqlite3_strlike($0, text, escape) == 0 }
    }
}
