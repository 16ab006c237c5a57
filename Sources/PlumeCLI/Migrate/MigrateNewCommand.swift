import ArgumentParser
import Foundation
import Persistence
import PlumeTerminal

/// `plume migrate new`: creates the next migration file.
struct MigrateNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create the next migration file, NNNN_name.sql, with empty up and down sections.",
        discussion: """
            Examples:
              plume migrate new add_photo_caption
              plume migrate new "add album cover" --dir db/migrations

            \(MigrateExitCode.helpText)
            """)

    @Argument(help: "What the migration does, as add_photo_caption (letters, digits, _ and -; spaces become _).")
    var name: String

    @Option(name: .customLong("dir"), help: "The directory of migration files (created when missing).")
    var directory = "Migrations"

    /// The name as it goes in the file name.
    var fileStem: String {
        name.trimmingWhitespace().lowercased()
            .replacingEvery(" ", with: "_").replacingEvery("-", with: "_")
    }

    func validate() throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
        guard !fileStem.isEmpty, fileStem.allSatisfy(allowed.contains) else {
            throw ValidationError("The migration name `\(name)` must hold only letters, digits, spaces, _ and -.")
        }
    }

    func run() throws {
        try MigrateExitCode.reportingErrors {
            let url = URL(fileURLWithPath: directory)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let existing = try Migrator(directory: url).migrations
            let version = (existing.last?.version ?? 0) + 1
            let width = max(4, existing.last?.file.map { fileName in
                (fileName.split(separator: "/").last ?? "").prefix { $0.isNumber }.count
            } ?? 0)
            let digits = String(version)
            let fileName = String(repeating: "0", count: max(0, width - digits.count)) + digits + "_" + fileStem + ".sql"
            let path = url.appendingPathComponent(fileName).path
            let template = "-- migrate:up\n\n\n-- migrate:down\n\n"
            guard FileManager.default.createFile(atPath: path, contents: Data(template.utf8)) else {
                throw MigrationError(.invalidFile, "cannot create the file", file: path)
            }
            StandardStreams.print(directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName)
        }
    }
}
