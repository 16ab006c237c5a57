import Foundation

/// The rows every photo workload handles:
/// `photo(id INTEGER PRIMARY KEY, name TEXT, created REAL, rating INTEGER, album TEXT)`.
struct PhotoValue: Equatable {
    var id: Int64
    var name: String
    var created: Date
    var rating: Int
    var album: String?

    /// A checksum of the fields, equal for equal photos whoever read them.
    var checksum: Int {
        PhotoFixture.checksum(id: id, name: name, created: created, rating: rating, album: album)
    }
}

enum PhotoFixture {
    static let createTable = "CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT NOT NULL, created REAL NOT NULL, rating INTEGER NOT NULL, album TEXT)"
    static let insert = "INSERT INTO photo (id, name, created, rating, album) VALUES (?, ?, ?, ?, ?)"
    static let selectAll = "SELECT id, name, created, rating, album FROM photo"

    /// Deterministic photos: names long enough to need heap strings, one
    /// album in ten NULL.
    static func photos(count: Int) -> [PhotoValue] {
        (0..<count).map { index in
            PhotoValue(
                id: Int64(index + 1),
                name: "IMG_\(100_000 + index) holiday.heic",
                created: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 61.5),
                rating: index % 6,
                album: index % 10 == 0 ? nil : "Album \(index % 50)")
        }
    }

    /// The checksum of one photo's fields. Every contestant's record type
    /// computes it from its own stored properties, as the raw baseline
    /// does from `PhotoValue`'s: building a `PhotoValue` first would copy
    /// (retain) its strings, work the baseline does not do.
    @inline(__always)
    static func checksum(id: Int64, name: String, created: Date, rating: Int, album: String?) -> Int {
        Int(id) &+ name.utf8.count &* 3 &+ Int(created.timeIntervalSince1970) &+ rating &* 7 &+ (album?.utf8.count ?? 0)
    }

    static func checksum(_ photos: [PhotoValue]) -> Int {
        photos.reduce(0) { $0 &+ $1.checksum }
    }
}
