/// A `.filectrl` or `.testctrl` control: its name, code and usage.
struct NamedControl {
    var name: String
    var code: Int32
    var usage: String
    /// Refused in safe mode (test controls).
    var unsafe = false
}

extension Shell {
    /// Finds the control `.filectrl` or `.testctrl` names: `help` (also
    /// `-help`, `--help`, or nothing) lists them all (and fails the
    /// command, as in `sqlite3`); else any unambiguous prefix of a name.
    ///
    /// - Parameters:
    ///   - name: What was typed, its leading dashes removed here.
    ///   - kind: `file-control` or `test-control`.
    /// - Returns: The control, or how the command ends.
    func lookUpControl(_ name: inout [UInt8], in controls: [NamedControl], kind: String,
                       command: String) -> Result<NamedControl, ControlLookupEnd> {
        if name.first == UInt8(ascii: "-") && name.count > 1 {
            name.removeFirst()
            if name.first == UInt8(ascii: "-") && name.count > 1 { name.removeFirst() }
        }
        if name == Array("help".utf8) {
            output.write("Available \(kind)s:\n")
            for control in controls { output.write("  .\(command) \(control.name) \(control.usage)\n") }
            return .failure(ControlLookupEnd(result: .failed))
        }
        let typed = name
        let matches = controls.filter { SQLiteText.isPrefix(typed, of: $0.name) }
        guard matches.count <= 1 else {
            printError(bytes: Array("Error: ambiguous \(kind): \"".utf8) + name + Array("\"\nUse \".\(command) --help\" for help".utf8))
            return .failure(ControlLookupEnd(result: .failed))
        }
        guard let control = matches.first else {
            printError(bytes: Array("Error: unknown \(kind): ".utf8) + name + Array("\nUse \".\(command) --help\" for help".utf8))
            return .failure(ControlLookupEnd(result: .succeeded))
        }
        return .success(control)
    }
}

/// How `.filectrl` or `.testctrl` ends when no control was found.
struct ControlLookupEnd: Error {
    var result: DotCommandResult
}
