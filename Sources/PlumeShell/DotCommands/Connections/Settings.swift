import Foundation

/// The settings `.show` lists, and the commands that change them: `.mode`,
/// `.separator`, `.nullvalue`, `.headers`, `.width`, `.echo`, `.timer`,
/// `.bail`, `.changes`, `.binary` and `.prompt`.
extension Shell {
    static let settingsDotCommands: [DotCommand] = [
        DotCommand(name: "bail", minimumLength: 3, usage: ".bail on|off", summary: "Stop after hitting an error.  Default OFF") {
            $0.toggle($1, usage: ".bail on|off") { shell, value in shell.bail = value }
        },
        DotCommand(name: "binary", minimumLength: 3, usage: ".binary on|off", summary: "Turn binary output on or off.  Default OFF") {
            $0.toggle($1, usage: ".binary on|off") { _, _ in } // no text mode to leave on POSIX systems
        },
        DotCommand(name: "changes", minimumLength: 3, usage: ".changes on|off", summary: "Show number of rows changed by SQL") {
            $0.toggle($1, usage: ".changes on|off") { shell, value in shell.countChanges = value }
        },
        DotCommand(name: "echo", minimumLength: 1, usage: ".echo on|off", summary: "Turn command echo on or off") {
            $0.toggle($1, usage: ".echo on|off") { shell, value in shell.echo = value }
        },
        DotCommand(name: "headers", minimumLength: 2, usage: ".headers on|off", summary: "Turn display of headers on or off") {
            $0.toggle($1, usage: ".headers on|off") { shell, value in
                shell.settings.showHeader = value
                shell.settings.headerWasSet = true
            }
        },
        DotCommand(name: "mode", minimumLength: 2, usage: ".mode MODE ?OPTIONS?", summary: "Set output mode",
                   details: Shell.modeHelp) {
            $0.setMode($1)
        },
        DotCommand(name: "nullvalue", minimumLength: 1, usage: ".nullvalue STRING", summary: "Use STRING in place of NULL values") {
            $0.setNullValue($1)
        },
        DotCommand(name: "prompt", minimumLength: 1, usage: ".prompt MAIN CONTINUE",
                   summary: "Replace the standard prompts") {
            $0.setPrompts($1)
        },
        DotCommand(name: "separator", minimumLength: 2, usage: ".separator COL ?ROW?",
                   summary: "Change the column and row separators") {
            $0.setSeparators($1)
        },
        DotCommand(name: "show", minimumLength: 2, usage: ".show", summary: "Show the current values for various settings") {
            $0.show($1)
        },
        DotCommand(name: "timer", minimumLength: 5, usage: ".timer on|off", summary: "Turn SQL timer on or off") {
            $0.toggle($1, usage: ".timer on|off") { shell, value in shell.timer = value }
        },
        DotCommand(name: "width", minimumLength: 1, usage: ".width NUM1 NUM2 ...",
                   summary: "Set minimum column widths for columnar output", details: "     Negative values right-justify\n") {
            $0.setWidths($1)
        },
    ]

    /// `.help mode`.
    static let modeHelp = """
           MODE is one of:
             ascii       Columns/rows delimited by 0x1F and 0x1E
             box         Tables using unicode box-drawing characters
             csv         Comma-separated values
             column      Output in columns.  (See .width)
             html        HTML <table> code
             insert      SQL insert statements for TABLE
             json        Results in a JSON array
             line        One value per line
             list        Values delimited by "|"
             markdown    Markdown table format
             qbox        Shorthand for "box --wrap 60 --quote"
             quote       Escape answers as for SQL
             table       ASCII-art table
             tabs        Tab-separated values
             tcl         TCL list elements
           OPTIONS: (for columnar modes or insert mode):
             --wrap N       Wrap output lines to no longer than N characters
             --wordwrap B   Wrap or not at word boundaries per B (on/off)
             --ww           Shorthand for "--wordwrap 1"
             --quote        Quote output text as SQL literals
             --noquote      Do not quote output text
             TABLE          The name of SQL table used for "insert" mode
           Aligned modes (box, column, markdown, table) measure text by display
           width: CJK characters and emoji take two columns.

        """

