import Foundation
import Persistence

/// A photo as the demo's list shows it.
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

    /// Applies the bundled migrations.
    ///
    /// - Throws: ``MigrationError`` or ``DatabaseError``.
    static func migrate(_ database: DatabaseQueue) throws -> Int {
        let migrator = try Migrator(bundle: .module, subdirectory: "DemoMigrations")
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
                try db.execute(sql: "INSERT INTO user (name) VALUES (?)", arguments: [name])
            }
            for (index, name) in albums.enumerated() {
                try db.execute(sql: "INSERT INTO album (name, user_id) VALUES (?, ?)", arguments: [name, Int64(index % 3 + 1)])
            }
            let start = 1_600_000_000.0
            for index in 0..<photos {
                let album = Int64(random.next(below: albums.count) + 1)
                let subject = subjects[random.next(below: subjects.count)]
                try db.execute(
                    sql: "INSERT INTO photo (name, created, rating, album_id, user_id, caption) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: ["\(subject) \(index + 1)", start + Double(index) * 3_600 + Double(random.next(below: 3_600)),
                                Int64(random.next(below: 6)), album, Int64(random.next(below: 3) + 1),
                                "\(subject) in \(albums[Int(album) - 1])"])
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
