import Algorithms
import Foundation

/// Applies and reverts a set of ``Migration``s, recording each applied one
/// in a table of the database (`plume_migrations`).
///
/// Each migration runs in its own `BEGIN IMMEDIATE` transaction together
/// with its record, so a database is always at a fully applied version,
/// whatever happens to the process. Several migrators on one file (several
/// processes) are safe: each re-reads the applied migrations once it holds
/// the write lock and never applies one twice.
///
/// ```swift
/// let migrator = try Migrator(directory: URL(fileURLWithPath: "Migrations"))
/// let db = try Database(path: "photos.sqlite")
/// try migrator.migrate(db) { event in print(event) }
/// ```
///
/// Before anything runs, the migrator checks that the files agree with the
/// database (see ``validate(_:)``): an applied file edited afterwards, an
/// applied migration whose file is gone (unless
/// ``ignoresMissingMigrations``), versions the files do not know (the
/// database is newer than the code), and pending migrations older than an
/// applied one (unless ``allowsOutOfOrder``) are errors.
public struct Migrator: Sendable {
    /// The migrations, by increasing version.
    public private(set) var migrations: [Migration] = []
    /// Whether pending migrations with a version lower than the highest
    /// applied one are applied (true) or an error (false, the default).
    public var allowsOutOfOrder = false
    /// Whether an applied migration that is no longer in the set is
    /// ignored (true) or an error (false, the default).
    public var ignoresMissingMigrations = false
    /// The table recording applied migrations.
    public var tableName = "plume_migrations"

    /// A migrator with no migrations: add them with ``register(_:)``.
    public init() {}

    /// A migrator for the given migrations.
    ///
    /// - Throws: ``MigrationError`` when two share a version.
    public init(migrations: [Migration]) throws {
        for migration in migrations { try register(migration) }
    }

    /// A migrator for the `NNNN_description.sql` files of a directory.
    ///
    /// Hidden files (`.gitkeep`) are ignored; any other file whose name does
    /// not fit is an error, and so are two files with the same version.
    ///
    /// - Parameter directory: The directory's file URL.
    /// - Throws: ``MigrationError`` naming the file at fault.
    public init(directory: URL) throws {
        let path = directory.relativePath
        guard FileBytes.isDirectory(atPath: directory.path) == true else {
            throw MigrationError(.directoryNotFound, "no migrations directory", file: path)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        var problems: [MigrationError] = []
        for name in names where !name.hasPrefix(".") {
            let filePath = path.hasSuffix("/") ? path + name : path + "/" + name
            do {
                try register(try MigrationFile.load(path: filePath, fileName: name))
            } catch let error as MigrationError {
                problems.append(error)
            }
        }
        if let error = MigrationError.combining(problems) { throw error }
    }

    /// A migrator for migration files bundled as a resource directory, as
    /// `resources: [.copy("Migrations")]` in a SwiftPM target.
    ///
    /// ```swift
    /// let migrator = try Migrator(bundle: .module, subdirectory: "Migrations")
    /// ```
    ///
    /// - Throws: ``MigrationError`` when the directory is not in the
    ///   bundle, or as ``init(directory:)``.
    public init(bundle: Bundle, subdirectory: String) throws {
        guard let url = bundle.url(forResource: subdirectory, withExtension: nil) else {
            throw MigrationError(.directoryNotFound, "no directory `\(subdirectory)` in bundle \(bundle.bundlePath)")
        }
        try self.init(directory: url)
    }

    /// Adds a migration.
    ///
    /// - Throws: ``MigrationError`` when the version is below 1 or already
    ///   taken (naming both migrations).
    public mutating func register(_ migration: Migration) throws {
        guard migration.version >= 1 else {
            throw MigrationError(.invalidFileName, "migration \(migration) has version \(migration.version); versions start at 1",
                                 file: migration.file, versions: [migration.version])
        }
        let index = migrations.partitioningIndex { $0.version >= migration.version }
        if index < migrations.count, migrations[index].version == migration.version {
            throw MigrationError(.duplicateVersion,
                                 "\(migrations[index]) and \(migration) have the same version \(migration.version)",
                                 file: migration.file, versions: [migration.version])
        }
        migrations.insert(migration, at: index)
    }

    /// The migration with a version, if any.
    public func migration(version: Int64) -> Migration? {
        let index = migrations.partitioningIndex { $0.version >= version }
        return index < migrations.count && migrations[index].version == version ? migrations[index] : nil
    }
}