    /// `.prompt MAIN CONTINUE`: each kept to 19 bytes.
    private func setPrompts(_ command: DotCommandLine) -> DotCommandResult {
        let arguments = command.arguments.map(\.cString)
        if arguments.count >= 2 { diagnostics.mainPrompt = Array(arguments[1].prefix(19)) }
        if arguments.count >= 3 { diagnostics.continuationPrompt = Array(arguments[2].prefix(19)) }
        return .succeeded
    }

    /// `.mode MODE ?TABLE? ?--wrap N? ?--wordwrap on|off? ?--ww? ?--quote|--noquote?`
    func setMode(_ command: DotCommandLine) -> DotCommandResult {
        guard let arguments = modeArguments(command) else { return .failed }
        let name: String
        if let mode = arguments.mode {
            name = mode
        } else {
            output.write("current output mode: \(modeDescription)\n")
            name = settings.mode.name
        }
        // The first mode whose name starts with what was typed, in
        // sqlite3's order (so `t` is `tcl`).
        guard let mode = Self.modes.first(where: { $0.name.hasPrefix(name) }) else {
            printError("Error: mode should be one of: ascii box column csv html insert json line list markdown qbox quote table tabs tcl")
            return .failed
        }
        mode.apply(self, arguments)
        return .succeeded
    }

    /// What `.mode` was given besides the mode's effect.
    struct ModeArguments: Sendable {
        var mode: String?
        var table: [UInt8]?
        var wrap = 60
        var wordWrap = false
        var quote = false
    }

    /// Reads `.mode`'s arguments; nil (after printing why) when one is
    /// unknown or extra.
    private func modeArguments(_ command: DotCommandLine) -> ModeArguments? {
        var parsed = ModeArguments()
        let arguments = command.arguments
        var index = 1
        while index < arguments.count {
            let argument = command.string(index)
            let option = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : argument.hasPrefix("-") ? String(argument.dropFirst()) : nil
            let hasValue = index + 1 < arguments.count
            switch option {
            case "wrap" where hasValue:
                index += 1
                parsed.wrap = Int(DotCommandLine.integerValue(arguments[index]) ?? 0)
            case "ww": parsed.wordWrap = true
            case "wordwrap" where hasValue:
                index += 1
                parsed.wordWrap = DotCommandLine.booleanValue(arguments[index])
            case "quote": parsed.quote = true
            case "noquote": parsed.quote = false
            default:
                guard takePositional(argument, arguments[index], into: &parsed) else { return nil }
            }
            index += 1
        }
        return parsed
    }

    /// The mode, then the table; anything more is an error.
    private func takePositional(_ argument: String, _ bytes: [UInt8], into parsed: inout ModeArguments) -> Bool {
        if parsed.mode == nil {
            parsed.mode = argument
            if argument == "qbox" {
                parsed.mode = "box"
                (parsed.wrap, parsed.wordWrap, parsed.quote) = (60, true, true)
            }
        } else if parsed.table == nil {
            parsed.table = bytes
        } else if argument.hasPrefix("-") {
            printError("unknown option: \(argument)")
            printError("options:\n  --noquote\n  --quote\n  --wordwrap on/off\n  --wrap N\n  --ww")
            return false
        } else {
            printError("extra argument: \"\(argument)\"")
            return false
        }
        return true
    }

    /// The modes in sqlite3's order of matching, and what each sets.
    private static let modes: [(name: String, apply: @Sendable (Shell, ModeArguments) -> Void)] = [
        ("lines", { shell, _ in shell.setMode(.line, rows: OutputSettings.newline) }),
        ("columns", { shell, arguments in
            shell.setMode(.column, rows: OutputSettings.newline)
            if !shell.settings.headerWasSet { shell.settings.showHeader = true }
            shell.setColumnarOptions(arguments)
        }),
        ("list", { shell, _ in shell.setMode(.list, columns: OutputSettings.pipe, rows: OutputSettings.newline) }),
        ("html", { shell, _ in shell.setMode(.html) }),
        ("tcl", { shell, _ in shell.setMode(.tcl, columns: [UInt8(ascii: " ")], rows: OutputSettings.newline) }),
        ("csv", { shell, _ in shell.setMode(.csv, columns: OutputSettings.comma, rows: OutputSettings.crlf) }),
        ("tabs", { shell, _ in shell.setMode(.list, columns: OutputSettings.tab) }),
        ("insert", { shell, arguments in
            shell.setMode(.insert)
            shell.settings.insertTable = SQLiteText.identifier(arguments.table ?? Array("table".utf8))
        }),
        ("quote", { shell, _ in shell.setMode(.quote, columns: OutputSettings.comma, rows: OutputSettings.newline) }),
        ("ascii", { shell, _ in shell.setMode(.ascii, columns: [0x1F], rows: [0x1E]) }),
        ("markdown", { shell, arguments in shell.setMode(.markdown); shell.setColumnarOptions(arguments) }),
        ("table", { shell, arguments in shell.setMode(.table); shell.setColumnarOptions(arguments) }),
        ("box", { shell, arguments in shell.setMode(.box); shell.setColumnarOptions(arguments) }),
        ("count", { shell, _ in shell.setMode(.count) }),
        ("off", { shell, _ in shell.setMode(.off) }),
        ("json", { shell, _ in shell.setMode(.json) }),
    ]

