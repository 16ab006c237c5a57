import Foundation
import Persistence
import PlumeShell

extension Shell {
    /// `.migrate`, which `plume` adds to the shell.
    static let migrateCommand = DotCommand(name: "migrate", minimumLength: 3, usage: ".migrate status|up",
                                           summary: "Show or apply schema migrations", details: migrateHelp) {
        $0.migrate($1)
    }

    /// `.help migrate`.
    static let migrateHelp = """
           status      List the applied and pending migrations, and any problem
           up          Apply the pending migrations, each in its own transaction
           Options:
             --dir DIR      The directory of migration files (default Migrations)
             --to VERSION   With up: apply migrations up to VERSION only

        """

    /// `.migrate status|up ?--dir DIR? ?--to VERSION?`: the migrations of
    /// a directory (default `Migrations`), applied to the open database
    /// through the same ``Migrator`` as `plume migrate`.
    func migrate(_ command: DotCommandLine) -> DotCommandResult {
        let usage = "Usage: .migrate status|up ?--dir DIR? ?--to VERSION?"
        guard command.arguments.count >= 2, ["status", "up"].contains(command.string(1)) else {
            printError(usage)
            return .failed
        }
        failIfSafeMode("cannot run .migrate in safe mode")
        var directory = "Migrations"
        var target: Int64?
        var index = 2
        while index < command.arguments.count {
            let option = command.string(index)
            guard index + 1 < command.arguments.count, option == "--dir" || option == "--to" else {
                printError(usage)
                return .failed
            }
            index += 1
            if option == "--dir" {
                directory = command.string(index)
            } else {
                guard let version = Int64(command.string(index)), version >= 0 else {
                    printError("Error: --to takes a version number, not \(command.string(index))")
                    return .failed
                }
                target = version
            }
            index += 1
        }
        do {
            let migrator = try Migrator(directory: URL(fileURLWithPath: directory))
            switch command.string(1) {
            case "status":
                printMigrationStatus(try migrator.status(database))
            case "up":
                let applied = try migrator.migrate(database, upTo: target) { event in
                    if case .finished(let migration, _, let milliseconds) = event {
                        self.output.write("applied \(migration) (\(milliseconds) ms)\n")
                        self.output.flush()
                    }
                }
                let version = try migrator.status(database).currentVersion
                output.write(applied.isEmpty ? "nothing to do: the database is at version \(version)\n"
                                             : "the database is at version \(version)\n")
            default:
                printError(usage)
                return .failed
            }
            return .succeeded
        } catch {
            printError("Error: \(error)")
            return .failed
        }
    }

    private func printMigrationStatus(_ status: MigrationStatus) {
        for line in status.textLines { output.write(line + "\n") }
    }
}
