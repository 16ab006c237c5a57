import Foundation

extension Shell {
    /// `.mode MODE ?TABLE? ?--wrap N? ?--wordwrap on|off? ?--ww? ?--quote|--noquote?`
    func setMode(_ command: DotCommandLine) -> DotCommandResult {
        var mode: String?
        var table: [UInt8]?
        var wrap = 60, wordWrap = false, quote = false
        var index = 1
        let arguments = command.arguments
        while index < arguments.count {
            let argument = command.string(index)
            let option = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : argument.hasPrefix("-") ? String(argument.dropFirst()) : nil
            if option == "wrap", index + 1 < arguments.count {
                index += 1
                wrap = Int(DotCommandLine.integerValue(arguments[index]) ?? 0)
            } else if option == "ww" {
                wordWrap = true
            } else if option == "wordwrap", index + 1 < arguments.count {
                index += 1
                wordWrap = DotCommandLine.booleanValue(arguments[index])
            } else if option == "quote" {
                quote = true
            } else if option == "noquote" {
                quote = false
            } else if mode == nil {
                mode = argument
                if argument == "qbox" {
                    mode = "box"
                    wrap = 60
                    wordWrap = true
                    quote = true
                }
            } else if table == nil {
                table = arguments[index]
            } else if argument.hasPrefix("-") {
                printError("unknown option: \(argument)")
                printError("options:\n  --noquote\n  --quote\n  --wordwrap on/off\n  --wrap N\n  --ww")
                return .failed
            } else {
                printError("extra argument: \"\(argument)\"")
                return .failed
            }
            index += 1
        }
        let name: String
        if let mode {
            name = mode
        } else {
            output.write("current output mode: \(modeDescription)\n")
            name = settings.mode.name
        }
        func matches(_ candidate: String) -> Bool { candidate.hasPrefix(name) }
        if matches("lines") {
            settings.mode = .line
            settings.rowSeparator = OutputSettings.newline
        } else if matches("columns") {
            settings.mode = .column
            if !settings.headerWasSet { settings.showHeader = true }
            settings.rowSeparator = OutputSettings.newline
            setColumnarOptions(wrap: wrap, wordWrap: wordWrap, quote: quote)
        } else if matches("list") {
            settings.mode = .list
            settings.columnSeparator = OutputSettings.pipe
            settings.rowSeparator = OutputSettings.newline
        } else if matches("html") {
            settings.mode = .html
        } else if matches("tcl") {
            settings.mode = .tcl
            settings.columnSeparator = [0x20]
            settings.rowSeparator = OutputSettings.newline
        } else if matches("csv") {
            settings.mode = .csv
            settings.columnSeparator = OutputSettings.comma
            settings.rowSeparator = OutputSettings.crlf
        } else if matches("tabs") {
            settings.mode = .list
            settings.columnSeparator = OutputSettings.tab
        } else if matches("insert") {
            settings.mode = .insert
            settings.insertTable = SQLiteText.identifier(table ?? Array("table".utf8))
        } else if matches("quote") {
            settings.mode = .quote
            settings.columnSeparator = OutputSettings.comma
            settings.rowSeparator = OutputSettings.newline
        } else if matches("ascii") {
            settings.mode = .ascii
            settings.columnSeparator = [0x1F]
            settings.rowSeparator = [0x1E]
        } else if matches("markdown") {
            settings.mode = .markdown
            setColumnarOptions(wrap: wrap, wordWrap: wordWrap, quote: quote)
        } else if matches("table") {
            settings.mode = .table
            setColumnarOptions(wrap: wrap, wordWrap: wordWrap, quote: quote)
        } else if matches("box") {
            settings.mode = .box
            setColumnarOptions(wrap: wrap, wordWrap: wordWrap, quote: quote)
        } else if matches("count") {
            settings.mode = .count
        } else if matches("off") {
            settings.mode = .off
        } else if matches("json") {
            settings.mode = .json
        } else {
            printError("Error: mode should be one of: ascii box column csv html insert json line list markdown qbox quote table tabs tcl")
            return .failed
        }
        return .succeeded
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

    func setNullValue(_ command: DotCommandLine) -> DotCommandResult {
        guard command.arguments.count == 2 else {
            printError("Usage: .nullvalue STRING")
            return .failed
        }
        settings.nullValue = Array(command.arguments[1].prefix(19)) // sqlite3 keeps 19 bytes
        return .succeeded
    }

    func setSeparators(_ command: DotCommandLine) -> DotCommandResult {
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

    func setWidths(_ command: DotCommandLine) -> DotCommandResult {
        settings.columnWidths = command.arguments.dropFirst().map { Int(DotCommandLine.integerValue($0) ?? 0) }
        return .succeeded
    }

    func show(_ command: DotCommandLine) -> DotCommandResult {
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
        line("eqp", "off")
        line("explain", "auto")
        line("headers", settings.showHeader ? "on" : "off")
        line("mode", modeDescription)
        line("nullvalue", ValueQuoting.cString(settings.nullValue))
        line("output", "stdout")
        line("colseparator", ValueQuoting.cString(settings.columnSeparator))
        line("rowseparator", ValueQuoting.cString(settings.rowSeparator))
        line("stats", "off")
        line("width", settings.columnWidths.map { "\($0) " }.joined())
        line("filename", filename)
        return .succeeded
    }
}