    /// Sets the output mode, and the separators a mode sets (others keep theirs).
    private func setMode(_ mode: OutputMode, columns: [UInt8]? = nil, rows: [UInt8]? = nil) {
        settings.mode = mode
        if let columns { settings.columnSeparator = columns }
        if let rows { settings.rowSeparator = rows }
    }

    private func setColumnarOptions(_ arguments: ModeArguments) {
        setColumnarOptions(wrap: arguments.wrap, wordWrap: arguments.wordWrap, quote: arguments.quote)
    }

    private func setColumnarOptions(wrap: Int, wordWrap: Bool, quote: Bool) {
        settings.wrap = wrap
        settings.wordWrap = wordWrap
        settings.quoteColumns = quote
    }

    /// `box --wrap 60 --wordwrap off --noquote`, or the bare mode name.
    var modeDescription: String {
        guard settings.mode.isColumnar else { return settings.mode.name }
        return "\(settings.mode.name) --wrap \(settings.wrap) --wordwrap \(settings.wordWrap ? "on" : "off") --\(settings.quoteColumns ? "" : "no")quote"
    }

    private func setNullValue(_ command: DotCommandLine) -> DotCommandResult {
        guard command.arguments.count == 2 else {
            printError("Usage: .nullvalue STRING")
            return .failed
        }
        settings.nullValue = Array(command.arguments[1].prefix(19)) // sqlite3 keeps 19 bytes
        return .succeeded
    }

    private func setSeparators(_ command: DotCommandLine) -> DotCommandResult {
        let count = command.arguments.count
        var result = DotCommandResult.succeeded
        if count < 2 || count > 3 {
            printError("Usage: .separator COL ?ROW?")
            result = .failed
        }
        if count >= 2 { settings.columnSeparator = Array(command.arguments[1].prefix(19)) }
        if count >= 3 { settings.rowSeparator = Array(command.arguments[2].prefix(19)) }
        return result
    }

    private func setWidths(_ command: DotCommandLine) -> DotCommandResult {
        settings.columnWidths = command.arguments.dropFirst().map { Int(DotCommandLine.integerValue($0) ?? 0) }
        return .succeeded
    }

    private func show(_ command: DotCommandLine) -> DotCommandResult {
        guard command.arguments.count == 1 else {
            printError("Usage: .show")
            return .failed
        }
        func line(_ name: String, _ value: [UInt8]) {
            output.write(String(repeating: " ", count: max(0, 12 - name.count)) + name + ": ")
            output.write(value)
            output.write("\n")
        }
        func line(_ name: String, _ value: String) { line(name, Array(value.utf8)) }
        line("echo", echo ? "on" : "off")
        line("eqp", diagnostics.plansName)
        line("explain", settings.mode == .explain ? "on" : diagnostics.autoExplain ? "auto" : "off")
        line("headers", settings.showHeader ? "on" : "off")
        line("mode", modeDescription)
        line("nullvalue", ValueQuoting.cString(settings.nullValue))
        line("output", redirection.name.isEmpty ? Array("stdout".utf8) : redirection.name)
        line("colseparator", ValueQuoting.cString(settings.columnSeparator))
        line("rowseparator", ValueQuoting.cString(settings.rowSeparator))
        line("stats", diagnostics.statisticsName)
        line("width", settings.columnWidths.map { "\($0) " }.joined())
        line("filename", filename)
        return .succeeded
    }
}
