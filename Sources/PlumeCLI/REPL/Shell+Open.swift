import Foundation
import Persistence

extension Shell {
    /// `.open ?--new? ?--readonly? ?FILE?`: closes the database and opens
    /// another, created when missing (`--new` empties it first); without
    /// FILE, a fresh in-memory database. As `sqlite3`, a database that
    /// cannot be opened leaves the shell on a bare in-memory one (without
    /// the shell's SQL functions) that `.show` names after the file, and
    /// does not count as a failed command.
    func open(_ command: DotCommandLine) -> DotCommandResult {
        var path: String?
        var createNew = false
        var readOnly = false
        for index in 1..<command.arguments.count {
            let argument = command.string(index)
            switch argument {
            case "--new", "-new": createNew = true
            case "--readonly", "-readonly": readOnly = true
            default:
                if argument.hasPrefix("-") {
                    printError("unknown option: \(argument)")
                    return .failed
                }
                guard path == nil else {
                    printError("extra argument: \"\(argument)\"")
                    return .failed
                }
                path = argument
            }
        }
        closeDatabase()
        let target = path ?? ":memory:"
        if let path {
            if createNew && !safeMode { try? FileManager.default.removeItem(atPath: path) }
            if path != ":memory:" { failIfSafeMode("cannot open disk-based database files in safe mode") }
        }
        do {
            let database = try Shell.openDatabase(path: target, createIfMissing: !readOnly, readOnly: readOnly, readsSchema: false)
            replaceDatabase(with: database, filename: path ?? "")
        } catch {
            printError(Shell.openFailureMessage(error, path: target))
            fallBackToMemory(filename: target)
        }
        return .succeeded
    }
}

extension Database {
    /// Lets Plume's change tracking see the end of the statements the shell
    /// ran through the raw handle: running one statement through
    /// ``Statement`` delivers (or, inside a transaction, keeps) the changes
    /// collected so far instead of letting them pile up.
    func settleChangeTracking() {
        _ = try? cachedStatement(sql: "SELECT 0 WHERE 0").step()
    }
}
