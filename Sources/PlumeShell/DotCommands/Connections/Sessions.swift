import CSQLite
import Foundation

/// A session `.session open` created: its name, handle and the GLOB
/// patterns of the tables it leaves out.
final class ShellSession {
    let name: [UInt8]
    let handle: OpaquePointer
    var filters: [[UInt8]] = []

    init(name: [UInt8], handle: OpaquePointer) {
        self.name = name
        self.handle = handle
    }
}

extension Shell {
    /// `.session`.
    static let sessionDotCommands: [DotCommand] = [
        DotCommand(name: "session", minimumLength: 3, usage: ".session ?NAME? CMD ...", summary: "Create or control sessions",
                   details: Shell.sessionHelp) { $0.session($1) },
    ]

    /// `.help session`.
    static let sessionHelp = """
       Subcommands:
         attach TABLE             Attach TABLE
         changeset FILE           Write a changeset into FILE
         close                    Close one session
         enable ?BOOLEAN?         Set or query the enable bit
         filter GLOB...           Reject tables matching GLOBs
         indirect ?BOOLEAN?       Mark or query the indirect status
         isempty                  Query whether the session is empty
         list                     List currently open session names
         open DB NAME             Open a new session on DB
         patchset FILE            Write a patchset into FILE
       If ?NAME? is omitted, the first defined session is used.

    """

    /// `.session ?NAME? CMD ...`: SQLite's session extension on the
    /// current connection, as `sqlite3` drives it (up to 4 sessions; without
    /// NAME, the first one).
    func session(_ command: DotCommandLine) -> DotCommandResult {
        guard let library = SessionLibrary.loaded else {
            printError(bytes: Array("Error: unknown command or invalid arguments:  \"".utf8) + command.bytes(0)
                       + Array("\". Enter \".help\" for help".utf8))
            return .failed
        }
        guard command.arguments.count > 1 else {
            showHelp(Array("session".utf8))
            return .succeeded
        }
        let connection = self.connection
        let slot = admin.connections.active
        var sessions = admin.sessions[slot] ?? []
        defer { admin.sessions[slot] = sessions }
        var arguments = (1..<command.arguments.count).map(command.bytes)
        var index = 0
        if arguments.count >= 2, let named = sessions.firstIndex(where: { $0.name == arguments[0] }) {
            index = named
            arguments.removeFirst()
        }
        let current = sessions.indices.contains(index) ? sessions[index] : nil
        let request = SessionRequest(shell: self, library: library, arguments: arguments, current: current)
        switch String(decoding: arguments[0], as: UTF8.self) {
        case "attach" where arguments.count == 2: request.attach()
        case "changeset" where arguments.count == 2, "patchset" where arguments.count == 2: request.writeChanges()
        case "close" where arguments.count == 1:
            if !sessions.isEmpty {
                library.delete(sessions[index].handle)
                let last = sessions.removeLast()
                if index < sessions.count { sessions[index] = last }
            }
        case "enable" where arguments.count <= 2, "indirect" where arguments.count <= 2, "isempty" where arguments.count == 1:
            if !sessions.isEmpty { request.reportFlag() }
        case "filter" where arguments.count >= 2:
            if !sessions.isEmpty { sessions[index].filters = Array(arguments.dropFirst()) }
        case "list":
            for (number, session) in sessions.enumerated() { output.write(Array("\(number) ".utf8) + session.name + [UInt8(ascii: "\n")]) }
        case "open" where arguments.count == 3 && !arguments[2].isEmpty:
            if let session = request.open(connection, existing: sessions) { sessions.append(session) }
        default:
            if arguments[0] == Array("changeset".utf8) || arguments[0] == Array("patchset".utf8) {
                failIfSafeMode("cannot run \".session \(command.text(1))\" in safe mode")
            }
            showHelp(Array("session".utf8))
        }
        return .succeeded
    }

    /// Closes the sessions of a connection slot (before it closes).
    func closeSessions(slot: Int) {
        guard let library = SessionLibrary.loaded else { return }
        for session in admin.sessions[slot] ?? [] { library.delete(session.handle) }
        admin.sessions[slot] = nil
    }
}

/// One `.session` subcommand on the session it names (or the first).
private struct SessionRequest {
    let shell: Shell
    let library: SessionLibrary
    let arguments: [[UInt8]]
    let current: ShellSession?

    func attach() {
        guard let current else {
            shell.printError("ERROR: No sessions are open")
            return
        }
        let code = arguments[1].withCString { library.attach(current.handle, $0) }
        if code != SQLITE_OK { shell.printError("ERROR: sqlite3session_attach() returns \(code)") }
    }

    /// `changeset FILE` or `patchset FILE`.
    func writeChanges() {
        shell.failIfSafeMode("cannot run \".session \(String(decoding: arguments[0], as: UTF8.self))\" in safe mode")
        guard let current else {
            shell.printError("ERROR: No sessions are open")
            return
        }
        guard let file = arguments[1].withCString({ fopen($0, "wb") }) else {
            shell.printError(bytes: Array("ERROR: cannot open \"".utf8) + arguments[1] + Array("\" for writing".utf8))
            return
        }
        defer { fclose(file) }
        var size: Int32 = 0
        var changes: UnsafeMutableRawPointer?
        let produce = arguments[0].first == UInt8(ascii: "c") ? library.changeset : library.patchset
        let code = produce(current.handle, &size, &changes)
        if code != SQLITE_OK { shell.output.write("Error: error code \(code)\n") }
        if let changes, fwrite(changes, Int(size), 1, file) != 1 {
            shell.printError("ERROR: Failed to write entire \(size)-byte output")
        }
        sqlite3_free(changes)
    }

    /// `enable ?BOOLEAN?`, `indirect ?BOOLEAN?`, `isempty`.
    func reportFlag() {
        guard let current else { return }
        let name = String(decoding: arguments[0], as: UTF8.self)
        let value: Int32
        switch name {
        case "isempty": value = library.isEmpty(current.handle)
        default:
            let request = arguments.count == 1 ? -1 : DotCommandLine.booleanNumber(arguments[1])
            value = (name == "enable" ? library.enable : library.indirect)(current.handle, request)
        }
        let label = name == "isempty" ? "isempty" : name
        shell.output.write(Array("session ".utf8) + current.name + Array(" \(label) flag = \(value)\n".utf8))
    }

    /// `open DB NAME`.
    func open(_ connection: OpaquePointer, existing: [ShellSession]) -> ShellSession? {
        let name = arguments[2]
        if existing.contains(where: { $0.name == name }) {
            shell.printError(bytes: Array("Session \"".utf8) + name + Array("\" already exists".utf8))
            return nil
        }
        guard existing.count < 4 else {
            shell.printError("Maximum of 4 sessions")
            return nil
        }
        var handle: OpaquePointer?
        let code = arguments[1].withCString { library.create(connection, $0, &handle) }
        guard code == SQLITE_OK, let handle else {
            shell.printError("Cannot open session: error code=\(code)")
            return nil
        }
        let session = ShellSession(name: name, handle: handle)
        library.tableFilter(handle, { context, table in
            let session = Unmanaged<ShellSession>.fromOpaque(context!).takeUnretainedValue()
            let name = String(cString: table!)
            return session.filters.contains { Shell.matches(glob: $0, name) } ? 0 : 1
        }, Unmanaged.passUnretained(session).toOpaque())
        return session
    }
}
