import Foundation

/// Fetches every photo of a filled WAL file into structs:
/// - `fetch.row`: decoded by hand (Plume `init(row:)`, GRDB
///   `FetchableRecord` by index);
/// - `fetch.decodable`: `Decodable` structs on both sides;
/// - `fetch.table`: Plume's `@Table` structs (read by position) against
///   GRDB's `Decodable` structs.
struct FetchWorkload: Workload {
    var name: String
    var rows: Int
    var plume: (PlumePhotos.Connection) throws -> Int
    var grdb: (GRDBPhotos.Connection) throws -> Int

    /// The fetch workloads, by name.
    static func all(rows: Int) -> [FetchWorkload] {
        [
            FetchWorkload(name: "fetch.row", rows: rows, plume: PlumePhotos.fetchRows, grdb: GRDBPhotos.fetchRows),
            FetchWorkload(name: "fetch.decodable", rows: rows, plume: PlumePhotos.fetchDecodables, grdb: GRDBPhotos.fetchDecodables),
            FetchWorkload(name: "fetch.table", rows: rows, plume: PlumePhotos.fetchTable, grdb: GRDBPhotos.fetchDecodables),
        ]
    }

    func makeContestants(in directory: URL) throws -> [Contestant] {
        let path = try FetchFixture.filledFile(in: directory, rows: rows)
        return FetchFixture.contestants(path: path, plume: plume, grdb: grdb)
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
        raw: @escaping (OpaquePointer) throws -> Int = { PhotoFixture.checksum(try RawSQLite.fetchAll($0)) },
        plume: @escaping (PlumePhotos.Connection) throws -> Int,
        grdb: @escaping (GRDBPhotos.Connection) throws -> Int
    ) -> [Contestant] {
        [
            Contestant(contender: .raw) {
                let db = try RawSQLite.open(path)
                return Trial(run: { try raw(db) }, tearDown: { RawSQLite.close(db) })
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
