import Foundation
import GRDB

/// GRDB's side of the photo workloads.
enum GRDBPhotos {
    typealias Connection = DatabaseQueue

    /// Read with GRDB's `FetchableRecord` by column index.
    struct RowPhoto: FetchableRecord {
        var value: PhotoValue
        init(row: GRDB.Row) throws {
            value = PhotoValue(id: row[0], name: row[1], created: row[2], rating: row[3], album: row[4])
        }
    }

    /// `RowPhoto` with its table, for `fetchOne(_:key:)`.
    struct KeyedPhoto: FetchableRecord, TableRecord {
        static let databaseTableName = "photo"
        var value: PhotoValue
        init(row: GRDB.Row) throws {
            value = PhotoValue(id: row[0], name: row[1], created: row[2], rating: row[3], album: row[4])
        }
    }

    /// Read by GRDB's Decodable support.
    struct DecodablePhoto: Decodable, FetchableRecord {
        var id: Int64
        var name: String
        var created: Date
        var rating: Int
        var album: String?
        var checksum: Int { PhotoFixture.checksum(id: id, name: name, created: created, rating: rating, album: album) }
    }

    /// Written by GRDB's Encodable record support (dates as REAL, as
    /// the raw loop binds them).
    struct EncodablePhoto: Encodable, PersistableRecord {
        static let databaseTableName = "photo"
        static let databaseDateEncodingStrategy = DatabaseDateEncodingStrategy.timeIntervalSince1970
        var id: Int64
        var name: String
        var created: Date
        var rating: Int
        var album: String?
    }

    static func open(_ path: String) throws -> DatabaseQueue {
        try DatabaseQueue(path: path)
    }

    static func insert(_ photos: [PhotoValue], into dbQueue: DatabaseQueue) throws {
        try dbQueue.inDatabase { db in
            try db.inTransaction {
                let statement = try db.makeStatement(sql: PhotoFixture.insert)
                for photo in photos {
                    try statement.execute(arguments: [photo.id, photo.name, photo.created.timeIntervalSince1970, photo.rating, photo.album])
                }
                return .commit
            }
        }
    }

    /// Makes the Encodable records (untimed), and returns their insert.
    static func insertRecords(_ photos: [PhotoValue]) -> (DatabaseQueue) throws -> Void {
        let records = photos.map { EncodablePhoto(id: $0.id, name: $0.name, created: $0.created, rating: $0.rating, album: $0.album) }
        return { dbQueue in
            try dbQueue.inDatabase { db in
                try db.inTransaction {
                    for record in records { try record.insert(db) }
                    return .commit
                }
            }
        }
    }

    static func fetchRows(_ dbQueue: DatabaseQueue) throws -> Int {
        try dbQueue.inDatabase { db in try RowPhoto.fetchAll(db, sql: PhotoFixture.selectAll).reduce(0) { $0 &+ $1.value.checksum } }
    }

    static func fetchDecodables(_ dbQueue: DatabaseQueue) throws -> Int {
        try dbQueue.inDatabase { db in try DecodablePhoto.fetchAll(db, sql: PhotoFixture.selectAll).reduce(0) { $0 &+ $1.checksum } }
    }
}
