import Foundation

/// Inserts the photos in one transaction with one prepared statement, into
/// an empty WAL file.
struct InsertWorkload: Workload {
    var name: String { "insert" }
    var rows: Int

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
                return Trial(run: {
                    try PlumePhotos.insert(photos, into: db)
                    return photos.count
                }, tearDown: { try db.close(); remove(path) })
            },
            Contestant(contender: .grdb) {
                let path = try emptyFile()
                let dbQueue = try GRDBPhotos.open(path)
                return Trial(run: {
                    try GRDBPhotos.insert(photos, into: dbQueue)
                    return photos.count
                }, tearDown: { try dbQueue.close(); remove(path) })
            },
        ]
    }
}
