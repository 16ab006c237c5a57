import Persistence
import PlumeShell

extension FuzzTarget {
    /// The shell's input reader and dot-command line parser: lines read as
    /// `sqlite3` reads them, statements grouped as its input loop groups
    /// them. `sqlite3_complete` never calls complete a statement the
    /// scanner would keep waiting on, what the scanner calls blank is
    /// blank to Plume's tokenizer, and dot-command lines split without a
    /// crash.
    static let shellInput = FuzzTarget(
        name: "shell-input",
        summary: "shell input reader, statement scanner and dot-command parser: complete statements end, blank is blank, no crash"
    ) { input in
        let path = scratchPath("input.sql")
        writeFile(path, input.bytes)
        guard let lines = ShellInputProbe.lines(ofFile: path) else { fatalError("cannot read back \(path)") }
        checkLines(lines, of: input.bytes)
        var pending: [[UInt8]] = []
        for line in lines {
            _ = ShellInputProbe.isCommandTerminator(line)
            if pending.isEmpty, line.first == UInt8(ascii: ".") {
                checkDotCommand(line)
                continue
            }
            pending.append(line)
            let scan = ShellInputProbe.scan(pending)
            let sql = Array(pending.joined(separator: [UInt8(ascii: "\n")]))
            if ShellInputProbe.isComplete(sql) && !scan.endsStatement {
                fatalError("sqlite3_complete ends the statement \(String(decoding: sql, as: UTF8.self).debugDescription), the scanner waits for more")
            }
            if scan.isBlank {
                let tokens = SQLTokens(String(decoding: sql, as: UTF8.self))?.tokens
                guard let tokens, tokens.allSatisfy({ $0.text == ";" }) else {
                    fatalError("the scanner calls \(String(decoding: sql, as: UTF8.self).debugDescription) blank, the tokenizer finds \(tokens?.map(\.text) ?? ["(no tokens)"])")
                }
            }
            if scan.isBlank || (scan.endsStatement && ShellInputProbe.isComplete(sql)) { pending = [] }
        }
    }

    /// Without NUL bytes or carriage returns, the lines are the text split
    /// at line breaks.
    private static func checkLines(_ lines: [[UInt8]], of bytes: [UInt8]) {
        guard !bytes.contains(0), !bytes.contains(0x0D) else { return }
        var expected = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if expected.last == [] { expected.removeLast() }
        guard lines == expected else { fatalError("the shell reads the lines \(lines), not \(expected)") }
    }

    /// A dot-command line splits into a name and arguments, each of
    /// whose raw text can be taken.
    private static func checkDotCommand(_ line: [UInt8]) {
        let command = DotCommandLine(line)
        let hasText = line.dropFirst().contains { ![0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains($0) }
        guard command.arguments.isEmpty != hasText else {
            fatalError("the dot-command line \(line) splits into \(command.arguments.count) arguments")
        }
        for index in command.arguments.indices {
            _ = command.rawText(from: index)
            _ = command.string(index)
        }
    }
}
