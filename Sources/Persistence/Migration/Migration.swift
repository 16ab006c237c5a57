/// One step of a schema's history: a version, a name, the SQL (or code) that
/// applies it and, optionally, the SQL (or code) that reverts it.
///
/// Migrations usually come from files (`0003_create_photos.sql`, see
/// ``Migrator/init(directory:)``), but can be written in code:
///
/// ```swift
/// var migrator = Migrator()
/// try migrator.register(Migration(
///     version: 1, name: "create_album",
///     up: "CREATE TABLE album (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
///     down: "DROP TABLE album"))
/// try migrator.register(Migration(version: 2, name: "seed", up: { db in
///     try db.execute(sql: "INSERT INTO album (name) VALUES (?)", arguments: ["Holidays"])
/// }))
/// ```
public struct Migration: Sendable, Identifiable, CustomStringConvertible {
    /// The version: migrations run in increasing version order. At least 1.
    public let version: Int64
    /// A short description, as `create_photos`.
    public let name: String
    /// What applies the migration.
    public let up: Script
    /// What reverts it, when it can be reverted.
    public let down: Script?
    /// The SHA-256 of the migration's text (hex), or nil for migrations
    /// written as closures, which are not checked.
    public let checksum: String?
    /// The path of the file the migration was read from, when it was.
    public let file: String?

    /// The version, which identifies the migration.
    public var id: Int64 { version }

    /// The file name, or `VERSION_NAME` for a migration written in code.
    public var description: String {
        guard let file else { return "\(version)_\(name)" }
        return file.split(separator: "/").last.map(String.init) ?? file
    }

    /// Creates a migration from SQL.
    ///
    /// - Parameters:
    ///   - version: The version, at least 1.
    ///   - name: A short description.
    ///   - up: The SQL script that applies the migration.
    ///   - down: The SQL script that reverts it, if any.
    ///   - usesTransaction: Whether the scripts run in a transaction with
    ///     their record (the default). Pass false for `VACUUM` or
    ///     `PRAGMA journal_mode`.
    public init(version: Int64, name: String, up: String, down: String? = nil, usesTransaction: Bool = true) {
        self.init(version: version, name: name,
                  up: Script(body: .sql(up), usesTransaction: usesTransaction, lineOffset: 0),
                  down: down.map { Script(body: .sql($0), usesTransaction: usesTransaction, lineOffset: 0) },
                  checksum: MigrationFile.checksum(of: up + "\n-- migrate:down\n" + (down ?? "")),
                  file: nil)
    }

    /// Creates a migration from code.
    ///
    /// - Parameters:
    ///   - version: The version, at least 1.
    ///   - name: A short description.
    ///   - checksum: A value recorded with the migration and compared on
    ///     later runs, or nil to skip the check.
    ///   - up: Applies the migration, inside the migration's transaction.
    ///   - down: Reverts it, if it can be reverted.
    public init(version: Int64, name: String, checksum: String? = nil,
                up: @escaping @Sendable (Database) throws -> Void,
                down: (@Sendable (Database) throws -> Void)? = nil) {
        self.init(version: version, name: name,
                  up: Script(body: .code(up), usesTransaction: true, lineOffset: 0),
                  down: down.map { Script(body: .code($0), usesTransaction: true, lineOffset: 0) },
                  checksum: checksum, file: nil)
    }

    init(version: Int64, name: String, up: Script, down: Script?, checksum: String?, file: String?) {
        self.version = version
        self.name = name
        self.up = up
        self.down = down
        self.checksum = checksum
        self.file = file
    }

    /// One direction of a migration: SQL or code.
    public struct Script: Sendable {
        enum Body: Sendable {
            case sql(String)
            case code(@Sendable (Database) throws -> Void)
        }

        let body: Body
        /// Whether the script runs in a transaction together with the
        /// migration's record. False for `-- migrate:up transaction:false`.
        public let usesTransaction: Bool
        /// The line of the file just before the script's first line: a
        /// statement on line *n* of the script is on line *n* +
        /// `lineOffset` of the file.
        public let lineOffset: Int

        /// The SQL, or nil for code.
        public var sql: String? {
            if case .sql(let sql) = body { return sql }
            return nil
        }
    }
}
