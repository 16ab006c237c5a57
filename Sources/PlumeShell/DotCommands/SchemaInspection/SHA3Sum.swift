import CSQLite

extension Shell {
    /// `.sha3sum`.
    static let sha3SumDotCommands: [DotCommand] = [
        DotCommand(name: "sha3sum", minimumLength: 4, usage: ".sha3sum ...", summary: "Compute a SHA3 hash of database content",
                   details: Shell.sha3sumHelp) { $0.sha3sum($1) },
    ]

    /// `.help sha3sum`.
    static let sha3sumHelp = """
        Options:
          --schema              Also hash the sqlite_schema table
          --sha3-224            Use the sha3-224 algorithm
          --sha3-256            Use the sha3-256 algorithm (default)
          --sha3-384            Use the sha3-384 algorithm
          --sha3-512            Use the sha3-512 algorithm
        Any other argument is a LIKE pattern for tables to hash

    """

    /// `.sha3sum ?--schema? ?--sha3-N? ?--debug? ?LIKE-PATTERN?`: one SHA3
    /// hash of the content of every table (or one per table matching the
    /// pattern), printed in the current mode. As in `sqlite3`, the default
    /// is SHA3-224, whatever the help says.
    private func sha3sum(_ command: DotCommandLine) -> DotCommandResult {
        let connection = self.connection
        var pattern: [UInt8]?
        var includeSchema = false, debug = false
        var size = 224
        for index in 1..<max(1, command.arguments.count) {
            var argument = command.bytes(index)
            guard argument.first == UInt8(ascii: "-") else {
                guard pattern == nil else {
                    printError("Usage: .sha3sum ?OPTIONS? ?LIKE-PATTERN?")
                    return .failed
                }
                pattern = argument
                if Shell.matches(like: Array("sqlite\\_%".utf8), String(decoding: argument, as: UTF8.self), escape: UInt32(UInt8(ascii: "\\"))) {
                    includeSchema = true
                }
                continue
            }
            argument.removeFirst()
            if argument.first == UInt8(ascii: "-") { argument.removeFirst() }
            switch String(decoding: argument, as: UTF8.self) {
            case "schema": includeSchema = true
            case "sha3-224", "sha3-256", "sha3-384", "sha3-512": size = Int(String(decoding: argument.dropFirst(5), as: UTF8.self))!
            case "debug": debug = true
            default:
                printError(bytes: Array("Unknown option \"".utf8) + command.bytes(index) + Array("\" on \"".utf8) + command.bytes(0) + [UInt8(ascii: "\"")])
                showHelp(command.bytes(0))
                return .failed
            }
        }
        let sql = SHA3SumQuery.sql(on: connection, pattern: pattern, includeSchema: includeSchema, size: size)
        if debug {
            output.write(sql + [UInt8(ascii: "\n")])
        } else {
            _ = executeSQL(sql)
        }
        return .succeeded
    }
}
