import Foundation
import Persistence

/// What every `plume migrate` subcommand starts from: the migrations of the
/// directory and a connection to the database.
struct MigrateContext {
    var migrator: Migrator
    var db: Database

    /// Loads the migrations and opens the database.
    ///
    /// - Parameters:
    ///   - creating: Whether a missing database file is created. When
    ///     false, a missing file is read as an empty database and left
    ///     uncreated.
    ///   - writable: Whether the connection writes.
    init(database path: String, options: MigrationDirectoryOptions, creating: Bool, writable: Bool,
         allowsOutOfOrder: Bool = false) throws {
        migrator = try Migrator(directory: URL(fileURLWithPath: options.directory))
        migrator.ignoresMissingMigrations = options.ignoreMissing
        migrator.allowsOutOfOrder = allowsOutOfOrder
        var configuration = Database.Configuration()
        configuration.journalMode = .default // keep the file's own mode
        configuration.readOnly = !writable
        configuration.createIfMissing = creating
        // Another migrator may hold the write lock for a whole migration.
        configuration.busyTimeout = .seconds(60)
        if !creating, !FileManager.default.fileExists(atPath: path) {
            db = try Database(location: .inMemory)
        } else {
            db = try Database(location: .file(path), configuration: configuration)
        }
    }
}
