/// `.connection`'s five slots: the current connection is the shell's
/// own; the others wait here.
struct ConnectionSlots {
    static let count = 5
    /// The slot in use.
    var active = 0
    /// The connections set aside, by slot.
    var waiting: [Int: Shell.ConnectionState] = [:]
}

extension Shell {
    /// `.connection`.
    static let connectionSlotDotCommands: [DotCommand] = [
        DotCommand(name: "connection", minimumLength: 1, usage: ".connection [close] [#]",
                   summary: "Open or close an auxiliary database connection") { $0.connectionCommand($1) },
    ]

    /// `.connection [close] [#]`: lists the connections, makes slot # the
    /// current one (a new temporary database the first time), or closes
    /// one that is not current.
    private func connectionCommand(_ command: DotCommandLine) -> DotCommandResult {
        let arguments = (0..<command.arguments.count).map(command.bytes)
        func slot(_ argument: [UInt8]) -> Int? {
            argument.count == 1 && SQLiteText.isDigit(argument[0]) ? Int(argument[0] - UInt8(ascii: "0")) : nil
        }
        if arguments.count == 1 {
            listConnections()
        } else if arguments.count == 2, let index = slot(arguments[1]) {
            guard index != admin.connections.active && index < ConnectionSlots.count else { return .succeeded }
            let next = admin.connections.waiting.removeValue(forKey: index) ?? ConnectionState(deferredPath: "")
            admin.connections.waiting[admin.connections.active] = exchangeConnection(with: next)
            admin.connections.active = index
        } else if arguments.count == 3 && arguments[1] == Array("close".utf8), let index = slot(arguments[2]) {
            if index >= ConnectionSlots.count { return .succeeded }
            guard index != admin.connections.active else {
                printError("cannot close the active database connection")
                return .failed
            }
            closeSessions(slot: index)
            admin.connections.waiting[index]?.close()
        } else {
            printError("Usage: .connection [close] [CONNECTION-NUMBER]")
            return .failed
        }
        return .succeeded
    }

    /// The current connection and the open ones set aside; a connection
    /// without a file name is `(memory)`.
    private func listConnections() {
        func name(_ filename: String) -> String { filename.isEmpty ? "(memory)" : filename }
        for index in 0..<ConnectionSlots.count {
            if index == admin.connections.active {
                output.write("ACTIVE \(index): \(name(filename))\n")
            } else if let state = admin.connections.waiting[index], state.isOpen {
                output.write("       \(index): \(name(state.filename))\n")
            }
        }
    }
}
