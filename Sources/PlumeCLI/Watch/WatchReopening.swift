import FetchedResults
import Foundation
import Persistence

/// `plume watch` follows its path, as `tail -F` does: when another file
/// takes the database's place (moved over it, deleted and created again, a
/// symbolic link pointed elsewhere), it opens the path again and shows the
/// new file's rows as one change. A file deleted for good ends the watch
/// with an error naming it (the controller reports it within the check
/// interval, ``Database/Configuration/fileReplacementCheckInterval``).
///
/// The library's controller stops with
/// ``FetchedResultsError/Code-swift.struct/databaseFileReplaced`` instead,
/// so that an app decides when to open the file again.
enum WatchReopening {
    /// Opens the database and fetches the request once.
    typealias Open = @Sendable () throws -> FetchedResultsController<Row>

    /// How long a new file may stay unreadable (being written, say) before
    /// the watch gives up on it.
    static let patience: Duration = .seconds(2)

    /// Whether a controller's error says another file is at its path now.
    static func isReplacement(_ error: any Error) -> Bool {
        (error as? FetchedResultsError)?.fileReplacement?.code == .replaced
    }

    /// Closes the replaced file's database and opens the path again,
    /// retrying while the new file cannot be read yet.
    ///
    /// - Throws: ``WatchError`` naming the path and the last error once
    ///   ``patience`` has passed.
    static func reopen(replacing old: FetchedResultsController<Row>, path: String,
                       open: Open) async throws -> FetchedResultsController<Row> {
        old.stopObserving()
        try? old.database.close()
        let deadline = ContinuousClock.now + patience
        while true {
            do {
                return try open()
            } catch {
                guard ContinuousClock.now < deadline else {
                    throw WatchError("the database file \(path) was replaced, and the new file cannot be watched: \(error)")
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }
}
