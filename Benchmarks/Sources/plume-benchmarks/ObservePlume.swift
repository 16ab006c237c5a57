import FetchedResults
import Foundation
import Persistence

/// A Plume controller over the photo table that waits for each change set.
final class PlumeObserver: @unchecked Sendable {
    // Safe: `count` (rows delivered) is written on the main actor before `delivered` is
    // signalled and read by the waiting thread after.
    typealias Item = PlumePhotos.RowPhoto
    let database: DatabaseQueue
    let controller: FetchedResultsController<Item>
    fileprivate let delivered = DispatchSemaphore(value: 0)
    fileprivate var count = 0

    init(path: String, request: FetchRequest) throws {
        database = try DatabaseQueue(path: path)
        controller = FetchedResultsController(database: database, request: request, queue: DispatchQueue(label: "plume.delivery"))
        try controller.performFetchAndWait()
        if ProcessInfo.processInfo.environment["PLUME_BENCH_MAIN_THREAD"] == nil {
            controller.delegate = self
        } else {
            // Under callgrind the workload runs on the main thread, which
            // then cannot serve the delegate's main actor: the change sets
            // come through the controller's sequence instead.
            let updates = controller.updates
            Task.detached { [self] in
                for try await update in updates where !update.isInitial {
                    count = update.snapshot.count
                    delivered.signal()
                }
            }
        }
    }

    /// Renames one photo (it moves) and waits for the change set.
    func rename(id: Int64, to name: String) throws -> Int {
        try database.writeAndWait { db in
            try db.execute(sql: "UPDATE photo SET name = ? WHERE id = ?", arguments: [name, id])
        }
        delivered.wait()
        return count
    }

    /// Waits for the next change set (of a commit made elsewhere).
    func waitForDelivery() -> Int {
        delivered.wait()
        return count
    }

    func close() throws {
        controller.stopObserving()
        try database.close()
    }
}

extension PlumeObserver: FetchedResultsControllerDelegate {
    func controller(_ controller: FetchedResultsController<Item>, didChangeContentWith update: FetchedResultsUpdate<Item>) {
        count = update.snapshot.count
        delivered.signal()
    }
}
