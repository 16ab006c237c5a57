import ArgumentParser
import Foundation
import Persistence
import PlumeTerminal

/// The exit codes of `plume migrate`, after sysexits(3) where one fits.
enum MigrateExitCode {
    /// Done, or nothing to do.
    static let success: Int32 = 0
    /// A migration failed and was rolled back; those before it stay applied.
    static let migrationFailed: Int32 = 1
    /// Bad arguments (EX_USAGE).
    static let usage: Int32 = 64
    /// The migrations do not agree with themselves or the database; nothing
    /// changed (EX_DATAERR).
    static let validationFailed: Int32 = 65
    /// The database could not be opened, read or locked (EX_IOERR).
    static let databaseUnavailable: Int32 = 74

    static let helpText = """
        Exit codes:
          0   success, including when there is nothing to do
          1   a migration failed: it was rolled back, those before it stay applied
          64  usage error (bad arguments or options)
          65  validation failed: invalid or duplicate files, an applied file edited or
              missing, versions newer than the files, out-of-order migrations, or a
              migration without a down section; nothing was changed
          74  the database could not be opened, read or locked
        """

    /// The exit code for an error.
    static func code(for error: any Error) -> Int32 {
        switch error {
        case let error as MigrationError:
            if error.code == .invalidTarget { return usage }
            return error.isValidationFailure ? validationFailed : migrationFailed
        case is DatabaseError:
            return databaseUnavailable
        default:
            return migrationFailed
        }
    }

    /// Runs `body`; prints an error to standard error and exits with its
    /// code when it throws.
    static func reportingErrors(_ body: () throws -> Void) throws {
        try reportingErrors(body, code: code(for:))
    }

    /// Runs `body`; prints an error to standard error and exits with the
    /// code `code` gives it when it throws.
    static func reportingErrors(_ body: () throws -> Void, code: (any Error) -> Int32) throws {
        do {
            try body()
        } catch let error as ExitCode {
            throw error
        } catch {
            StandardStreams.printError("error: \(error)")
            throw ExitCode(code(error))
        }
    }
}
