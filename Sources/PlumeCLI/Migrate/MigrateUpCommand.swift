import ArgumentParser
import Foundation
import Persistence
import PlumeTerminal

/// `plume migrate up`: applies the pending migrations.
struct MigrateUpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "up",
        abstract: "Apply the pending migrations, each in its own transaction.",
        discussion: """
            Examples:
              plume migrate up photos.sqlite
              plume migrate up photos.sqlite --dir db/migrations --to 3
              plume migrate up photos.sqlite --dry-run

            \(MigrateExitCode.helpText)
            """)

    @Argument(help: "The database file (created when missing).")
    var database: String

    @OptionGroup var options: MigrationDirectoryOptions

    @Option(name: .customLong("to"), help: ArgumentHelp("Apply migrations up to this version only.", valueName: "version"))
    var target: Int64?

    @Flag(help: "List the migrations that would be applied, without changing the database.")
    var dryRun = false

    @Flag(help: "Apply pending migrations older than the highest applied one.")
    var allowOutOfOrder = false

    func validate() throws {
        if let target, target < 0 { throw ValidationError("--to must be 0 or more, not \(target).") }
    }

    func run() throws {
        try MigrateExitCode.reportingErrors {
            let existed = FileManager.default.fileExists(atPath: database)
            let context = try MigrateContext(database: database, options: options, creating: !dryRun,
                                             writable: !dryRun, allowsOutOfOrder: allowOutOfOrder)
            do {
                try run(context)
            } catch {
                if !existed { Self.removeIfNothingApplied(context.db, path: database) }
                throw error
            }
        }
    }

    private func run(_ context: MigrateContext) throws {
        if dryRun {
            let planned = try context.migrator.plannedMigrations(context.db, upTo: target)
            for migration in planned { StandardStreams.print("would apply \(migration)") }
            if planned.isEmpty { StandardStreams.print("nothing to do") }
            return
        }
        let printer = MigrationProgressPrinter(isTerminal: StandardStreams.outputIsTerminal) { StandardStreams.write($0) }
        let applied: [Migration]
        do {
            applied = try context.migrator.migrate(context.db, upTo: target, progress: printer.handle)
        } catch {
            printer.failed()
            throw error
        }
        let version = try context.migrator.status(context.db).currentVersion
        StandardStreams.print(applied.isEmpty ? "nothing to do: the database is at version \(version)"
                                      : "the database is at version \(version)")
    }

    /// Removes a database file this run created when the run failed before
    /// applying anything: a failed first `up` leaves no empty file behind.
    static func removeIfNothingApplied(_ db: Database, path: String) {
        let objects = (try? Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name <> 'plume_migrations'")) ?? 1
        let records = (try? Int.fetchOne(db, sql: "SELECT count(*) FROM plume_migrations")) ?? 0
        guard objects == 0, records == 0, (try? db.close()) != nil else { return }
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
