import Foundation
import Persistence

/// Plume's side of the photo workloads.
enum PlumePhotos {
    typealias Connection = Database

    /// Read by hand with `init(row:)`, by column index.
    struct RowPhoto: FetchableRecord {
        var value: PhotoValue
        init(row: RowView) throws {
            value = PhotoValue(
                id: try row.decode(at: 0),
                name: try row.decode(at: 1),
                created: try row.decode(at: 2),
                rating: try row.decode(at: 3),
                album: try row.decode(at: 4))
        }
    }

    /// Read by Plume's Decodable row decoder.
    struct DecodablePhoto: Decodable, FetchableRecord {
        var id: Int64
        var name: String
        var created: Date
        var rating: Int
        var album: String?
        var checksum: Int { PhotoFixture.checksum(id: id, name: name, created: created, rating: rating, album: album) }
    }

    /// A `@Table` record: read by position, written without Encodable.
    @Table("photo")
    struct TablePhoto {
        static var databaseDateEncodingStrategy: DatabaseDateEncodingStrategy { .timeIntervalSince1970 }   // REAL, as raw and GRDB bind it
        @Column(primaryKey: true) var id: Int64
        var name: String
        var created: Date
        var rating: Int
        var album: String?
        var checksum: Int { PhotoFixture.checksum(id: id, name: name, created: created, rating: rating, album: album) }
    }

    static func open(_ path: String) throws -> Database {
        try Database(path: path)
    }

    static func insert(_ photos: [PhotoValue], into db: Database) throws {
        try db.inTransaction {
            let statement = try db.makeStatement(sql: PhotoFixture.insert)
            for photo in photos {
                try statement.bind(photo.id, at: 1)
                try statement.bind(photo.name, at: 2)
                try statement.bind(photo.created.timeIntervalSince1970, at: 3)   // REAL, as raw and GRDB bind it
                try statement.bind(photo.rating, at: 4)
                try statement.bind(photo.album, at: 5)
                try statement.run()
            }
        }
    }

    /// Makes the `@Table` records (untimed), and returns their insert.
    static func insertRecords(_ photos: [PhotoValue]) -> (Database) throws -> Void {
        let records = photos.map { TablePhoto(id: $0.id, name: $0.name, created: $0.created, rating: $0.rating, album: $0.album) }
        return { db in
            try db.inTransaction {
                for record in records { try record.insert(db) }
            }
        }
    }

    static func fetchTable(_ db: Database) throws -> Int {
        try TablePhoto.all().fetchAll(db).reduce(0) { $0 &+ $1.checksum }
    }

    static func fetchRows(_ db: Database) throws -> Int {
        try RowPhoto.fetchAll(db, sql: PhotoFixture.selectAll).reduce(0) { $0 &+ $1.value.checksum }
    }

    static func fetchDecodables(_ db: Database) throws -> Int {
        try DecodablePhoto.fetchAll(db, sql: PhotoFixture.selectAll).reduce(0) { $0 &+ $1.checksum }
    }
}
