import Foundation
import Persistence

/// A person of the demo library (the `user` table).
@Table("user")
struct DemoUser {
    @Column(primaryKey: true) var id: Int64?
    var name: String
}

/// An album: one section of the demo's list.
@Table("album")
struct DemoAlbum {
    @Column(primaryKey: true) var id: Int64?
    var name: String
    @Column("user_id") var userID: Int64?
}

/// A row of the `photo` table, as the demo generates it.
@Table("photo")
struct DemoPhotoRecord {
    @Column(primaryKey: true) var id: Int64?
    var name: String
    /// Seconds since 1970, as the table stores them.
    var created: Double
    var rating: Int
    @Column("album_id") var albumID: Int64
    @Column("user_id") var userID: Int64?
    var caption: String?
}

/// A photo as the demo's list shows it: a row of the list's join (the
/// photo and its album's name), read by column name.
struct DemoPhoto: FetchableRecord, Sendable {
    var id: Int64
    var name: String
    var rating: Int
    var created: Double
    var album: String

    init(row: RowView) throws {
        id = try row.decode(column: "id")
        name = try row.decode(column: "name")
        rating = try row.decode(column: "rating")
        created = try row.decode(column: "created")
        album = try row.decode(column: "album")
    }

    /// The columns of the demo's terminal table.
    var columns: [String] {
        let date = Date(timeIntervalSince1970: created).formatted(.iso8601.year().month().day())
        return [name, String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating), date]
    }
}

/// The demo database: the schema of `Migrations/` and generated photos.
enum DemoLibrary {
    /// The albums of the sample data: one section each.
    static let albums = ["Cape Town", "Hội An", "Kyoto 京都", "Lisbon", "Marrakesh", "Oaxaca",
                         "Quebec", "Reykjavík", "Seoul 서울", "Tromsø", "Valparaíso", "Zanzibar"]
    static let subjects = ["Harbour", "Market", "Sunset", "Tram", "Street", "Temple", "Bridge",
                           "Garden", "Beach", "Night sky", "Rooftops", "Café", "Fishermen", "Lanterns"]

    /// The list's query: photos by album, best rated first, then by date.
    static let query = """
        SELECT photo.id, photo.name, photo.rating, photo.created, album.name AS album
        FROM photo JOIN album ON album.id = photo.album_id
        ORDER BY album.name, photo.rating DESC, photo.created, photo.id
        """

    /// Applies the demo's migrations (``DemoMigrations``).
    ///
    /// - Throws: ``MigrationError`` or ``DatabaseError``.
    static func migrate(_ database: DatabaseQueue) throws -> Int {
        let migrator = try Migrator(migrations: DemoMigrations.migrations())
        return try migrator.migrate(database).count
    }

    /// Generates users, albums and `photos` photos spread across them, in
    /// one transaction.
    ///
    /// - Throws: ``DatabaseError``.
    static func generate(_ database: DatabaseQueue, photos: Int, seed: UInt64) throws {
        var random = DemoRandom(seed: seed)
        try database.writeAndWait { db in
            for name in ["Ana", "Kenji", "Sigrún"] {
                try DemoUser(id: nil, name: name).insert(db)
            }
            for (index, name) in albums.enumerated() {
                try DemoAlbum(id: nil, name: name, userID: Int64(index % 3 + 1)).insert(db)
            }
            let start = 1_600_000_000.0
            for index in 0..<photos {
                let album = Int64(random.next(below: albums.count) + 1)
                let subject = subjects[random.next(below: subjects.count)]
                // The random numbers are drawn in argument order, as before.
                try DemoPhotoRecord(
                    id: nil, name: "\(subject) \(index + 1)",
                    created: start + Double(index) * 3_600 + Double(random.next(below: 3_600)),
                    rating: random.next(below: 6), albumID: album, userID: Int64(random.next(below: 3) + 1),
                    caption: "\(subject) in \(albums[Int(album) - 1])").insert(db)
            }
        }
    }
}

/// A small seeded generator, so a demo replays the same way.
struct DemoRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
