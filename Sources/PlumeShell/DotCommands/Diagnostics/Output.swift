import Foundation

extension Shell {
    /// `.output`, `.once` and `.excel`.
    static let outputDotCommands: [DotCommand] = [
        DotCommand(name: "excel", minimumLength: 5, usage: ".excel",
                   summary: "Display the output of next command in spreadsheet",
                   details: "   --bom                   Put a UTF8 byte-order mark on intermediate file\n") {
            $0.redirectOutput($1)
        },
        DotCommand(name: "once", minimumLength: 1, usage: ".once ?OPTIONS? ?FILE?",
                   summary: "Output for the next SQL command only to FILE", details: """
                        If FILE begins with '|' then open as a pipe
                          --bom  Put a UTF8 byte-order mark at the beginning
                          -e     Send output to the system text editor
                          -x     Send output as CSV to a spreadsheet (same as ".excel")

                   """) {
            $0.redirectOutput($1)
        },
        DotCommand(name: "output", minimumLength: 2, usage: ".output ?FILE?",
                   summary: "Send output to FILE or stdout if FILE is omitted", details: """
                      If FILE begins with '|' then open it as a pipe.
                      Options:
                        --bom                 Prefix output with a UTF8 byte-order mark
                        -e                    Send output to the system text editor
                        -x                    Send output as CSV to a spreadsheet

                   """) {
            $0.redirectOutput($1)
        },
        DotCommand(name: "print", minimumLength: 3, usage: ".print STRING...", summary: "Print literal STRING") {
            $0.printArguments($1)
        },
    ]

    private func printArguments(_ command: DotCommandLine) -> DotCommandResult {
        output.write(Array(command.arguments.dropFirst().joined(separator: [UInt8(ascii: " ")])))
        output.write("\n")
        return .succeeded
    }

    /// What `.output`/`.once`/`.excel` were asked to do.
    private struct OutputRequest {
        var file: [UInt8]?
        var viewer: UInt8? // x (spreadsheet) or e (editor)
        var byteOrderMark = false
    }

    /// `.output ?--bom? ?-x|-e? ?FILE?`, `.once …`, `.excel ?--bom?`.
    private func redirectOutput(_ command: DotCommandLine) -> DotCommandResult {
        let name = command.arguments[0].cString
        failIfSafeMode("cannot run .\(String(decoding: name, as: UTF8.self)) in safe mode")
        let isExcel = name.first == UInt8(ascii: "e")
        guard let request = outputRequest(command, isExcel: isExcel) else {
            showHelp(name)
            return .failed
        }
        let isOnce = isExcel || Array("once".utf8).starts(with: name)
        redirection.remainingCommands = isOnce ? 2 : 0
        resetOutput()
        var file = request.file ?? Array("stdout".utf8)
        if let viewer = request.viewer {
            redirection.opensViewer = true
            saveModeForViewer()
            if viewer == UInt8(ascii: "x") {
                newTemporaryFile(suffix: "csv")
                echo = false
                settings.mode = .csv
                settings.columnSeparator = OutputSettings.comma
                settings.rowSeparator = OutputSettings.crlf
            } else {
                newTemporaryFile(suffix: "txt")
            }
            file = redirection.temporaryFile ?? []
        }
        let bom: [UInt8] = request.byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        if file.first == UInt8(ascii: "|") {
            guard let pipe = popen(Array(file.dropFirst()).cPath, "w") else {
                printError(bytes: Array("Error: cannot open pipe \"".utf8) + file.dropFirst() + [UInt8(ascii: "\"")])
                return .failed
            }
            redirect(to: .pipe(pipe), name: file, bom: bom)
            return .succeeded
        }
        guard let destination = openOutputFile(file) else {
            if file != Array("off".utf8) {
                printError(bytes: Array("Error: cannot write to \"".utf8) + file + [UInt8(ascii: "\"")])
            }
            return .failed
        }
        redirect(to: destination, name: file, bom: bom)
        return .succeeded
    }

    private func redirect(to destination: OutputRedirection.Destination, name: [UInt8], bom: [UInt8]) {
        switch destination {
        case .standardOutput: output.redirect(to: output.standardOutput)
        case .standardError: output.redirect(to: STDERR_FILENO)
        case .file(let descriptor): output.redirect(to: descriptor)
        case .pipe(let pipe): output.redirect(to: fileno(pipe))
        }
        redirection.destination = destination
        redirection.name = name
        output.write(bom)
    }

    /// Reads the options and file name; nil after printing what is wrong.
    private func outputRequest(_ command: DotCommandLine, isExcel: Bool) -> OutputRequest? {
        var request = OutputRequest()
        if isExcel { request.viewer = UInt8(ascii: "x") }
        var index = 1
        while index < command.arguments.count {
            let argument = command.arguments[index].cString
            if argument.first == UInt8(ascii: "-") {
                let option = argument.starts(with: Array("--".utf8)) ? Array(argument.dropFirst()) : argument
                switch String(decoding: option, as: UTF8.self) {
                case "-bom": request.byteOrderMark = true
                case "-x" where !isExcel: request.viewer = UInt8(ascii: "x")
                case "-e" where !isExcel: request.viewer = UInt8(ascii: "e")
                default:
                    output.write(Array("ERROR: unknown option: \"".utf8) + argument + Array("\".  Usage:\n".utf8))
                    return nil
                }
            } else if request.file == nil && request.viewer == nil {
                request.file = argument
                if argument.first == UInt8(ascii: "|") {
                    // A pipe takes the rest of the line as its command.
                    for rest in command.arguments[(index + 1)...] { request.file! += [UInt8(ascii: " ")] + rest.cString }
                    break
                }
            } else {
                output.write(Array("ERROR: extra parameter: \"".utf8) + argument + Array("\".  Usage:\n".utf8))
                return nil
            }
            index += 1
        }
        return request
    }

    /// `sqlite3`'s `showHelp(p->out, PATTERN)`: what `.help PATTERN` prints.
    func showHelp(_ pattern: [UInt8]) {
        var command = DotCommandLine(Array(".help".utf8))
        command.arguments.append(pattern)
        _ = help(command)
    }
}

extension [UInt8] {
    /// The bytes up to the first NUL, as C sees an argument.
    var cString: [UInt8] {
        guard let end = firstIndex(of: 0) else { return self }
        return Array(self[..<end])
    }
}
