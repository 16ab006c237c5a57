import Foundation

/// What a migrator is doing, reported as it goes so apps and tools can show
/// progress.
public enum MigrationEvent: Sendable {
    /// Which way a migration runs.
    public enum Direction: String, Sendable {
        /// Applying: the up section.
        case up
        /// Reverting: the down section.
        case down
    }

    /// A migration is about to run (its transaction holds the write lock).
    case started(Migration, Direction)
    /// A statement of a migration is about to run; `line` is where it
    /// starts in the migration's file.
    case statement(Migration, Direction, line: Int)
    /// A migration ran and its record was committed.
    case finished(Migration, Direction, milliseconds: Int64)
}

extension Migrator {
    /// Runs one direction of a migration: each statement, then
    /// `PRAGMA foreign_key_check`.
    ///
    /// - Throws: ``MigrationError`` naming the file, the file line of the
    ///   failing statement, the statement and SQLite's message.
    func run(_ script: Migration.Script, of migration: Migration, _ direction: MigrationEvent.Direction,
             _ db: Database, progress: (MigrationEvent) -> Void) throws {
        let file = migration.file ?? migration.description
        var compiledLine: Int?
        do {
            switch script.body {
            case .code(let body):
                try body(db)
            case .sql(let sql):
                try db.forEachStatement(in: sql) { statement, line in
                    // SQLite's authorizer, not the text: `COMMIT/* … */`
                    // and `/* … */ END` commit too.
                    if script.usesTransaction, statement.controlsTransaction {
                        throw MigrationError(
                            .migrationFailed,
                            "a migration runs in its own transaction and cannot hold BEGIN, COMMIT or ROLLBACK (use `-- migrate:\(direction) transaction:false` to run without one)",
                            file: file, line: script.lineOffset + line, sql: statement.sql, versions: [migration.version])
                    }
                    // A migration changes the database it migrates only.
                    if let reach = statement.reachesOtherDatabase {
                        throw MigrationError(
                            .migrationFailed,
                            "a migration changes only the database it migrates and cannot hold \(reach) (ATTACH, DETACH and VACUUM INTO are refused)",
                            file: file, line: script.lineOffset + line, sql: statement.sql, versions: [migration.version])
                    }
                    compiledLine = line
                    progress(.statement(migration, direction, line: script.lineOffset + line))
                    try statement.run()
                }
            }
        } catch let error as DatabaseError {
            var message = error.message
            if script.usesTransaction, message.containsScalars("within a transaction") {
                message += " (use `-- migrate:\(direction) transaction:false` for this statement)"
            }
            var statement = error.sql
            if let sql = script.sql, let line = error.line, line != compiledLine, let fragment = error.sql {
                // SQLite stops reading a statement where it fails to compile.
                statement = Self.statement(in: sql, atLine: line, startingWith: fragment)
            }
            throw MigrationError(.migrationFailed, message, file: file,
                                 line: error.line.map { $0 + script.lineOffset }, sql: statement,
                                 versions: [migration.version], databaseError: error)
        }
        db.clearStatementCache()
        try checkForeignKeys(after: migration, db)
    }

    /// Fails when the database holds rows that break a foreign key.
    func checkForeignKeys(after migration: Migration, _ db: Database) throws {
        let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
        guard let first = violations.first else { return }
        let table: String = try first.decode(at: 0), parent: String = try first.decode(at: 2)
        let rowID = first[1].isNull ? "(without rowid)" : first[1].description
        var message = "row \(rowID) of table `\(table)` references a row of `\(parent)` that does not exist"
        if violations.count > 1 { message += " (\(violations.count - 1) more violation(s))" }
        throw MigrationError(.foreignKeyViolation, "foreign key violation after the migration: " + message,
                             file: migration.file ?? migration.description, versions: [migration.version])
    }

    /// Runs `body` with foreign key enforcement off, as SQLite's documented
    /// way to rebuild a table requires (`PRAGMA foreign_keys` cannot change
    /// inside a transaction). Each migration ends with
    /// `PRAGMA foreign_key_check` instead.
    func withForeignKeysSuspended<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        let enabled = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        if enabled { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
        defer { if enabled { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
        return try body()
    }

    /// The whole statement that starts with `fragment` on a line of a
    /// script: up to the next `;` outside quotes, or the end.
    static func statement(in script: String, atLine line: Int, startingWith fragment: String) -> String {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return fragment }
        let rest = lines[(line - 1)...].joined(separator: "\n")
        guard let start = rest.firstRange(of: fragment)?.lowerBound else { return fragment }
        var quote: Character?
        var end = rest.endIndex
        for index in rest[start...].indices {
            let character = rest[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" || character == "`" {
                quote = character
            } else if character == ";" {
                end = index
                break
            }
        }
        return String(rest[start..<end]).trimmingWhitespace(includingNewlines: true)
    }

    /// Runs `body` and measures it in milliseconds.
    func timed<T>(_ body: () throws -> T) rethrows -> (T, Int64) {
        let start = ContinuousClock.now
        let result = try body()
        let elapsed = (ContinuousClock.now - start).components
        return (result, elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    }

    func checkNotInTransaction(_ db: Database) throws {
        if db.isInsideTransaction {
            throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                message: "migrations run each in their own transaction: do not call the migrator inside a transaction")
        }
    }
}

extension MigrationEvent: CustomStringConvertible {
    /// `started 0002_create_album (up)`, `0002_create_album (up): statement at line 3`,
    /// `finished 0002_create_album (up) in 4 ms`.
    public var description: String {
        switch self {
        case .started(let migration, let direction): "started \(migration) (\(direction.rawValue))"
        case .statement(let migration, let direction, let line): "\(migration) (\(direction.rawValue)): statement at line \(line)"
        case .finished(let migration, let direction, let milliseconds): "finished \(migration) (\(direction.rawValue)) in \(milliseconds) ms"
        }
    }
}
