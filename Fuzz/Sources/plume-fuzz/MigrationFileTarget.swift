import CSQLite
import Foundation
import Persistence

/// The directory `migration-file` writes its one migration file into.
private let migrationDirectory: URL = {
    let url = URL(fileURLWithPath: scratchPath("migrations"), isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

extension FuzzTarget {
    /// Migration files: parsing never crashes, an error names the file and
    /// a line inside it (or a byte offset inside it); the checksum ignores
    /// line endings and a byte order mark; running the migration on an
    /// empty database fails, if it does, at a line of the file.
    static let migrationFile = FuzzTarget(
        name: "migration-file",
        summary: "migration files: parse and run, errors name the file and a line in it, checksums ignore line endings and a BOM"
    ) { input in
        let bytes = input.bytes
        guard let migration = loadMigration(bytes) else { return }
        // The same text with `\n` line endings and no BOM: the same
        // migration, the same checksum.
        let plain = plainLineEndings(bytes)
        guard let plainMigration = loadMigration(plain) else {
            fatalError("the file loads, but not once its line endings are plain \\n: \(plain)")
        }
        guard plainMigration.checksum == migration.checksum, plainMigration.up.sql == migration.up.sql,
              plainMigration.down?.sql == migration.down?.sql else {
            fatalError("line endings or a BOM change the migration: \(migration.checksum ?? "nil") ≠ \(plainMigration.checksum ?? "nil")")
        }
        run(migration, lineCount: lineCount(plain))
    }

    /// The file's migration, or nil after checking the error it gave.
    private static func loadMigration(_ bytes: [UInt8]) -> Migration? {
        let file = migrationDirectory.appendingPathComponent("0001_fuzz.sql")
        writeFile(file.path, bytes)
        do {
            let migrator = try Migrator(directory: migrationDirectory)
            guard migrator.migrations.count == 1 else { fatalError("one file, \(migrator.migrations.count) migrations") }
            return migrator.migrations[0]
        } catch let error as MigrationError {
            checkLocation(of: error, bytes: bytes, lineCount: lineCount(plainLineEndings(bytes)))
            return nil
        } catch {
            fatalError("loading a migration file threw \(error), not a MigrationError")
        }
    }

    /// Runs the migration on an empty in-memory database.
    private static func run(_ migration: Migration, lineCount: Int) {
        guard let db = try? Database(location: .inMemory) else { fatalError("cannot open an in-memory database") }
        limit(db.sqliteConnection)
        do {
            try Migrator(migrations: [migration]).migrate(db)
        } catch let error as MigrationError {
            guard error.code == .migrationFailed || error.code == .foreignKeyViolation else {
                fatalError("running a migration that loaded failed with \(error.code): \(error)")
            }
            guard error.file == migration.file else { fatalError("the error names \(error.file ?? "no file"), not \(migration.file ?? "")") }
            if error.code == .migrationFailed {
                guard let line = error.line, (1...max(lineCount, 1)).contains(line) else {
                    fatalError("the error names line \(error.line.map(String.init) ?? "none") of a file of \(lineCount) lines: \(error)")
                }
            }
        } catch {
            fatalError("running a migration threw \(error), not a MigrationError")
        }
    }

    /// An error from a file: it names the file, a line inside the file,
    /// and a byte offset inside the file when it gives one.
    private static func checkLocation(of error: MigrationError, bytes: [UInt8], lineCount: Int) {
        guard error.code == .invalidFile else { fatalError("a file's text gave \(error.code): \(error)") }
        guard error.file?.hasSuffix("0001_fuzz.sql") == true, !error.message.isEmpty else {
            fatalError("the error does not name the file: \(error)")
        }
        if let line = error.line, !(1...max(lineCount, 1)).contains(line) {
            fatalError("the error names line \(line) of a file of \(lineCount) lines: \(error)")
        }
        if let range = error.message.range(of: "byte offset "),
           let offset = Int(error.message[range.upperBound...].prefix(while: \.isNumber)), offset >= bytes.count {
            fatalError("the error names byte \(offset) of a file of \(bytes.count) bytes: \(error)")
        }
    }

    /// The bytes with a leading byte order mark dropped and `\r\n` and
    /// `\r` turned into `\n`.
    static func plainLineEndings(_ bytes: [UInt8]) -> [UInt8] {
        var input = bytes[...]
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var previousWasCR = false
        for byte in input {
            if byte == 0x0A && previousWasCR { previousWasCR = false; continue }
            previousWasCR = byte == 0x0D
            output.append(previousWasCR ? 0x0A : byte)
        }
        return output
    }

    /// The number of lines, counting a last line without a line break.
    private static func lineCount(_ plain: [UInt8]) -> Int {
        plain.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    /// Bounds what fuzzed SQL can do: no ATTACH, no value over 1 MB, and
    /// a statement interrupted after a million VM steps.
    static func limit(_ connection: OpaquePointer?) {
        sqlite3_limit(connection, SQLITE_LIMIT_ATTACHED, 0)
        sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, 1_000_000)
        sqlite3_progress_handler(connection, 1000, { _ in
            stepBudget -= 1
            return stepBudget < 0 ? 1 : 0
        }, nil)
        stepBudget = 1000
    }
}

/// Progress-handler calls left (of 1000 VM steps each) before the running
/// statement is interrupted; one thread only (the fuzzer's).
private nonisolated(unsafe) var stepBudget = 0
