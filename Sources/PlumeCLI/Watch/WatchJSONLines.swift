import FetchedResults
import Foundation
import Persistence
import PlumeTerminal

/// `plume watch --format jsonl`: the initial results, then one change
/// event per change set, a line each, until SIGINT or SIGTERM. When another
/// file takes the database's place, the watch opens it and prints the
/// difference as one change event (``WatchReopening``).
struct WatchJSONLines: Sendable {
    let controller: FetchedResultsController<Row>
    /// The database's path, and how to open it again.
    let path: String
    let open: WatchReopening.Open

    /// Starts printing; returns at once (the caller runs the main queue).
    @MainActor
    func start() {
        let controller = self.controller
        let (path, open) = (self.path, self.open)
        let task = Task.detached {
            do {
                var controller = controller
                var shown: FetchedResultsSnapshot<Row>?
                while true {
                    do {
                        for try await update in controller.updates {
                            guard try Self.print(update, after: shown) else { exit(0) }  // the reader left
                            shown = update.snapshot
                        }
                        return
                    } catch where WatchReopening.isReplacement(error) {
                        controller = try await WatchReopening.reopen(replacing: controller, path: path, open: open)
                    }
                }
            } catch {
                StandardStreams.printError("error: \(error)")
                exit(1)
            }
        }
        WatchLifetime.keep(SignalTrap { _ in
            task.cancel()
            controller.stopObserving()
            exit(0)
        })
    }

    /// Prints one update: the initial event, a change event, or, for the
    /// first state of a file opened again, the change from what was shown
    /// (nothing when it is the same). Returns false when the reader left.
    private static func print(_ update: FetchedResultsUpdate<Row>, after shown: FetchedResultsSnapshot<Row>?) throws -> Bool {
        guard update.isInitial else { return StandardStreams.printLineIfOpen(JSONLine.change(update.changes)) }
        guard let shown else {
            // The initial event, as long as the results, is written as it
            // is encoded.
            return JSONLineEncoder.writeInitial(try update.snapshot.listSections(), write: StandardStreams.writeIfOpen)
        }
        let changes = try ChangeSet.difference(from: shown, to: update.snapshot)
        return changes.isEmpty || StandardStreams.printLineIfOpen(JSONLine.change(changes))
    }
}
