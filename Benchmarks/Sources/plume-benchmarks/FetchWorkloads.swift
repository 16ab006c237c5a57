import Foundation

/// Fetches every photo of a filled WAL file into structs decoded by hand:
/// Plume `init(row:)`, GRDB `FetchableRecord` by index.
struct FetchRowWorkload: Workload {
    var name: String { "fetch.row" }
    var rows: Int

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let path = try FetchFixture.filledFile(in: directory, rows: rows)
        return FetchFixture.contestants(path: path, plume: PlumePhotos.fetchRows, grdb: GRDBPhotos.fetchRows)
    }
}

/// Fetches every photo of a filled WAL file into `Decodable` structs.
struct FetchDecodableWorkload: Workload {
    var name: String { "fetch.decodable" }
    var rows: Int

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let path = try FetchFixture.filledFile(in: directory, rows: rows)
        return FetchFixture.contestants(path: path, plume: PlumePhotos.fetchDecodables, grdb: GRDBPhotos.fetchDecodables)
    }
}

enum FetchFixture {
    /// The filled file, made once per row count and shared by the fetch
    /// workloads.
    static func filledFile(in directory: URL, rows: Int) throws -> String {
        let path = directory.appendingPathComponent("photos-\(rows).sqlite").path
        if !FileManager.default.fileExists(atPath: path) {
            try RawSQLite.makeFilledDatabase(at: path, photos: PhotoFixture.photos(count: rows))
        }
        return path
    }

    /// The raw C loop, Plume and GRDB fetching from `path`; each opens its
    /// connection before the clock starts.
    static func contestants(
        path: String,
        plume: @escaping (PlumePhotos.Connection) throws -> Int,
        grdb: @escaping (GRDBPhotos.Connection) throws -> Int
    ) -> [Contestant] {
        [
            Contestant(contender: .raw) {
                let db = try RawSQLite.open(path)
                return Trial(run: { PhotoFixture.checksum(try RawSQLite.fetchAll(db)) },
                             tearDown: { RawSQLite.close(db) })
            },
            Contestant(contender: .plume) {
                let db = try PlumePhotos.open(path)
                return Trial(run: { try plume(db) }, tearDown: { try db.close() })
            },
            Contestant(contender: .grdb) {
                let dbQueue = try GRDBPhotos.open(path)
                return Trial(run: { try grdb(dbQueue) }, tearDown: { try dbQueue.close() })
            },
        ]
    }
}
