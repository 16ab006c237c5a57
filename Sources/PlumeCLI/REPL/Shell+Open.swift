import Foundation
import Persistence

extension Shell {
    /// `.open ?--new? ?--readonly? ?FILE?`: closes the database and opens
    /// another. Without `--new` the file must exist (Plume creates databases
    /// only where asked to); with it, the file is created or emptied.
    /// Without FILE, a fresh in-memory database.
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
        let target = path ?? ":memory:"
        if target != ":memory:" {
            failIfSafeMode("cannot open disk-based database files in safe mode")
        }
        if target != ":memory:" {
            if createNew {
                try? FileManager.default.removeItem(atPath: target)
            } else if !FileManager.default.fileExists(atPath: target) {
                printError("Error: no database at \(target) (use \".open --new \(target)\" to create one)")
                return .failed
            }
        }
        do {
            let database = try Shell.openDatabase(path: target, createIfMissing: createNew, readOnly: readOnly)
            replaceDatabase(with: database, filename: path ?? "")
            return .succeeded
        } catch let error as DatabaseError {
            printError("Error: unable to open database \"\(target)\": \(error.message)")
        } catch {
            printError("Error: unable to open database \"\(target)\": \(error)")
        }
        return .failed
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
