import Foundation
import GRDB

/// GRDB's `ValueObservation` over the photo table, delivering the new
/// array plus the `CollectionDifference` a list needs.
final class GRDBObserver: @unchecked Sendable {
    // Safe: `ids` and `count` are only touched on `queue` (the observation
    // delivers there) and read by the waiting thread after `delivered`.
    let dbQueue: DatabaseQueue
    private let queue = DispatchQueue(label: "grdb.delivery")
    private let delivered = DispatchSemaphore(value: 0)
    private var cancellable: AnyDatabaseCancellable?
    private var ids: [Int64] = []
    private var count = 0
    /// The array a list would hold; released when the next one arrives,
    /// inside GRDB's timing rather than during another contestant's.
    private var photos: [GRDBPhotos.RowPhoto] = []

    init(path: String, sql: String) throws {
        dbQueue = try DatabaseQueue(path: path)
        let observation = ValueObservation.tracking { db in try GRDBPhotos.RowPhoto.fetchAll(db, sql: sql) }
        cancellable = observation.start(in: dbQueue, scheduling: .async(onQueue: queue), onError: { error in
            fatalError("GRDB observation failed: \(error)")
        }, onChange: { [unowned self] photos in
            let newIDs = photos.map(\.value.id)
            // The initial value needs no difference (Myers from an empty
            // list costs O(n²)).
            if !ids.isEmpty {
                let difference = newIDs.difference(from: ids).inferringMoves()
                precondition(difference.count <= 2, "one renamed photo is one move")
            }
            ids = newIDs
            count = photos.count
            self.photos = photos
            delivered.signal()
        })
        delivered.wait() // the initial value
    }

    /// Renames one photo and waits for the new array and its difference.
    func rename(id: Int64, to name: String) throws -> Int {
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE photo SET name = ? WHERE id = ?", arguments: [name, id])
        }
        delivered.wait()
        return count
    }

    func close() throws {
        cancellable?.cancel()
        try dbQueue.close()
    }
}
