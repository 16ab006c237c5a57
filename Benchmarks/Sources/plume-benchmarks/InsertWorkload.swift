import Foundation

/// Inserts the photos in one transaction with one prepared statement, into
/// an empty WAL file (`insert`), or as records (`insert.table`: Plume's
/// `@Table` structs, GRDB's Encodable records; the raw loop is the same).
struct InsertWorkload: Workload {
    var name = "insert"
    var rows: Int
    /// Prepares Plume's inserts of the photos (untimed), returning the
    /// timed part.
    var plume: ([PhotoValue]) -> (PlumePhotos.Connection) throws -> Void = { photos in { try PlumePhotos.insert(photos, into: $0) } }
    /// Prepares GRDB's inserts of the photos (untimed).
    var grdb: ([PhotoValue]) -> (GRDBPhotos.Connection) throws -> Void = { photos in { try GRDBPhotos.insert(photos, into: $0) } }

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let photos = PhotoFixture.photos(count: rows)
        var counter = 0
        // A fresh file per trial, its table created before the clock starts.
        func emptyFile() throws -> String {
            counter += 1
            let path = directory.appendingPathComponent("insert-\(counter).sqlite").path
            try RawSQLite.makeFilledDatabase(at: path, photos: [])
            return path
        }
        func remove(_ path: String) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        return [
            Contestant(contender: .raw) {
                let path = try emptyFile()
                let db = try RawSQLite.open(path)
                return Trial(run: {
                    try RawSQLite.insert(photos, into: db)
                    return photos.count
                }, tearDown: { RawSQLite.close(db); remove(path) })
            },
            Contestant(contender: .plume) {
                let path = try emptyFile()
                let db = try PlumePhotos.open(path)
                let insert = plume(photos)
                return Trial(run: {
                    try insert(db)
                    return photos.count
                }, tearDown: { try db.close(); remove(path) })
            },
            Contestant(contender: .grdb) {
                let path = try emptyFile()
                let dbQueue = try GRDBPhotos.open(path)
                let insert = grdb(photos)
                return Trial(run: {
                    try insert(dbQueue)
                    return photos.count
                }, tearDown: { try dbQueue.close(); remove(path) })
            },
        ]
    }
}
