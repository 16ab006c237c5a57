import FetchedResults
import Foundation
import Persistence
import PlumeTerminal

/// `plume watch --format jsonl`: the initial results, then one change
/// event per change set, a line each, until SIGINT or SIGTERM.
struct WatchJSONLines: Sendable {
    let controller: FetchedResultsController<Row>

    /// Starts printing; returns at once (the caller runs the main queue).
    @MainActor
    func start() {
        let controller = self.controller
        let updates = controller.updates
        let task = Task.detached {
            do {
                for try await update in updates {
                    // The initial event, as long as the results, is
                    // written as it is encoded.
                    let isOpen = update.isInitial
                        ? JSONLineEncoder.writeInitial(try update.snapshot.listSections(), write: StandardStreams.writeIfOpen)
                        : StandardStreams.printLineIfOpen(JSONLine.change(update.changes))
                    guard isOpen else { exit(0) }  // the reader left
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
}
