import ArgumentParser
import Foundation
import Persistence
import PlumeSync

/// `plume sync status`: the database's sync state.
struct SyncStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print a database's sync state: client, server sequence reached, changes pending, tables.")

    @Argument(help: "The database file.")
    var database: String

    func run() throws {
        guard FileManager.default.fileExists(atPath: database) else {
            StandardError.print("plume sync status: no database file at \(database)")
            throw ExitCode(74)
        }
        do {
            var configuration = Database.Configuration()
            configuration.journalMode = .default
            configuration.readOnly = true
            configuration.createIfMissing = false
            let db = try Database(location: .file(database), configuration: configuration)
            defer { try? db.close() }
            guard let state = try SyncState.read(db) else {
                print("not synced (no plume_sync_state table)")
                return
            }
            print("client: \(state.clientID)")
            print("server sequence: \(state.serverSequence.map(String.init) ?? "none (not bootstrapped yet)")")
            print("pending changes: \(state.pendingChanges)")
            for table in state.tables {
                print("table \(table.name): \(table.bootstrapped ? "synced" : "bootstrap pending")")
            }
        } catch {
            StandardError.print("plume sync status: \(error)")
            throw ExitCode(74)
        }
    }
}
