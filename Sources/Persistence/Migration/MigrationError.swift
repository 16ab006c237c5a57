/// Why migrations could not be loaded, validated, applied or reverted.
///
/// The description names what is wrong the way a compiler does:
/// `Migrations/0003_create_photos.sql:12: no such table: albm` followed by
/// the failing statement. ``isValidationFailure`` tells problems found
/// before anything ran (files that do not agree with the database) from a
/// migration that failed while running (and was rolled back).
public struct MigrationError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem this is, described as a stable identifier
    /// (`checksum_mismatch`). New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case invalidFileName = "invalid_file_name"
            case duplicateVersion = "duplicate_version"
            case invalidFile = "invalid_file"
            case directoryNotFound = "directory_not_found"
            case checksumMismatch = "checksum_mismatch"
            case missingMigration = "missing_migration"
            case databaseNewer = "database_newer"
            case outOfOrder = "out_of_order"
            case irreversible = "irreversible"
            case invalidTarget = "invalid_target"
            case migrationFailed = "migration_failed"
            case foreignKeyViolation = "foreign_key_violation"
            case severalProblems = "several_problems"
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A file in a migrations directory is not named `NNNN_name.sql`.
        public static let invalidFileName = Code(.invalidFileName)
        /// Two migrations have the same version.
        public static let duplicateVersion = Code(.duplicateVersion)
        /// A migration file cannot be read or has no valid sections.
        public static let invalidFile = Code(.invalidFile)
        /// The migrations directory does not exist.
        public static let directoryNotFound = Code(.directoryNotFound)
        /// An applied migration's file changed after it was applied.
        public static let checksumMismatch = Code(.checksumMismatch)
        /// An applied migration has no file any more.
        public static let missingMigration = Code(.missingMigration)
        /// The database holds versions above every known migration.
        public static let databaseNewer = Code(.databaseNewer)
        /// A pending migration has a lower version than an applied one.
        public static let outOfOrder = Code(.outOfOrder)
        /// A migration to revert has no down section.
        public static let irreversible = Code(.irreversible)
        /// The target version is not valid (negative).
        public static let invalidTarget = Code(.invalidTarget)
        /// A statement of a migration failed; the migration was rolled back.
        public static let migrationFailed = Code(.migrationFailed)
        /// A migration left a foreign key violation; it was rolled back.
        public static let foreignKeyViolation = Code(.foreignKeyViolation)
        /// Several problems at once: see ``MigrationError/problems``.
        public static let severalProblems = Code(.severalProblems)

        /// The identifier, as `checksum_mismatch`.
        public var description: String { base.rawValue }
    }

    /// The kind of problem.
    public let code: Code
    /// What is wrong, in words.
    public let message: String
    /// The file concerned, when there is one.
    public var file: String?
    /// The line in ``file`` (for a failing statement, the line where the
    /// statement starts in the file).
    public var line: Int?
    /// The failing statement.
    public var sql: String?
    /// The versions concerned.
    public var versions: [Int64]
    /// SQLite's error, for ``Code/migrationFailed``.
    public var databaseError: DatabaseError?
    /// The problems gathered in a ``Code/severalProblems`` error.
    public var problems: [MigrationError]

    /// Creates an error.
    public init(_ code: Code, _ message: String, file: String? = nil, line: Int? = nil, sql: String? = nil,
                versions: [Int64] = [], databaseError: DatabaseError? = nil, problems: [MigrationError] = []) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.sql = sql
        self.versions = versions
        self.databaseError = databaseError
        self.problems = problems
    }

    /// Whether nothing ran because the migrations do not agree with the
    /// database or with themselves (as opposed to a migration that failed
    /// while running).
    public var isValidationFailure: Bool {
        if code == .severalProblems { return problems.allSatisfy(\.isValidationFailure) }
        return code != .migrationFailed && code != .foreignKeyViolation && code != .invalidTarget
    }

    /// `file:line: message`, then the statement on its own lines.
    public var description: String {
        if code == .severalProblems {
            return ([message] + problems.map { "- " + $0.description }).joined(separator: "\n")
        }
        var location = file ?? ""
        if let file, let line { location = "\(file):\(line)" }
        var text = location.isEmpty ? message : "\(location): \(message)"
        if let sql {
            text += "\n  in statement: " + sql.replacingEvery("\n", with: "\n    ")
        }
        return text
    }

    /// One error for a list of problems: the problem itself when alone.
    static func combining(_ problems: [MigrationError]) -> MigrationError? {
        guard let first = problems.first else { return nil }
        if problems.count == 1 { return first }
        return MigrationError(.severalProblems, "\(problems.count) problems with the migrations:",
                              versions: problems.flatMap(\.versions), problems: problems)
    }
}
