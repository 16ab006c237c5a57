import Foundation
import Persistence

/// `.open`: another database in place of the current one.
extension Shell {
    static let openDotCommands: [DotCommand] = [
        DotCommand(name: "open", minimumLength: 1, usage: ".open ?OPTIONS? ?FILE?",
                   summary: "Close existing database and reopen FILE", details: Shell.openHelp) {
            $0.open($1)
        },
    ]

    /// `.help open`.
    static let openHelp = """
             Options:
                --new           Create FILE, or empty it if it exists
                --readonly      Open FILE readonly
             FILE must exist unless --new is given; without FILE, a new
             in-memory database is opened.

        """

    /// `.open ?OPTIONS? ?FILE?`: closes the database and opens another,
    /// created when missing (`--new` empties it first; `--readonly`,
    /// `--append`, `--zip` and `--deserialize` choose how it opens, as on
    /// the command line); without FILE, a fresh in-memory database. As `sqlite3`, a database that
    /// cannot be opened leaves the shell on a bare in-memory one (without
    /// the shell's SQL functions) that `.show` names after the file, and
    /// does not count as a failed command.
    func open(_ command: DotCommandLine) -> DotCommandResult {
        var path: String?
        var createNew = false
        var mode = DatabaseOpening.Mode.normal
        var index = 1
        while index < command.arguments.count {
            let argument = command.string(index)
            index += 1
            switch argument.hasPrefix("-") ? String(argument.dropFirst(argument.hasPrefix("--") ? 2 : 1)) : "" {
            case "new": createNew = true
            case "readonly": mode = .readOnly
            case "append": mode = .append
            case "zip": mode = .zip
            case "deserialize": mode = .deserialize
            // sqlite3 resets these flags before it opens the file.
            case "nofollow": break
            case "maxsize" where index < command.arguments.count: index += 1
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
        if let path {
            if createNew && !safeMode { try? FileManager.default.removeItem(atPath: path) }
            if path != ":memory:" { failIfSafeMode("cannot open disk-based database files in safe mode") }
        }
        let opening = DatabaseOpening(path: path ?? ":memory:", mode: path == nil ? .normal : mode)
        do {
            replaceDatabase(with: try opening.open(), filename: path ?? "")
        } catch {
            printError(Shell.openFailureMessage(error, path: opening.path))
            fallBackToMemory(filename: opening.path)
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
